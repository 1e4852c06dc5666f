import { data } from "react-router";
import { answerOrSaveFailure, EditorSection, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { FloatingButtonEditor } from "~/components/admin/settings-floating-button";
import { HeroSlidesEditor } from "~/components/admin/settings-hero-slides";
import { MpesaExpressSection, SafaricomCallbacksEditor } from "~/components/admin/settings-mpesa";
import { OrderHoldEditor } from "~/components/admin/settings-order-hold";
import { PaymentMethodsEditor } from "~/components/admin/settings-payment-methods";
import { RetentionEditor } from "~/components/admin/settings-retention";
import { SmsLimitsEditor } from "~/components/admin/settings-sms";
import { StaffSessionsEditor } from "~/components/admin/settings-staff-sessions";
import { TextArea, TextField } from "~/components/ui/field";
import { staffIdleMinutes, twoStepRequiredForDevelopers } from "~/domain/staff-session";
import {
  MPESA_CONNECTION_WORKS_MESSAGE,
  MPESA_NOT_CONFIGURED_MESSAGE,
  type MpesaTestAnswer,
  safaricomCallbacksOnly,
} from "~/domain/mpesa-settings";
import { smsCountries, smsPerDay } from "~/domain/sms-limits";
import { unitsPerProductPerOrder } from "~/domain/hold-limits";
import { retentionYears } from "~/domain/anonymise";
import { holdBeforePaymentMinutes, unpaidHoldMinutes } from "~/domain/unpaid-hold";
import { mpesaConnection, mpesaSettings, testMpesaConnection } from "~/server/daraja.server";
import { config } from "~/server/config.server";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import { smsRepliesUrl } from "~/server/sms.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  const { sms, publicUrl } = config();
  return {
    ...(await documentEditorLoader("settings", request)),
    mpesa: mpesaConnection(),
    // Where the SMS gateway should forward replies, so a STOP withdraws consent (issue 25).
    smsRepliesUrl: sms && publicUrl ? smsRepliesUrl(sms, publicUrl) : null,
  };
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
          description="Unpaid orders hold their items back from other shoppers until paid, or until their hold time passes."
        >
          <OrderHoldEditor
            limits={{
              holdBeforePaymentMinutes: holdBeforePaymentMinutes(settings),
              unpaidHoldMinutes: unpaidHoldMinutes(settings),
              unitsPerProductPerOrder: unitsPerProductPerOrder(settings),
            }}
            onChange={(changes) => update((latest) => ({ ...latest, ...changes }))}
            error={error}
          />
        </EditorSection>

        <EditorSection title="Privacy" description="What the shop keeps about its customers, and for how long.">
          <RetentionEditor
            years={retentionYears(settings)}
            onChange={(years) => update((latest) => ({ ...latest, removeDetailsAfterYears: years }))}
            error={error("removeDetailsAfterYears")}
          />
        </EditorSection>

        <EditorSection title="Staff sign-in" description="How long staff stay signed in, and who must use two-step sign-in.">
          <StaffSessionsEditor
            idleMinutes={staffIdleMinutes(settings)}
            twoStepRequired={twoStepRequiredForDevelopers(settings)}
            onChange={(changes) => update((latest) => ({ ...latest, ...changes }))}
            error={error("staffIdleMinutes")}
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

        <EditorSection title="SMS" description="Where the shop’s SMS to shoppers may go, and how many it sends a day.">
          <SmsLimitsEditor
            countries={smsCountries(settings)}
            perDay={smsPerDay(settings)}
            onChange={(changes) => update((latest) => ({ ...latest, ...changes }))}
            error={error}
          />
          {loaderData.smsRepliesUrl && (
            <p className="text-sm">
              Replies: in Africa’s Talking, set the incoming messages callback URL to{" "}
              <code className="break-all">{loaderData.smsRepliesUrl}</code>, so that a customer replying STOP stops marketing SMS at once.
            </p>
          )}
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

        {loaderData.mpesa && (
          <EditorSection title="M-Pesa callbacks" description="Where the shop takes M-Pesa’s payment results and paybill payments from.">
            <SafaricomCallbacksEditor
              checked={safaricomCallbacksOnly(settings)}
              onChange={(checked) => update((latest) => ({ ...latest, mpesaCallbacksFromSafaricomOnly: checked }))}
            />
          </EditorSection>
        )}

        <SaveBar label="Save All Settings" {...editor.saveBar} />
      </form>
      <MpesaExpressSection connection={loaderData.mpesa} />
    </div>
  );
}
