import { answerOrSaveFailure, EditorSection, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { FloatingButtonEditor } from "~/components/admin/settings-floating-button";
import { HeroSlidesEditor } from "~/components/admin/settings-hero-slides";
import { OrderHoldEditor } from "~/components/admin/settings-order-hold";
import { PaymentMethodsEditor } from "~/components/admin/settings-payment-methods";
import { TextField } from "~/components/ui/field";
import { unpaidHoldMinutes } from "~/domain/unpaid-hold";
import { documentEditorAction, documentEditorLoader } from "~/server/document-editor.server";
import type { Route } from "./+types/settings";

export const loader = ({ request }: Route.LoaderArgs) => documentEditorLoader("settings", request);

export const action = ({ request }: Route.ActionArgs) => documentEditorAction("settings", request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("settings", loaderData.document, loaderData.version);
  const { draft: settings, update, newDraftId, error } = editor;

  return (
    <form {...editor.formProps} className="max-w-3xl space-y-12">
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

      <EditorSection title="Orders" description="Unpaid orders hold their items back from other shoppers until paid, or until this time passes.">
        <OrderHoldEditor
          minutes={unpaidHoldMinutes(settings)}
          onChange={(minutes) => update((latest) => ({ ...latest, unpaidHoldMinutes: minutes }))}
          error={error("unpaidHoldMinutes")}
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
  );
}
