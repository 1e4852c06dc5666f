import { data } from "react-router";
import { NewsletterOutcome } from "~/components/shop/newsletter-outcome";
import { NewsletterQuestion } from "~/components/shop/newsletter-question";
import { CONFIRM_AFTER_UNSUBSCRIBING_MESSAGE, CONFIRMED_MESSAGE, NEWSLETTER_LINK_HEADERS, UNKNOWN_LINK_MESSAGE } from "~/domain/newsletter";
import { confirmSubscription, isKnownSubscriberLink } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

const MESSAGES = {
  confirmed: CONFIRMED_MESSAGE,
  unsubscribed: CONFIRM_AFTER_UNSUBSCRIBING_MESSAGE,
  unknown: UNKNOWN_LINK_MESSAGE,
};

/**
 * The link in the confirmation email (issue 12) opens a page asking for one click; opening it confirms nothing,
 * as mail scanners open links too (issue 21). A link nobody has is answered at once.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (await isKnownSubscriberLink(params.token)) return { message: undefined };
  return data({ message: UNKNOWN_LINK_MESSAGE }, { status: 404 });
}

/** The click: confirms the address, and says so. */
export async function action({ params }: Route.ActionArgs) {
  const outcome = await confirmSubscription(params.token);
  return data({ message: MESSAGES[outcome] }, { status: outcome === "unknown" ? 404 : 200 });
}

export const headers = () => NEWSLETTER_LINK_HEADERS;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Newsletter | ${matches[1].loaderData.storeName}` }, { name: "robots", content: "noindex" }];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? loaderData.message;
  if (message) return <NewsletterOutcome message={message} />;
  return <NewsletterQuestion question="Please confirm that you want to receive our newsletter at this email address." answer="Confirm" />;
}
