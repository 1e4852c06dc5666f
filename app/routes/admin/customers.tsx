import { Form, Link } from "react-router";
import { AdminIcon } from "~/components/admin/icon";
import { AdminTable, Cell, EmptyState, PageLinks } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { CUSTOMER_SORT_LABELS, CUSTOMER_SORTS, customerHref, customerPhone, customersHref, customersQuerySchema } from "~/domain/customers";
import { shopDateTime } from "~/domain/shop-time";
import { requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { listCustomers } from "~/server/customers.server";
import type { Route } from "./+types/customers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const query = customersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listCustomers({ search: query.q, sort: query.sort, page: query.page });
  return { query: { ...query, page: list.page }, ...list, timeZone: config().timeZone };
}

/** The shop's customers (issue 25): one row a phone number, the best or the latest first, 50 a page. */
export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, customers, total, page, pageCount, timeZone } = loaderData;
  return (
    <div className="space-y-6">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <TextField key={query.q} label="Search by name or phone" name="q" type="search" defaultValue={query.q} className="w-64 max-w-full" />
        <SelectField key={query.sort} label="Sort by" name="sort" defaultValue={query.sort}>
          {CUSTOMER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {CUSTOMER_SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          <AdminIcon name="search" className="size-4" /> Show
        </Button>
      </Form>
      {customers.length === 0 ? (
        <EmptyState>{query.q ? `No customers match “${query.q}”.` : "No customers yet. Customers appear here once they place an order."}</EmptyState>
      ) : (
        <>
          <p className="text-sm">{total === 1 ? "1 customer" : `${total.toLocaleString("en-GB")} customers`}</p>
          <AdminTable columns={["Name", "Phone", "Orders", "Total spent", "Last order", "Agreed to marketing"]} caption="Customers">
            {customers.map((customer) => (
              <tr key={customer.phoneDigits}>
                <Cell className="font-semibold">
                  <Link to={customerHref(customer.phoneDigits)} className="hover:underline">
                    {customer.name}
                  </Link>
                </Cell>
                <Cell className="whitespace-nowrap">{customerPhone(customer.phoneDigits)}</Cell>
                <Cell>{customer.orderCount}</Cell>
                <Cell className="whitespace-nowrap">
                  <Price cents={customer.spentCents} />
                </Cell>
                <Cell className="whitespace-nowrap">{shopDateTime(customer.lastOrderAt, timeZone)}</Cell>
                <Cell>{customer.agreedToMarketing ? "Yes" : "No"}</Cell>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      <PageLinks page={page} pageCount={pageCount} href={(to) => customersHref({ ...query, page: to })} noun="customers" />
    </div>
  );
}
