import { storableText } from "~/domain/posted-text";

/** A form's fields as storable text (see storableText); files and repeated fields beyond the first are ignored. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in fields)) fields[key] = storableText(value);
  }
  return fields;
}
