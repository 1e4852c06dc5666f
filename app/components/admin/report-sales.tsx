import { Link } from "react-router";
import { AdminTable, Cell } from "~/components/admin/table";
import { Price } from "~/components/ui/price";
import { adminSearchLinks } from "~/domain/admin-search";
import { deliveryFeeText } from "~/domain/delivery";

export type SaleLine = {
  id: string;
  number: string;
  when: string;
  clientName: string;
  items: number;
  totalCents: number;
  delivery: string;
  deliveryFeeCents: number;
  discountCents: number;
};

/**
 * The report's sales table (product.md §2 Reports); each order id opens that order on the orders page. With
 * `withDiscount`, a Discount column gives what each sale's promotions took off ("—" for none); with `withDelivery`,
 * a Delivery column gives each sale's fee ("—" for one placed without a choice).
 */
export function SalesTable({
  sales,
  withDiscount,
  withDelivery,
}: {
  sales: readonly SaleLine[];
  withDiscount: boolean;
  withDelivery: boolean;
}) {
  return (
    <AdminTable
      columns={[
        "Order ID",
        "Date",
        "Client",
        "Items",
        ...(withDiscount ? ["Discount"] : []),
        ...(withDelivery ? ["Delivery"] : []),
        "Total",
      ]}
      caption="Sales"
    >
      {sales.map((sale) => (
        <tr key={sale.id}>
          <Cell>
            <Link to={adminSearchLinks.order(sale.id)} className="font-semibold underline-offset-4 hover:underline">
              {sale.number}
            </Link>
          </Cell>
          <Cell className="whitespace-nowrap">{sale.when}</Cell>
          <Cell>{sale.clientName}</Cell>
          <Cell>{sale.items}</Cell>
          {withDiscount && (
            <Cell className="whitespace-nowrap">{sale.discountCents === 0 ? "—" : <Price cents={-sale.discountCents} />}</Cell>
          )}
          {withDelivery && <Cell className="whitespace-nowrap">{sale.delivery === "" ? "—" : deliveryFeeText(sale.deliveryFeeCents)}</Cell>}
          <Cell className="whitespace-nowrap">
            <Price cents={sale.totalCents} />
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}
