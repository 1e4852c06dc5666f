import { data, redirect } from "react-router";
import { type NewsletterAnswer, newsletterAnswerMessage, pageAfterSubscribing } from "~/domain/newsletter";
import { subscribeSchema } from "~/domain/newsletter.schema";
import { formFields } from "~/server/form.server";
import { subscribe } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter";

const STATUS: Record<NewsletterAnswer["kind"], number> = { subscribed: 200, invalid: 400, "too-many": 429 };

/**
 * The footer's newsletter form (issue 12). A fetcher's request is answered in place; a browser posting the form
 * as a page (without JavaScript, it asks for HTML) is sent back to the page it was on (`from`) with the answer in
 * the address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData());
  const parsed = subscribeSchema.safeParse(fields);
  const answer = parsed.success
    ? await subscribe(parsed.data.email, context.clientAddress)
    : ({ kind: "invalid", email: fields.email ?? "" } as const);
  if (request.headers.get("Accept")?.includes("text/html")) return redirect(pageAfterSubscribing(fields.from ?? "", answer), 303);
  const headers = answer.kind === "too-many" ? { "Retry-After": String(answer.retryAfterSeconds) } : undefined;
  // The words go along for any caller but the footer's form, which says them from the kind.
  return data<NewsletterAnswer & { message: string }>({ ...answer, message: newsletterAnswerMessage(answer) }, { status: STATUS[answer.kind], headers });
}
