import type { z } from "zod";

/**
 * The first message for each field of a failed parse: what a form shows beside each input, whether the action
 * refused the form or a back-office form checked itself before sending.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
