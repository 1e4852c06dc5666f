import { Link } from "react-router";
import { Price } from "~/components/ui/price";
import { type BagLine, lineOffer } from "~/domain/bag";
import { type DeliveryOption, deliveryFeeText, type OrderCharges } from "~/domain/delivery";
import { type AppliedDiscount, discountLineName } from "~/domain/promotions";
import type { BagLineProduct } from "./bag-products";

/**
 * The order as it will be placed: each line at today's price (its variant's own, when it has one) and the total.
 * A shop that offers no delivery choice charges none, and says delivery is not included (product.md §1); one that
 * does shows the subtotal, the chosen option's fee, and their total, as the order will keep them (issue 23). Each
 * discount the order will get is a line of its own, as a negative amount (issue 24).
 */
export function CheckoutSummary({
  lines,
  productOf,
  charges: shown,
  discounts,
  delivery,
  className = "",
}: {
  lines: readonly BagLine[];
  productOf: (productId: string) => BagLineProduct;
  /** The order's charges at today's prices, as the page works them out; null while a price is still loading. */
  charges: OrderCharges | null;
  discounts: readonly AppliedDiscount[];
  delivery: DeliveryOption | null | "none offered";
  className?: string;
}) {
  const products = lines.map((line) => productOf(line.productId));
  const priced = shown !== null;
  const charges = shown ?? { subtotalCents: 0, discountCents: 0, deliveryFeeCents: 0, totalCents: 0 };
  const amount = (cents: number) => (priced ? <Price cents={cents} /> : <span>…</span>);
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
      {delivery === "none offered" && discounts.length === 0 ? (
        <p className="mt-4 flex justify-between border-t border-clay-300 pt-3 text-lg font-semibold dark:border-earth-700">
          <span>Total</span>
          {amount(charges.totalCents)}
        </p>
      ) : (
        <dl className="mt-4 space-y-2 border-t border-clay-300 pt-3 dark:border-earth-700">
          <div className="flex justify-between gap-4">
            <dt>Subtotal</dt>
            <dd>{amount(charges.subtotalCents)}</dd>
          </div>
          {discounts.map((discount) => (
            <div key={discount.promotionId} className="flex justify-between gap-4">
              <dt>{discountLineName(discount.label)}</dt>
              <dd>{amount(-discount.amountCents)}</dd>
            </div>
          ))}
          {delivery !== "none offered" && (
            <div className="flex justify-between gap-4">
              <dt>Delivery</dt>
              <dd>{delivery ? (priced ? deliveryFeeText(charges.deliveryFeeCents) : "…") : "Not chosen yet"}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 text-lg font-semibold">
            <dt>Total</dt>
            <dd>{amount(charges.totalCents)}</dd>
          </div>
        </dl>
      )}
      {delivery === "none offered" && <p className="mt-2 text-sm">Delivery charges vary by location and are not included in this total.</p>}
    </section>
  );
}
