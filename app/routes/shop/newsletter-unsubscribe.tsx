import { data } from "react-router";
import { NewsletterOutcome } from "~/components/shop/newsletter-outcome";
import { NewsletterQuestion } from "~/components/shop/newsletter-question";
import { NEWSLETTER_LINK_HEADERS, UNKNOWN_LINK_MESSAGE, UNSUBSCRIBED_MESSAGE } from "~/domain/newsletter";
import { isKnownSubscriberLink, unsubscribe } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

/**
 * The unsubscribe link in every newsletter email (issue 12) opens a page with one button; opening it changes
 * nothing, as mail scanners open links too (issue 21). A link nobody has is answered at once.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (await isKnownSubscriberLink(params.token)) return { message: undefined };
  return data({ message: UNKNOWN_LINK_MESSAGE }, { status: 404 });
}

/** The button, or a mail program's one-click unsubscribe, which posts to the link (RFC 8058, List-Unsubscribe-Post). */
export async function action({ params }: Route.ActionArgs) {
  const outcome = await unsubscribe(params.token);
  return data({ message: outcome === "unknown" ? UNKNOWN_LINK_MESSAGE : UNSUBSCRIBED_MESSAGE }, { status: outcome === "unknown" ? 404 : 200 });
}

export const headers = () => NEWSLETTER_LINK_HEADERS;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Newsletter | ${matches[1].loaderData.storeName}` }, { name: "robots", content: "noindex" }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? loaderData.message;
  if (message) return <NewsletterOutcome message={message} />;
  return <NewsletterQuestion question="Stop receiving our newsletter at this email address?" answer="Unsubscribe" />;
}
