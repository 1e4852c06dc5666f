import { Price } from "~/components/ui/price";
import { deliveryFeeText, placedOrderCharges } from "~/domain/delivery";
import { discountLineName } from "~/domain/promotions";

/**
 * The rows of a placed order's total, for a `<dl>`: the total alone when the shop offered no delivery choice and the
 * order has no discount (product.md §1); otherwise the subtotal, each discount (issue 24) and the delivery it was
 * placed with (issue 23) above it.
 */
export function OrderChargeRows({
  order,
  rowClassName,
  totalClassName,
}: {
  order: { totalCents: number; delivery: string; deliveryFeeCents: number; discountCents: number; discounts: readonly { label: string; amountCents: number }[] };
  rowClassName: string;
  totalClassName: string;
}) {
  const charges = placedOrderCharges(order);
  return (
    <>
      {(order.delivery !== "" || order.discounts.length > 0) && (
        <div className={rowClassName}>
          <dt>Subtotal</dt>
          <dd>
            <Price cents={charges.subtotalCents} />
          </dd>
        </div>
      )}
      {order.discounts.map((discount) => (
        <div key={discount.label} className={rowClassName}>
          <dt>{discountLineName(discount.label)}</dt>
          <dd>
            <Price cents={-discount.amountCents} />
          </dd>
        </div>
      ))}
      {order.delivery !== "" && (
        <div className={rowClassName}>
          <dt>Delivery ({order.delivery})</dt>
          <dd>{deliveryFeeText(charges.deliveryFeeCents)}</dd>
        </div>
      )}
      <div className={`${rowClassName} ${totalClassName}`}>
        <dt>Total</dt>
        <dd>
          <Price cents={charges.totalCents} />
        </dd>
      </div>
    </>
  );
}
