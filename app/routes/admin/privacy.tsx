import { Link } from "react-router";
import { answerOrSaveFailure, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { PRIVACY_PLACEHOLDER_SOURCES, PRIVACY_PLACEHOLDERS } from "~/domain/privacy";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import type { Route } from "./+types/privacy";

export const loader = ({ request }: Route.LoaderArgs) => documentEditorLoader("privacy", request);

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("privacy", request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

/** Site Content → Privacy Policy (issue 25): the text of the public /privacy page. */
export default function PrivacyPolicyEditor({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("privacy", loaderData.document, loaderData.version);
  const { draft: policy, update, error } = editor;

  return (
    <form {...editor.formProps} className="max-w-3xl space-y-6">
      <p className="text-sm text-earth-700 dark:text-clay-200">
        The shop’s{" "}
        <Link to="/privacy" className="font-semibold underline">
          Privacy Policy page
        </Link>
        , linked from the footer, the newsletter form and checkout.
      </p>
      <TextField
        label="Title"
        value={policy.title}
        onChange={(event) => update((latest) => ({ ...latest, title: event.target.value }))}
        error={error("title")}
      />
      <TextArea
        label="Policy"
        rows={20}
        value={policy.text}
        onChange={(event) => update((latest) => ({ ...latest, text: event.target.value }))}
        error={error("text")}
        hint={
          <>
            Leave a blank line between paragraphs. These placeholders are filled in on the page:{" "}
            {PRIVACY_PLACEHOLDERS.map((name, index) => (
              <span key={name}>
                {index > 0 && "; "}
                <code>{`{{${name}}}`}</code> becomes {PRIVACY_PLACEHOLDER_SOURCES[name]}
              </span>
            ))}
            .
          </>
        }
      />
      <SaveBar label="Save Privacy Policy" {...editor.saveBar} />
    </form>
  );
}
