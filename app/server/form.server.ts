import type { z } from "zod";
import { storableText } from "~/domain/posted-text";

/** The first message for each field of a failed parse: what a form shows beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A form's fields as storable text (see storableText); files and repeated fields beyond the first are ignored. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in fields)) fields[key] = storableText(value);
  }
  return fields;
}
