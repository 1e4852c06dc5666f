import { desc, eq, type SQL, sql } from "drizzle-orm";
import { hasConsent } from "~/domain/consent";
import { CUSTOMERS_PER_PAGE, type CustomerSort, customerPhone, customerSearch } from "~/domain/customers";
import type { OrderStatus, PaymentStatus } from "~/domain/order-status";
import { pageCountFor } from "~/domain/order-admin";
import { agreedToMarketingSql, type ConsentHistoryEntry, consentHistory } from "./consent.server";
import { db } from "./db/database.server";
import { likePattern } from "./db/like.server";
import { orders } from "./db/schema.server";

// The back office's Customers (issue 25): not a table of their own but the orders grouped by their phone's digits
// (indexed), so a customer is always exactly what their orders say.

export type CustomerRow = {
  phoneDigits: string;
  name: string;
  orderCount: number;
  spentCents: number;
  lastOrderAt: Date;
  agreedToMarketing: boolean;
};

// What a customer has spent counts the orders they paid for, whatever became of them since.
const paidSql = sql`${orders.paymentStatus} = 'Paid'`;

/** A customer's name: the one on their latest order, read through the phone index for the customers shown only. */
const latestNameSql = (phoneDigits: SQL.Aliased | SQL | typeof orders.clientPhoneDigits) =>
  sql<string>`(select o.client_name from ${orders} o where o.client_phone_digits = ${phoneDigits} order by o.order_date desc, o.id desc limit 1)`;

/**
 * One page of customers for a search and sort, with how many there are; a page past the last reads the last. Only
 * the orders of phones a search could match are grouped, and with no search the count reads the phone index alone:
 * the list's cost is one pass over the orders (measured in bench/customers.ts).
 */
