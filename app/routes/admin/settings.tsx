import { data } from "react-router";
import { answerOrSaveFailure, EditorSection, SaveBar, useDocumentEditor } from "~/components/admin/content-editor";
import { FloatingButtonEditor } from "~/components/admin/settings-floating-button";
import { HeroSlidesEditor } from "~/components/admin/settings-hero-slides";
import { PaymentMethodsEditor } from "~/components/admin/settings-payment-methods";
import { TextField } from "~/components/ui/field";
import { settingsWithLastingIds } from "~/domain/site-content";
import { parseEditorForm } from "~/domain/site-content.schema";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { formFields } from "~/server/form.server";
import { newContentId, readSiteDocument, writeSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { settings: await readSiteDocument("settings") };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = parseEditorForm("settings", formFields(await request.formData()));
  if (!parsed.ok) return data(parsed, { status: 400 });
  return { ok: true as const, saved: await writeSiteDocument("settings", settingsWithLastingIds(parsed.document, newContentId)) };
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrSaveFailure(serverAction);

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const editor = useDocumentEditor("settings", loaderData.settings);
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
