import type { ComponentProps } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ProductCard } from "./product-card";

/** A card's width in the collection grid: 2, 3 and 5 columns in the page's 72rem column (see the grid below). */
const CARD_SIZES = "(min-width: 72rem) 13.2rem, (min-width: 64rem) calc(20vw - 1.2rem), (min-width: 40rem) calc(33.3vw - 1.4rem), calc(50vw - 1.5rem)";

/** The home page's "Shop the Collection": the newest products (product.md §9) and a link to the shop. */
export function HomeCollection({ products }: { products: ComponentProps<typeof ProductCard>["product"][] }) {
  return (
    <section aria-labelledby="collection-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="collection-heading" className="font-display text-3xl font-semibold sm:text-4xl">
          Shop the Collection
        </h2>
        <Link to="/products" className={buttonClass("secondary")}>
          View All Products
        </Link>
      </div>
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-5">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} sizes={CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
