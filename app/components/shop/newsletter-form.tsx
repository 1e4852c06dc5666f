import { Link, useFetcher, useLocation } from "react-router";
import { LiveStatus } from "~/components/ui/status";
import { answerFromAddress, type NewsletterAnswer, NEWSLETTER_SECTION_ID, newsletterAnswerMessage } from "~/domain/newsletter";

/**
 * The newsletter sign-up (issue 12). With JavaScript a fetcher sends it and the answer shows in place; without,
 * the browser posts it as a page and comes back to `from` with the answer in the address.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterAnswer>();
  const location = useLocation();
  const answer = fetcher.data ?? answerFromAddress(new URLSearchParams(location.search));
  const message = answer && newsletterAnswerMessage(answer);
  const error = answer && answer.kind !== "subscribed" ? message : undefined;

  return (
    <fetcher.Form id={NEWSLETTER_SECTION_ID} method="post" action="/newsletter" noValidate className="mt-3">
      <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={answer?.kind === "invalid" ? answer.email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          className="min-w-0 flex-1 rounded-full border border-clay-300 bg-white px-4 py-2 text-sm text-earth-900 dark:border-earth-700 dark:bg-earth-950 dark:text-clay-100"
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-full bg-clay-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 dark:bg-ochre-400 dark:text-earth-950"
        >
          Subscribe
        </button>
      </div>
      {/* The notice at the point of collecting an email (Data Protection Act 2019, issue 25). */}
      <p className="mt-2 text-xs">
        We use your email only to send the newsletter.{" "}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
      </p>
      <p id="newsletter-error" role="alert" className="mt-2 text-sm font-medium text-red-800 empty:hidden dark:text-red-300">
        {error}
      </p>
      <LiveStatus className="mt-2 text-sm font-semibold text-green-800 dark:text-green-300">{answer?.kind === "subscribed" ? message : ""}</LiveStatus>
    </fetcher.Form>
  );
}
