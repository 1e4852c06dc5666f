import { Link } from "react-router";
import { Price } from "~/components/ui/price";
import { type BagLine, bagSubtotalCents, lineOffer } from "~/domain/bag";
import type { BagLineProduct } from "./bag-products";

/** The order as it will be placed: each line at today's price (its variant's own, when it has one) and the total (delivery is not charged). */
export function CheckoutSummary({
  lines,
  productOf,
  className = "",
}: {
  lines: readonly BagLine[];
  productOf: (productId: string) => BagLineProduct;
  className?: string;
}) {
  const products = lines.map((line) => productOf(line.productId));
  const priced = products.every((product) => product !== "loading");
  const total = bagSubtotalCents(lines, (line) => {
    const product = productOf(line.productId);
    return typeof product === "object" ? lineOffer(product, line).priceCents : undefined;
  });
  return (
    <section aria-labelledby="order-summary" className={`h-fit rounded-2xl bg-clay-100 p-6 dark:bg-earth-900 ${className}`}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="order-summary" className="font-display text-xl font-semibold">
          Order summary
        </h2>
        <Link to="/cart" className="text-sm font-semibold underline underline-offset-4">
          Edit bag
        </Link>
      </div>
      <ul className="mt-4 space-y-3">
        {lines.map((line, index) => {
          const product = products[index];
          return (
            <li key={`${line.productId}|${line.size}|${line.color}`} className="flex justify-between gap-4 text-sm">
              {typeof product === "object" ? (
                <>
                  <span>
                    <span className="font-semibold">{product.name}</span> × {line.quantity}
                    {(line.size || line.color) && <span className="block">{[line.size, line.color].filter(Boolean).join(", ")}</span>}
                  </span>
                  <Price cents={lineOffer(product, line).priceCents * line.quantity} className="shrink-0" />
                </>
              ) : (
                <span>{product === "gone" ? "An item that is no longer available" : "Loading…"}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-4 flex justify-between border-t border-clay-300 pt-3 text-lg font-semibold dark:border-earth-700">
        <span>Total</span>
        {priced ? <Price cents={total} /> : <span>…</span>}
      </p>
      <p className="mt-2 text-sm">Delivery charges vary by location and are not included in this total.</p>
    </section>
  );
}
