import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** What a newsletter link did ('Your subscription is confirmed.'), on a small page of the shop. */
export function NewsletterOutcome({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold">Newsletter</h1>
      <p className="mt-4">{message}</p>
      <Link to="/products" className={buttonClass("primary", "mt-8")}>
        Browse the shop
      </Link>
    </div>
  );
}
