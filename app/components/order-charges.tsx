import { Price } from "~/components/ui/price";
import { deliveryFeeText, placedOrderCharges } from "~/domain/delivery";

/**
 * The rows of a placed order's total, for a `<dl>`: the total alone when the shop offered no delivery choice
 * (product.md §1), and with one, the subtotal and the delivery it was placed with above it (issue 23).
 */
export function OrderChargeRows({
  order,
  rowClassName,
  totalClassName,
}: {
  order: { totalCents: number; delivery: string; deliveryFeeCents: number };
  rowClassName: string;
  totalClassName: string;
}) {
  const charges = placedOrderCharges(order);
  return (
    <>
      {order.delivery !== "" && (
        <>
          <div className={rowClassName}>
            <dt>Subtotal</dt>
            <dd>
              <Price cents={charges.subtotalCents} />
            </dd>
          </div>
          <div className={rowClassName}>
            <dt>Delivery ({order.delivery})</dt>
            <dd>{deliveryFeeText(charges.deliveryFeeCents)}</dd>
          </div>
        </>
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
