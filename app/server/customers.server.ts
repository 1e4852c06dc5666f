import { asc, desc, eq, like, or, sql } from "drizzle-orm";
import { hasConsent } from "~/domain/consent";
import { CUSTOMERS_PER_PAGE, type CustomerSort, customerPhone, customerSearch } from "~/domain/customers";
import type { OrderStatus, PaymentStatus } from "~/domain/order-status";
import { pageCountFor } from "~/domain/order-admin";
import { agreedToMarketingSql, type ConsentHistoryEntry, consentHistory } from "./consent.server";
import { db } from "./db/database.server";
import { likePattern } from "./db/like.server";
import { customerTotals, orders } from "./db/schema.server";

// The back office's Customers (issue 25, decision 057): a customer is a phone's digits, and their figures are their
// orders grouped by it, kept in `customer_totals` by triggers on orders (migration 0019), so a page reads 50 rows
// however many orders there are. customers.test.ts checks the kept figures against the orders grouped afresh.

export type CustomerRow = {
  phoneDigits: string;
  name: string;
  orderCount: number;
  spentCents: number;
  lastOrderAt: Date;
  agreedToMarketing: boolean;
};

/**
 * One page of customers for a search (their latest name, or digits of their phone) and sort, with how many match; a
 * page past the last reads the last.
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
  const matches = search
    ? or(
        sql`lower(${customerTotals.latestName}) like ${likePattern(name)}`,
        digits ? like(customerTotals.phoneDigits, `%${digits}%`) : undefined,
      )
    : undefined;
  // Ties keep one order from page to page: by the phone's digits, which no two customers share.
  const order =
    sort === "spent"
      ? [desc(customerTotals.spentCents), desc(customerTotals.lastOrderAt), asc(customerTotals.phoneDigits)]
      : [desc(customerTotals.lastOrderAt), asc(customerTotals.phoneDigits)];
  const total = await database.$count(customerTotals, matches);
  const pageCount = pageCountFor(total, CUSTOMERS_PER_PAGE);
  const page = Math.min(askedPage, Math.max(pageCount, 1));
  const rows = await database
    .select({
      phoneDigits: customerTotals.phoneDigits,
      name: customerTotals.latestName,
      orderCount: customerTotals.orderCount,
      spentCents: customerTotals.spentCents,
      lastOrderAt: customerTotals.lastOrderAt,
    })
    .from(customerTotals)
    .where(matches)
    .orderBy(...order)
    .limit(CUSTOMERS_PER_PAGE)
    .offset((page - 1) * CUSTOMERS_PER_PAGE);
  const agreed = await marketingConsents(rows.map((row) => row.phoneDigits));
  return { customers: rows.map((row) => ({ ...row, agreedToMarketing: agreed.has(row.phoneDigits) })), total, page, pageCount };
}

/** Which of these phones agreed to marketing, asked of the page's phones only (never of every customer). */
async function marketingConsents(phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const phone = sql`phone.digits`;
  const rows = await (
    await db()
  )
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
