import { data } from "react-router";
import { NewsletterOutcome } from "~/components/shop/newsletter-outcome";
import { CONFIRM_AFTER_UNSUBSCRIBING_MESSAGE, CONFIRMED_MESSAGE, NEWSLETTER_LINK_HEADERS, UNKNOWN_LINK_MESSAGE } from "~/domain/newsletter";
import { confirmSubscription } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

const MESSAGES = {
  confirmed: CONFIRMED_MESSAGE,
  unsubscribed: CONFIRM_AFTER_UNSUBSCRIBING_MESSAGE,
  unknown: UNKNOWN_LINK_MESSAGE,
};

/** The link in the confirmation email (issue 12): opening it confirms the address. */
export async function loader({ params }: Route.LoaderArgs) {
  const outcome = await confirmSubscription(params.token);
  return data({ message: MESSAGES[outcome] }, { status: outcome === "unknown" ? 404 : 200 });
}

export const headers = () => NEWSLETTER_LINK_HEADERS;

// Confirming is done once, on opening: the footer's form posting from this page must not run it again.
export const shouldRevalidate = () => false;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Newsletter | ${matches[1].loaderData.storeName}` }, { name: "robots", content: "noindex" }];
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return <NewsletterOutcome message={loaderData.message} />;
}
