import { Link } from "react-router";
import { Picture } from "~/components/ui/image";
import type { ProductCard as ProductCardData } from "~/server/catalogue.server";
import { SalePrice } from "./sale-price";

/**
 * A product in a grid: picture, name, price (the compare-at price struck through beside it), the bestseller /
 * new-arrival mark, and "Sale" when the product or one of its variants is on sale. `sizes` is the picture's
 * width in the grid at each screen width, so a phone downloads the smallest picture that is sharp enough.
 */
export function ProductCard({ product, sizes, priority = false }: { product: ProductCardData; sizes: string; priority?: boolean }) {
  const mark = product.isNewArrival ? "New arrival" : product.isBestseller ? "Bestseller" : null;
  return (
    <article className="group relative">
      <div className="relative overflow-hidden rounded-xl bg-clay-100 dark:bg-earth-900">
        <Picture
          url={product.images[0]}
          alt={product.name}
          width={640}
          height={800}
          sizes={sizes}
          priority={priority}
          className="aspect-[4/5] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {mark && (
          <span className="absolute top-2 left-2 rounded-full bg-earth-950/85 px-2.5 py-1 text-xs font-semibold text-clay-50">{mark}</span>
        )}
        {product.onSale && (
          <span className="absolute top-2 right-2 rounded-full bg-clay-700 px-2.5 py-1 text-xs font-semibold text-white">Sale</span>
        )}
      </div>
      <h3 className="mt-3 text-sm font-semibold">
        <Link to={`/product/${product.slug}`} className="after:absolute after:inset-0">
          {product.name}
        </Link>
      </h3>
      <SalePrice priceCents={product.priceCents} compareAtCents={product.compareAtCents} className="mt-1 block text-sm" />
    </article>
  );
}
