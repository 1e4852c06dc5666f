import { answerOrSaveFailure, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { fieldKey } from "~/domain/site-content";
import {
  type NotificationAudience,
  NOTIFICATION_MESSAGES,
  type NotificationMessage,
  type PlaceholderValues,
  renderText,
  smsParts,
  smsPartsLabel,
} from "~/domain/notifications";
import type { NotificationTemplates } from "~/domain/notifications.schema";
import { renderSms } from "~/domain/sms-text";
import { shopOrigin } from "~/server/config.server";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import { previewValues } from "~/server/order-notifications.server";
import type { Route } from "./+types/notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const editor = await documentEditorLoader("messageTemplates", request);
  return { ...editor, preview: await previewValues(shopOrigin(request)) };
}

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("messageTemplates", request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

const GROUPS: { audience: NotificationAudience; title: string }[] = [
  { audience: "shopper", title: "SMS to shoppers" },
  { audience: "staff", title: "Emails to Store Owners" },
  { audience: "subscriber", title: "Email to newsletter subscribers" },
];

/** Site Content → Notifications (issue 12): each SMS and email's text, on or off, previewed on a real order. */
export default function NotificationsEditor({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("messageTemplates", loaderData.document, loaderData.version);
  const { draft, update, error } = editor;
  const { source, values } = loaderData.preview;
  const change = (key: NotificationMessage["key"], fields: Partial<{ enabled: boolean; subject: string; body: string }>) =>
    update((latest) => ({ ...latest, [key]: { ...latest[key], ...fields } }) as NotificationTemplates);

  return (
    <form {...editor.formProps} className="max-w-3xl space-y-10">
      <p className="text-sm text-earth-700 dark:text-clay-200">
        Placeholders such as {"{{ORDER_ID}}"} are filled in for each message. The previews use {source}.
      </p>
      {GROUPS.map((group) => (
        <section key={group.audience} className="space-y-6">
          <h2 className="font-display text-xl font-semibold">{group.title}</h2>
          {NOTIFICATION_MESSAGES.filter((message) => message.audience === group.audience).map((message) => (
            <MessageFields
              key={message.key}
              message={message}
              template={draft[message.key]}
              values={values}
              onChange={(fields) => change(message.key, fields)}
              error={(field) => error(fieldKey(message.key, field))}
            />
          ))}
        </section>
      ))}
      <SaveBar label="Save Notifications" {...editor.saveBar} />
    </form>
  );
}

function MessageFields({
  message,
  template,
  values,
  onChange,
  error,
}: {
  message: NotificationMessage;
  template: { enabled: boolean; body: string; subject?: string };
  values: PlaceholderValues;
  onChange: (fields: Partial<{ enabled: boolean; subject: string; body: string }>) => void;
  error: (field: "body" | "subject") => string | undefined;
}) {
  // An SMS preview shows what shoppers get: their name as the shop cleans it (decision 048).
  const body = message.channel === "sms" ? renderSms(template.body, values) : renderText(template.body, values);
  const subject = template.subject === undefined ? undefined : renderText(template.subject, values);
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-clay-200 p-4 dark:border-earth-800">
      <legend className="px-1 font-semibold">{message.label}</legend>
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input type="checkbox" checked={template.enabled} onChange={(event) => onChange({ enabled: event.target.checked })} className="size-5" />
        Send this message
      </label>
      {template.subject !== undefined && (
        <TextField label="Subject" value={template.subject} onChange={(event) => onChange({ subject: event.target.value })} error={error("subject")} />
      )}
      <TextArea
        label={message.channel === "sms" ? "Text" : "Body"}
        rows={message.channel === "sms" ? 4 : 8}
        value={template.body}
        onChange={(event) => onChange({ body: event.target.value })}
        error={error("body")}
        hint={`Placeholders: ${message.placeholders.map((name) => `{{${name}}}`).join(", ")}`}
      />
      <div>
        <h3 className="text-sm font-semibold">Preview</h3>
        {message.channel === "sms" && <p className="text-sm text-earth-700 dark:text-clay-200">{smsPartsLabel(smsParts(body))}</p>}
        <p className="mt-1 rounded-lg bg-clay-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap dark:bg-earth-900">
          {subject !== undefined && (
            <>
              <strong>{subject}</strong>
              {"\n\n"}
            </>
          )}
          {body}
        </p>
      </div>
    </fieldset>
  );
}
