import { data } from "react-router";
import { NewsletterOutcome } from "~/components/shop/newsletter-outcome";
import { NEWSLETTER_LINK_HEADERS, UNKNOWN_LINK_MESSAGE, UNSUBSCRIBED_MESSAGE } from "~/domain/newsletter";
import { unsubscribe } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

async function unsubscribeAnswer(token: string) {
  const outcome = await unsubscribe(token);
  return data({ message: outcome === "unknown" ? UNKNOWN_LINK_MESSAGE : UNSUBSCRIBED_MESSAGE }, { status: outcome === "unknown" ? 404 : 200 });
}

/** The unsubscribe link in every newsletter email (issue 12): opening it unsubscribes, with no further step. */
export async function loader({ params }: Route.LoaderArgs) {
  return unsubscribeAnswer(params.token);
}

/** The same by POST, as a mail program's one-click unsubscribe sends it (RFC 8058, List-Unsubscribe-Post). */
export async function action({ params }: Route.ActionArgs) {
  return unsubscribeAnswer(params.token);
}

export const headers = () => NEWSLETTER_LINK_HEADERS;

// Unsubscribing is done once, on opening: the footer's form posting from this page must not run it again.
export const shouldRevalidate = () => false;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Newsletter | ${matches[1].loaderData.storeName}` }, { name: "robots", content: "noindex" }];
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  return <NewsletterOutcome message={loaderData.message} />;
}
