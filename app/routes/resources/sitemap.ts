import { shopCategories, sitemapProducts } from "~/server/catalogue.server";
import { shopOrigin } from "~/server/config.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Home, shop, each category, each visible product, the About page and the Privacy Policy. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = shopOrigin(request);
  const [categories, products] = await Promise.all([shopCategories(), sitemapProducts()]);
  const entries: { path: string; lastmod?: Date }[] = [
    { path: "/" },
    { path: "/products" },
    ...categories.map((c) => ({ path: `/products?categoryId=${encodeURIComponent(c.id)}` })),
    ...products.map((p) => ({ path: `/product/${p.slug}`, lastmod: p.updatedAt })),
    { path: "/about" },
    { path: "/privacy" },
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
