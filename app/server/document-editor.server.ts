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

/** Saves the posted document for the signed-in staff member, refusing a save over someone else's. */
export async function documentEditorAction<K extends EditableDocumentKey>(key: K, request: Request) {
  const staff = await requireAdminAction(request);
  const { status, answer } = await saveEditorForm(key, formFields(await request.formData()), staffActor(staff.email));
  return data(answer, { status });
}
