import { data } from "react-router";
import { answerOrSaveFailure, EditorSection, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { FloatingButtonEditor } from "~/components/admin/settings-floating-button";
import { HeroSlidesEditor } from "~/components/admin/settings-hero-slides";
import { MpesaExpressSection } from "~/components/admin/settings-mpesa";
import { OrderHoldEditor } from "~/components/admin/settings-order-hold";
import { PaymentMethodsEditor } from "~/components/admin/settings-payment-methods";
import { TextArea, TextField } from "~/components/ui/field";
import { MPESA_CONNECTION_WORKS_MESSAGE, MPESA_NOT_CONFIGURED_MESSAGE, type MpesaTestAnswer } from "~/domain/mpesa-settings";
import { unpaidHoldMinutes } from "~/domain/unpaid-hold";
import { mpesaConnection, mpesaSettings, testMpesaConnection } from "~/server/daraja.server";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  return { ...(await documentEditorLoader("settings", request)), mpesa: mpesaConnection() };
}

/** 'Test connection' (issue 11): a fresh token from M-Pesa, and the paybill addresses registered again. */
async function testConnection() {
  const mpesa = mpesaSettings();
  if (!mpesa) return data<MpesaTestAnswer>({ ok: false, message: MPESA_NOT_CONFIGURED_MESSAGE }, { status: 409 });
  const tested = await testMpesaConnection(mpesa);
  return data<MpesaTestAnswer>({ ok: tested.ok, message: tested.ok ? MPESA_CONNECTION_WORKS_MESSAGE : tested.message });
}

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("settings", request, { "test-mpesa": testConnection });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("settings", loaderData.document, loaderData.version);
  const { draft: settings, update, newDraftId, error } = editor;

  return (
    <div className="max-w-3xl space-y-12">
      <form {...editor.formProps} className="space-y-12">
        <EditorSection title="Store">
          <TextField
            label="Store name"
            required
            value={settings.storeName}
            onChange={(event) => update((latest) => ({ ...latest, storeName: event.target.value }))}
            error={error("storeName")}
            hint="Shown in the shop’s header and footer."
          />
        </EditorSection>

        <EditorSection
          title="Orders"
          description="Unpaid orders hold their items back from other shoppers until paid, or until this time passes."
        >
          <OrderHoldEditor
            minutes={unpaidHoldMinutes(settings)}
            onChange={(minutes) => update((latest) => ({ ...latest, unpaidHoldMinutes: minutes }))}
            error={error("unpaidHoldMinutes")}
          />
        </EditorSection>

        <EditorSection
          title="Notifications"
          description="Emails about new orders and payments go to every Store Owner account, and to these addresses too."
        >
          <TextArea
            label="Also send staff emails to"
            rows={3}
            value={settings.staffEmails ?? ""}
            onChange={(event) => update((latest) => ({ ...latest, staffEmails: event.target.value }))}
            error={error("staffEmails")}
            hint="Addresses separated by commas or on lines of their own."
          />
        </EditorSection>

        <EditorSection
          title="Hero slides"
          description="The home page’s slides, in the order they turn. Every slide needs an image and its alt text."
        >
          <HeroSlidesEditor
            slides={settings.heroSlides}
            onChange={(change) => update((latest) => ({ ...latest, heroSlides: change(latest.heroSlides) }))}
            newDraftId={newDraftId}
            error={error}
          />
        </EditorSection>

        <EditorSection title="Payment methods" description="The enabled methods are offered at checkout, in this order.">
          <PaymentMethodsEditor
            methods={settings.paymentMethods}
            onChange={(change) => update((latest) => ({ ...latest, paymentMethods: change(latest.paymentMethods) }))}
            newDraftId={newDraftId}
            error={error}
          />
        </EditorSection>

        <EditorSection
          title="Floating button"
          description="A button in the corner of every shop page that opens a chat link and a call link, to the first phone number in Contact Info."
        >
          <FloatingButtonEditor
            fab={settings.fab}
            onChange={(changes) => update((latest) => ({ ...latest, fab: { ...latest.fab, ...changes } }))}
            error={error}
          />
        </EditorSection>

        <SaveBar label="Save All Settings" {...editor.saveBar} />
      </form>
      <MpesaExpressSection connection={loaderData.mpesa} />
    </div>
  );
}
