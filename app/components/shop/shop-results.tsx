import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { ShopPage } from "~/server/catalogue.server";
import { ProductCard } from "./product-card";
import { type FilterDraft, shopHref } from "./shop-filters";

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
            <ProductCard product={product} priority={index === 0} />
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
