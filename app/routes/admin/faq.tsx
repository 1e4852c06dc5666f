import { data } from "react-router";
import { answerOrSaveFailure, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { ListEditor } from "~/components/admin/list-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { faqsWithLastingIds, fieldKey, LIST_LIMITS } from "~/domain/site-content";
import { parseEditorForm } from "~/domain/site-content.schema";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { formFields } from "~/server/form.server";
import { newContentId, readSiteDocument, writeSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/faq";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { faqs: await readSiteDocument("faqs") };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = parseEditorForm("faqs", formFields(await request.formData()));
  if (!parsed.ok) return data(parsed, { status: 400 });
  return { ok: true as const, saved: await writeSiteDocument("faqs", faqsWithLastingIds(parsed.document, newContentId)) };
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function FaqEditor({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("faqs", loaderData.faqs);
  const { draft, update, newDraftId, error } = editor;

  return (
    <form {...editor.formProps} className="max-w-3xl space-y-6">
      <p className="text-sm text-earth-700 dark:text-clay-200">
        The questions shown in the home page’s FAQ section, in this order. Each needs a question and an answer.
      </p>
      <ListEditor
        label="Frequently asked questions"
        noun="question"
        items={draft.items}
        onChange={(change) => update((latest) => ({ items: change(latest.items) }))}
        newItem={() => ({ id: newDraftId(), q: "", a: "" })}
        max={LIST_LIMITS.faqs}
        error={error("items")}
        empty="No questions yet: the home page leaves out its FAQ section."
      >
        {(item, change) => (
          <>
            <TextField
              label="Question"
              required
              value={item.q}
              onChange={(event) => change({ q: event.target.value })}
              error={error(fieldKey("items", item.id, "q"))}
            />
            <TextArea
              label="Answer"
              required
              rows={3}
              value={item.a}
              onChange={(event) => change({ a: event.target.value })}
              error={error(fieldKey("items", item.id, "a"))}
            />
          </>
        )}
      </ListEditor>
      <SaveBar label="Save FAQs" {...editor.saveBar} />
    </form>
  );
}