export async function listCustomers({
  search,
  sort,
  page: askedPage,
}: {
  search: string;
  sort: CustomerSort;
  page: number;
}): Promise<{ customers: CustomerRow[]; total: number; page: number; pageCount: number }> {
  const database = await db();
  const { name, digits } = customerSearch(search);
  const namePattern = likePattern(name);
  const digitsPattern = digits ? `%${digits}%` : null;
  // A customer matches by their latest name or their phone; any order with the name narrows the phones to group.
  const anyOrderMatches = search
    ? sql`${orders.clientPhoneDigits} in (select o.client_phone_digits from ${orders} o where lower(o.client_name) like ${namePattern}${
        digitsPattern ? sql` or o.client_phone_digits like ${digitsPattern}` : sql``
      })`
    : undefined;
  const customers = database
    .select({
      // Named apart from orders' own column, so the latest name's subquery cannot take its own orders' for it.
      phoneDigits: sql<string>`${orders.clientPhoneDigits}`.as("phone_digits"),
      // A search matches the latest name of every phone it could, so it groups them with it; the list without a search
      // reads the names of the customers shown only.
      name: (search ? sql<string>`(array_agg(${orders.clientName} order by ${orders.orderDate} desc, ${orders.id} desc))[1]` : sql<string>`null`).as("name"),
      orderCount: sql<number>`count(*)`.mapWith(Number).as("order_count"),
      spentCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${paidSql}), 0)`.mapWith(Number).as("spent_cents"),
      lastOrderAt: sql<Date>`max(${orders.orderDate})`.mapWith(orders.orderDate).as("last_order_at"),
    })
    .from(orders)
    .where(anyOrderMatches)
    .groupBy(orders.clientPhoneDigits)
    .as("customers");
  const matches: SQL | undefined = search
    ? sql`(lower(${customers.name}) like ${namePattern}${digitsPattern ? sql` or ${customers.phoneDigits} like ${digitsPattern}` : sql``})`
    : undefined;
  // Ties keep one order from page to page: by the phone's digits, which no two customers share.
  const order = sort === "spent" ? [desc(customers.spentCents), desc(customers.lastOrderAt)] : [desc(customers.lastOrderAt)];

  const { rows, total, page } = await database.transaction(async (tx) => {
    // Room to group the phones in a hash in memory rather than sort every order's phone (PostgreSQL's default 4 MB
    // sorts at 50,000 orders): a third less time. For this read only.
    await tx.execute(sql`set local work_mem = '32MB'`);
    const pageAt = (page: number) => {
      const shown = tx
        .select({
          phoneDigits: customers.phoneDigits,
          name: customers.name,
          orderCount: customers.orderCount,
          spentCents: customers.spentCents,
          lastOrderAt: customers.lastOrderAt,
          // A search's matches are counted as they are read; the whole list is counted from the phone index alone.
          total: (search
            ? sql<number>`count(*) over ()`
            : sql<number>`(select count(distinct o.client_phone_digits) from ${orders} o)`
          ).as("total"),
        })
        .from(customers)
        .where(matches)
        .orderBy(...order, customers.phoneDigits)
        .limit(CUSTOMERS_PER_PAGE)
        .offset((page - 1) * CUSTOMERS_PER_PAGE)
        .as("shown");
      // Names are read for the page's customers only, never for the rows an offset skips.
      return tx
        .select({
          phoneDigits: shown.phoneDigits,
          name: search ? shown.name : latestNameSql(shown.phoneDigits),
          orderCount: sql<number>`${shown.orderCount}`.mapWith(Number),
          spentCents: sql<number>`${shown.spentCents}`.mapWith(Number),
          lastOrderAt: sql<Date>`${shown.lastOrderAt}`.mapWith(orders.orderDate),
          total: sql<number>`${shown.total}`.mapWith(Number),
        })
        .from(shown)
        .orderBy(...(sort === "spent" ? [desc(shown.spentCents), desc(shown.lastOrderAt)] : [desc(shown.lastOrderAt)]), shown.phoneDigits);
    };
    const rows = await pageAt(askedPage);
    if (rows.length > 0 || askedPage === 1) return { rows, total: rows[0]?.total ?? 0, page: askedPage };
    // Past the last page: count, and read the last.
    const [counted] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(customers).where(matches);
    const last = pageCountFor(counted?.n ?? 0, CUSTOMERS_PER_PAGE);
    return { rows: await pageAt(last), total: counted?.n ?? 0, page: last };
  });
  const agreed = await marketingConsents(rows.map((row) => row.phoneDigits));
  return {
    customers: rows.map(({ total: _, ...row }) => ({ ...row, agreedToMarketing: agreed.has(row.phoneDigits) })),
    total,
    page,
    pageCount: pageCountFor(total, CUSTOMERS_PER_PAGE),
  };
}

/** Which of these phones agreed to marketing, asked of the page's phones only (never of every customer). */
async function marketingConsents(phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const phone = sql`phone.digits`;
  const rows = await (await db())
    .select({ digits: sql<string>`${phone}`, agreed: agreedToMarketingSql(phone) })
    .from(sql`unnest(${sql.param(phones)}::text[]) as phone(digits)`);
  return new Set(rows.filter((row) => row.agreed).map((row) => row.digits));
}

type CustomerOrder = { id: string; orderDate: Date; status: OrderStatus; paymentStatus: PaymentStatus; totalCents: number };

export type CustomerDetails = {
  phoneDigits: string;
  name: string;
  phone: string;
  address: string;
  orders: CustomerOrder[];
  agreedToMarketing: boolean;
  consent: ConsentHistoryEntry[];
};

/** A customer's page: their latest details, every order newest first, and their consent's history; null without orders. */
export async function customerDetails(phoneDigits: string): Promise<CustomerDetails | null> {
  const database = await db();
  const [rows, consent] = await Promise.all([
    database
      .select({
        id: orders.id,
        orderDate: orders.orderDate,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalCents: orders.totalCents,
        name: orders.clientName,
        address: orders.clientAddress,
      })
      .from(orders)
      .where(eq(orders.clientPhoneDigits, phoneDigits))
      .orderBy(desc(orders.orderDate), desc(orders.id)),
    consentHistory(phoneDigits),
  ]);
  const latest = rows[0];
  if (!latest) return null;
  return {
    phoneDigits,
    name: latest.name,
    phone: customerPhone(phoneDigits),
    address: latest.address,
    orders: rows.map(({ id, orderDate, status, paymentStatus, totalCents }) => ({ id, orderDate, status, paymentStatus, totalCents })),
    agreedToMarketing: hasConsent(consent),
    consent,
  };
}
