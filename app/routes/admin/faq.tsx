import { answerOrSaveFailure, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { ListEditor } from "~/components/admin/list-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { fieldKey, LIST_LIMITS } from "~/domain/site-content";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import type { Route } from "./+types/faq";

export const loader = ({ request }: Route.LoaderArgs) => documentEditorLoader("faqs", request);

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("faqs", request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function FaqEditor({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("faqs", loaderData.document, loaderData.version);
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
