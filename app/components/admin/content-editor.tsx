import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { useTimedFlag } from "~/components/ui/use-timed-flag";
import {
  CHECK_FIELDS_MESSAGE,
  draftId,
  type EditableDocumentKey,
  SAVE_FAILED_MESSAGES,
  SAVED_MESSAGE_MS,
  SAVED_MESSAGES,
} from "~/domain/site-content";

/**
 * What an editor's action answers: the document as saved and its new version, or what is wrong (`failed`: the
 * save itself failed).
 */
export type EditorAnswer<T> = { ok: true; saved: T; version: number } | { ok: false; errors: Record<string, string>; failed?: true };

/**
 * An editor route's clientAction: a save that fails on the way (the connection drops, the server errs) becomes
 * an answer the form shows with the spec's message, instead of replacing the page and what was typed on it (decision 019).
 */
export async function answerOrSaveFailure<T>(
  serverAction: () => Promise<T>,
): Promise<T | { ok: false; errors: Record<string, string>; failed: true }> {
  try {
    return await serverAction();
  } catch (error) {
    // Signed out meanwhile: the redirect to sign-in is followed as usual.
    if (error instanceof Response) throw error;
    console.error(error);
    return { ok: false, errors: {}, failed: true };
  }
}

/**
 * The state of one settings or content editor (product.md §2): the document being edited, kept in the browser and
 * posted whole as JSON with the version it was based on (decision 031); what the server said about it; and
 * the success message, shown for 3 s.
 */
export function useDocumentEditor<T>(key: EditableDocumentKey, stored: T, storedVersion: number) {
  const fetcher = useFetcher<EditorAnswer<T>>();
  const [draft, setDraft] = useState(stored);
  const [baseVersion, setBaseVersion] = useState(storedVersion);
  const [dirty, setDirty] = useState(false);
  const [sent, setSent] = useState<T | null>(null);

  // Someone saved this document elsewhere (live sync): show their version, unless this one has unsaved changes,
  // which stay based on the version they were typed over, so their save is refused rather than undo the other.
  const [storedShown, setStoredShown] = useState(stored);
  if (stored !== storedShown) {
    setStoredShown(stored);
    if (!dirty) {
      setDraft(stored);
      setBaseVersion(storedVersion);
    }
  }

  // A successful save gives added items their lasting ids: the draft becomes the saved document, unless it
  // was changed while the save was on its way.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer?.ok) setBaseVersion(answer.version);
    if (answer?.ok && draft === sent) {
      setDraft(answer.saved);
      setDirty(false);
    }
  }

  const [saved, showSaved] = useTimedFlag(SAVED_MESSAGE_MS);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answered?.ok) showSaved();
    // Refused: take the person to the first field that says what is wrong.
    else if (answered) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answered, showSaved]);

  const drafts = useRef(0);
  const refused = answered && !answered.ok ? answered : undefined;
  return {
    draft,
    /** Changes the draft from its latest state, so an upload finishing late keeps what was typed meanwhile. */
    update(change: (draft: T) => T) {
      setDraft(change);
      setDirty(true);
    },
    /** A draft id for an item added now; the server replaces it when the document is saved. */
    newDraftId: () => draftId(++drafts.current),
    /** The message for a field (see fieldKey), if the last save was refused because of it. */
    error: (field: string): string | undefined => refused?.errors[field],
    formProps: {
      ref: form,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        event.preventDefault();
        setSent(draft);
        void fetcher.submit({ document: JSON.stringify(draft), version: String(baseVersion) }, { method: "post" });
      },
    },
    saveBar: {
      busy: fetcher.state !== "idle",
      savedMessage: saved ? SAVED_MESSAGES[key] : "",
      error: refused && (refused.failed ? SAVE_FAILED_MESSAGES[key] : (refused.errors.form ?? CHECK_FIELDS_MESSAGE)),
    },
  };
}

/** The editor's save button, its success message (polite) and its error (announced at once). */
export function SaveBar({
  label,
  busy,
  savedMessage,
  error,
}: {
  label: string;
  busy: boolean;
  savedMessage: string;
  error: string | undefined;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 space-y-3 border-t border-clay-200 bg-clay-50/95 px-4 py-4 backdrop-blur dark:border-earth-800 dark:bg-earth-950/95">
      <ErrorMessage>{error}</ErrorMessage>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : label}
        </Button>
        <LiveStatus className="text-sm font-semibold text-green-800 dark:text-green-300">{savedMessage}</LiveStatus>
      </div>
    </div>
  );
}

/** A titled part of an editor page. */
export function EditorSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="font-display text-xl font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-earth-700 dark:text-clay-200">{description}</p>}
      </div>
      {children}
    </section>
  );
}
