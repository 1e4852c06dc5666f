import { useState } from "react";
import { useFetcher } from "react-router";

function isRefusal<Answer extends { ok: boolean }>(answer: Answer | undefined): answer is Extract<Answer, { ok: false }> {
  return answer?.ok === false;
}

/**
 * A list page's dialogs (add, edit, delete): what the open one is for, and its form's fetcher. Each opening gets
 * a fresh fetcher, so a dialog never shows another form's earlier answer. A dialog closes once its request
 * succeeded; a refusal keeps it open with the message and what was typed.
 */
export function useDialogForm<Opened, Answer extends { ok: boolean }>(name: string) {
  const [chosen, setChosen] = useState<Opened | null>(null);
  const [openings, setOpenings] = useState(0);
  const fetcher = useFetcher<Answer>({ key: `${name}-${openings}` });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return {
    opened: answer?.ok ? null : chosen,
    refusal: isRefusal(answer) ? answer : undefined,
    busy: fetcher.state !== "idle",
    Form: fetcher.Form,
    open: (next: Opened) => {
      setOpenings((n) => n + 1);
      setChosen(next);
    },
    close: () => setChosen(null),
  };
}
