import { data } from "react-router";
import { staffActor } from "~/domain/audit";
import type { EditableDocumentKey } from "~/domain/site-content";
import { requireAdminAction, requireAdminPage } from "./admin-guard.server";
import { formFields } from "./form.server";
import { readSiteDocumentForEdit, saveEditorForm } from "./site-documents.server";

// The settings and content editors (Site Settings, FAQs, Contact Info, Our Story) are one shape of page: these
// are their loader and action.

/** The document and the version its editor's save must name. */
export async function documentEditorLoader<K extends EditableDocumentKey>(key: K, request: Request) {
  await requireAdminPage(request);
  return readSiteDocumentForEdit(key);
}

/**
 * Saves the posted document for the signed-in staff member, refusing a save over someone else's. A page's other
 * forms (Site Settings' 'Test connection') name their `intent`, and `otherForms` answers them instead.
 */
export async function documentEditorAction<K extends EditableDocumentKey, A = never>(
  key: K,
  request: Request,
  otherForms: Readonly<Record<string, () => Promise<A>>> = {},
) {
  const staff = await requireAdminAction(request);
  const fields = formFields(await request.formData());
  if (fields.intent !== undefined && Object.hasOwn(otherForms, fields.intent)) return otherForms[fields.intent]!();
  const { status, answer } = await saveEditorForm(key, fields, staffActor(staff.email));
  return data(answer, { status });
}
