import { redirect } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { seoMeta } from "~/components/seo";
import { ShopFilterDrawer } from "~/components/shop/shop-filter-drawer";
import { type FilterChoices, priceCeilingKsh, ShopFilterSidebar, shopHref } from "~/components/shop/shop-filters";
import { ShopResults } from "~/components/shop/shop-results";
import { LiveStatus } from "~/components/ui/status";
import { parseShopFilters } from "~/domain/catalogue.schema";
import { shopFacets, shopProducts } from "~/server/catalogue.server";
import type { Route } from "./+types/products";
import { useShopLayout } from "./layout";

const SIDEBAR_ID = "shop-filters";

export async function loader({ request }: Route.LoaderArgs) {
  const { page, ...filters } = parseShopFilters(new URL(request.url).searchParams);
  const [results, facets] = await Promise.all([shopProducts({ ...filters, page }), shopFacets()]);
  // A page past the end (products were hidden since the link was made) shows the last page instead.
  if (page > results.pageCount) throw redirect(shopHref({ ...filters, page: results.pageCount }));
  return { filters, results, facets };
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const shop = matches.find((match): match is (typeof matches)[1] => match?.id === "routes/shop/layout")?.loaderData;
  if (!shop || !loaderData) return [];
  const { filters, results } = loaderData;
  const category = shop.categories.find((c) => c.id === filters.categoryId);
  const title = [
    filters.q && `Search results for “${filters.q}”`,
    category?.name,
    "Shop",
    results.page > 1 && `Page ${results.page}`,
    shop.storeName,
  ]
    .filter(Boolean)
    .join(" | ");
  const canonical = shopHref({ categoryId: category?.id, page: results.page });
  return seoMeta({
    title,
    description: category
      ? `${category.name}: handcrafted African ${category.name.toLowerCase()} made by artisans in Kenya, priced in KSH, delivered from ${shop.storeName}.`
      : `Shop handcrafted African fashion, accessories, menswear and home decor made by artisans in Kenya, priced in KSH, at ${shop.storeName}.`,
    origin: shop.origin,
    path: canonical,
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  useLiveTopics(["products", "categories"]);
  const { filters, results, facets } = loaderData;
  const { categories } = useShopLayout();
  const choices: FilterChoices = { ...facets, categories, priceCeilingKsh: priceCeilingKsh(facets.dearestPriceCents) };
  const category = categories.find((c) => c.id === filters.categoryId);
  const first = (results.page - 1) * results.pageSize + 1;
  const found = results.total === 1 ? "1 product" : `${results.total} products`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold sm:text-4xl">{category?.name ?? "Shop"}</h1>
          <LiveStatus className="mt-2 text-sm text-earth-700 dark:text-clay-200">
            {results.pageCount > 1 ? `Showing ${first}–${first + results.products.length - 1} of ${found}` : found}
            {filters.q && ` for “${filters.q}”`}
          </LiveStatus>
        </div>
        <ShopFilterDrawer filters={filters} total={results.total} choices={choices} sidebarId={SIDEBAR_ID} />
      </div>
      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:items-start lg:gap-10">
        <aside id={SIDEBAR_ID} aria-label="Filters" className="mb-10 max-lg:hidden max-lg:target:block lg:sticky lg:top-24">
          <ShopFilterSidebar filters={filters} choices={choices} />
        </aside>
        <section aria-labelledby="shop-results">
          <h2 id="shop-results" className="sr-only">
            Products
          </h2>
          <ShopResults results={results} filters={filters} />
        </section>
      </div>
    </div>
  );
}
