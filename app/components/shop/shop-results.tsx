import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { ShopPage } from "~/server/catalogue.server";
import { ProductCard } from "./product-card";
import { type FilterDraft, shopHref } from "./shop-filters";

/**
 * A card's width in the grid below: two columns on phones, three from 40rem, beside the 15rem filters from 64rem,
 * in the page's 72rem column (1rem padding each side, 1rem between columns).
 */
const CARD_SIZES = "(min-width: 72rem) 16.8rem, (min-width: 64rem) calc(33.3vw - 7.2rem), (min-width: 40rem) calc(33.3vw - 1.4rem), calc(50vw - 1.5rem)";

/** The product grid, one page of it, with Previous and Next links that keep the filters. */
export function ShopResults({ results, filters }: { results: ShopPage; filters: FilterDraft }) {
  if (results.total === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-clay-300 px-6 py-16 text-center dark:border-earth-700">
        <h3 className="font-display text-2xl font-semibold">No Products Found</h3>
        <p className="mt-2">Try adjusting your filters to find what you&apos;re looking for.</p>
        <Link to="/products" className={buttonClass("secondary", "mt-6")}>
          Clear all filters
        </Link>
      </div>
    );
  }
  const { page, pageCount } = results;
  return (
    <>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3">
        {results.products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} sizes={CARD_SIZES} priority={index === 0} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-12 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={shopHref({ ...filters, page: page - 1 })} rel="prev" className={buttonClass("secondary")}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={shopHref({ ...filters, page: page + 1 })} rel="next" className={buttonClass("secondary")}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
