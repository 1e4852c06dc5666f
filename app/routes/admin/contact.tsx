import { answerOrSaveFailure, EditorSection, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { ListEditor } from "~/components/admin/list-editor";
import { SelectField, TextArea, TextField } from "~/components/ui/field";
import { CONTACT_ICON_CHOICES, CONTACT_ICON_LABELS, fieldKey, LIST_LIMITS } from "~/domain/site-content";
import type { ContactInfo } from "~/domain/site-documents.schema";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import type { Route } from "./+types/contact";

type ContactIcon = ContactInfo["contactFields"][number]["icon"];

export const loader = ({ request }: Route.LoaderArgs) => documentEditorLoader("contactInfo", request);

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("contactInfo", request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function ContactInfoEditor({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("contactInfo", loaderData.document, loaderData.version);
  const { draft: info, update, newDraftId, error } = editor;

  return (
    <form {...editor.formProps} className="max-w-3xl space-y-12">
      <EditorSection title="Heading" description="The home page’s contact section (#contact-us).">
        <TextField
          label="Title"
          value={info.title}
          onChange={(event) => update((latest) => ({ ...latest, title: event.target.value }))}
          error={error("title")}
        />
        <TextArea
          label="Subtitle"
          rows={2}
          value={info.subtitle}
          onChange={(event) => update((latest) => ({ ...latest, subtitle: event.target.value }))}
          error={error("subtitle")}
        />
      </EditorSection>

      <EditorSection
        title="Contact fields"
        description="Phone numbers can be called and emails written to from the shop. The first phone number is also the floating button’s."
      >
        <ListEditor
          label="Contact fields"
          noun="contact field"
          items={info.contactFields}
          onChange={(change) => update((latest) => ({ ...latest, contactFields: change(latest.contactFields) }))}
          newItem={() => ({ id: newDraftId(), label: "", value: "", icon: CONTACT_ICON_CHOICES[0] })}
          max={LIST_LIMITS.contactFields}
          error={error("contactFields")}
          empty="No contact fields yet."
        >
          {(field, change) => {
            const fieldError = (name: string) => error(fieldKey("contactFields", field.id, name));
            return (
              <div className="grid gap-4 sm:grid-cols-[1fr_1fr_10rem]">
                <TextField
                  label="Label"
                  value={field.label}
                  onChange={(event) => change({ label: event.target.value })}
                  error={fieldError("label")}
                />
                <TextField
                  label="Value"
                  value={field.value}
                  onChange={(event) => change({ value: event.target.value })}
                  error={fieldError("value")}
                />
                <SelectField
                  label="Icon"
                  value={field.icon}
                  onChange={(event) => change({ icon: event.target.value as ContactIcon })}
                  error={fieldError("icon")}
                >
                  {CONTACT_ICON_CHOICES.map((icon) => (
                    <option key={icon} value={icon}>
                      {CONTACT_ICON_LABELS[icon]}
                    </option>
                  ))}
                </SelectField>
              </div>
            );
          }}
        </ListEditor>
      </EditorSection>

      <EditorSection title="Social links" description="Shown in the contact section and the footer.">
        <ListEditor
          label="Social links"
          noun="social link"
          items={info.socialLinks}
          onChange={(change) => update((latest) => ({ ...latest, socialLinks: change(latest.socialLinks) }))}
          newItem={() => ({ id: newDraftId(), name: "", url: "", iconUrl: "" })}
          max={LIST_LIMITS.socialLinks}
          error={error("socialLinks")}
          empty="No social links yet."
        >
          {(link, change) => {
            const linkError = (name: string) => error(fieldKey("socialLinks", link.id, name));
            return (
              <>
                <TextField
                  label="Name"
                  value={link.name}
                  onChange={(event) => change({ name: event.target.value })}
                  error={linkError("name")}
                  hint="Instagram, Facebook, TikTok and X (or Twitter) get their own icons in the shop; others show a globe."
                />
                <TextField
                  label="URL"
                  type="url"
                  inputMode="url"
                  value={link.url}
                  onChange={(event) => change({ url: event.target.value })}
                  error={linkError("url")}
                />
                <TextField
                  label="Icon URL"
                  type="url"
                  inputMode="url"
                  value={link.iconUrl}
                  onChange={(event) => change({ iconUrl: event.target.value })}
                  error={linkError("iconUrl")}
                  hint="Optional: a web address of a square image."
                />
              </>
            );
          }}
        </ListEditor>
      </EditorSection>

      <SaveBar label="Save Contact Info" {...editor.saveBar} />
    </form>
  );
}
