import { Link } from "react-router";
import { ContentImageField } from "~/components/admin/content-image-field";
import { answerOrSaveFailure, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import type { Route } from "./+types/our-story";

export const loader = ({ request }: Route.LoaderArgs) => documentEditorLoader("ourStory", request);

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("ourStory", request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function OurStoryEditor({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("ourStory", loaderData.document, loaderData.version);
  const { draft: story, update, error } = editor;

  return (
    <form {...editor.formProps} className="max-w-3xl space-y-6">
      <p className="text-sm text-earth-700 dark:text-clay-200">
        The shop’s{" "}
        <Link to="/about" className="font-semibold underline">
          About page
        </Link>
        .
      </p>
      <TextField
        label="Title"
        value={story.title}
        onChange={(event) => update((latest) => ({ ...latest, title: event.target.value }))}
        error={error("title")}
      />
      <TextArea
        label="Story"
        rows={14}
        value={story.text}
        onChange={(event) => update((latest) => ({ ...latest, text: event.target.value }))}
        error={error("text")}
        hint="Leave a blank line between paragraphs."
      />
      <ContentImageField
        label="Image URL"
        uploadLabel="Upload image"
        value={story.imageUrl}
        onChange={(imageUrl) => update((latest) => ({ ...latest, imageUrl }))}
        error={error("imageUrl")}
      />
      <SaveBar label="Save Our Story" {...editor.saveBar} />
    </form>
  );
}
