import { Link } from "react-router";
import { Thumbnail } from "~/components/ui/image";
import { Price } from "~/components/ui/price";
import { type BagLine, type LineOffer, overLineMessage } from "~/domain/bag";
import type { BagLineProduct } from "./bag-products";

// Plain signs rather than icons: a few hundred bytes less for every shopper who opens the bag.
const stepButton =
  "grid size-11 place-items-center text-lg rounded-full border border-clay-300 hover:bg-clay-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-earth-700 dark:hover:bg-earth-800";

/** What a line is called for screen readers: the same product in two sizes is two lines. */
function bagLineName(name: string, line: BagLine): string {
  const options = [line.size, line.color].filter(Boolean).join(", ");
  return options ? `${name} (${options})` : name;
}

/**
 * One line of the bag page: picture, name, options, quantity buttons, Remove and the line's total. `offer` is the
 * line's own price and stock (lineOffer: its variant's when it has stock of its own); `most` is the most the line
 * may hold (mostOfLine): the plus button stops there.
 */
export function BagLineItem({
  line,
  product,
  offer,
  most,
  onQuantity,
  onRemove,
}: {
  line: BagLine;
  product: BagLineProduct;
  offer: LineOffer | undefined;
  most: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  if (product === "loading") {
    return <li className="h-32 animate-pulse rounded-xl bg-clay-100 dark:bg-earth-900" aria-hidden="true" />;
  }
  if (product === "gone" || !offer) {
    return (
      <li className="flex items-center justify-between gap-4 rounded-xl border border-clay-300 p-4 dark:border-earth-700">
        <p>This item is no longer available.</p>
        <button type="button" onClick={onRemove} className="text-sm font-semibold underline underline-offset-4">
          Remove<span className="sr-only"> the unavailable item</span>
        </button>
      </li>
    );
  }
  const name = bagLineName(product.name, line);
  return (
    <li className="flex gap-4 border-b border-clay-200 py-5 dark:border-earth-800">
      <Thumbnail url={product.image} width={96} height={120} className="h-30 w-24 bg-clay-100 dark:bg-earth-900" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex justify-between gap-3">
          <h2 className="font-semibold">
            <Link to={`/product/${product.slug}`} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <Price cents={offer.priceCents * line.quantity} className="shrink-0 font-semibold" />
        </div>
        {line.size && <p className="text-sm">Size: {line.size}</p>}
        {line.color && <p className="text-sm">Colour: {line.color}</p>}
        {line.quantity > offer.available && (
          <p className="text-sm font-medium text-red-700 dark:text-red-300">
            {overLineMessage(offer.available, offer.perOrderLimit, offer.variant)}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <div className="flex items-center gap-2">
            <button type="button" className={stepButton} onClick={() => onQuantity(line.quantity - 1)} aria-label={`Decrease quantity of ${name}`}>
              <span aria-hidden="true">−</span>
            </button>
            <output aria-label={`Quantity of ${name}`} className="min-w-8 text-center font-semibold">
              {line.quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              onClick={() => onQuantity(line.quantity + 1)}
              disabled={line.quantity >= most}
              aria-label={`Increase quantity of ${name}`}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button type="button" onClick={onRemove} className="min-h-11 px-2 text-sm font-semibold underline underline-offset-4">
            Remove<span className="sr-only"> {name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
