import { Link } from "react-router";
import { AdminTable, Cell } from "~/components/admin/table";
import { Price } from "~/components/ui/price";
import { adminSearchLinks } from "~/domain/admin-search";

export type SaleLine = { id: string; number: string; when: string; clientName: string; items: number; totalCents: number };

/** The report's sales table (SPEC §2 Reports); each order id opens that order on the orders page. */
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

/** Links to the newer and older pages of a long sales table. */
export function SalesPages({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Sales pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-semibold hover:underline">
          Newer sales
        </Link>
      ) : (
        <span />
      )}
      <span>{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="font-semibold hover:underline">
          Older sales
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
