import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | Duka" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold">Page not found</h1>
      <p className="mt-4">We could not find that page. It may have moved, or the address may have a typo.</p>
      <Link to="/products" className={buttonClass("primary", "mt-8")}>
        Browse the shop
      </Link>
    </div>
  );
}
