import { shopOrigin } from "~/server/config.server";
import type { Route } from "./+types/robots";

/** Keeps private and per-shopper pages out of search engines; points them at the sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /track",
    "Disallow: /payment-instructions",
    "Disallow: /order-confirmation",
    "Disallow: /orders-by-phone",
    "Disallow: /shop/",
    "Disallow: /events",
    "",
    `Sitemap: ${shopOrigin(request)}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
