import { Link } from "react-router";
import { AdminTable, Cell } from "~/components/admin/table";
import { Price } from "~/components/ui/price";
import { adminSearchLinks } from "~/domain/admin-search";

export type SaleLine = { id: string; number: string; when: string; clientName: string; items: number; totalCents: number };

/** The report's sales table (product.md §2 Reports); each order id opens that order on the orders page. */
export function SalesTable({ sales }: { sales: readonly SaleLine[] }) {
  return (
    <AdminTable columns={["Order ID", "Date", "Client", "Items", "Total"]} caption="Sales">
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
          <Cell className="whitespace-nowrap">
            <Price cents={sale.totalCents} />
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}
