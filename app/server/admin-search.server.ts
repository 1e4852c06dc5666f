import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { ADMIN_SEARCH_MAX_PER_GROUP, isSearchable, matchingAdminPages } from "~/domain/admin-search";
import type { OrderStatus } from "~/domain/order-status";
import { phoneDigits } from "~/domain/phone";
import type { AdminPage } from "~/domain/admin-pages";
import type { StaffRole } from "~/domain/staff";
import { db } from "./db/database.server";
import { likePattern, prefixPattern } from "./db/like.server";
import { orders, products, riders } from "./db/schema.server";

export type AdminSearchResults = {
  products: { id: string; name: string; sku: string; image: string | null }[];
  orders: {
    id: string;
    clientName: string;
    status: OrderStatus;
    totalCents: number;
  }[];
  riders: { id: string; name: string; phone: string }[];
  pages: Pick<AdminPage, "path" | "title" | "icon">[];
};

const NOTHING: AdminSearchResults = {
  products: [],
  orders: [],
  riders: [],
  pages: [],
};

// Phone numbers are matched on their digits only once enough are typed to mean something.
const MIN_PHONE_DIGITS = 3;

/**
 * The back office's global search (product.md §2 Admin): products by name or SKU, orders by id, tracking id,
 * client name or phone, riders by name or phone, and the admin pages this role may open — at most 5 of each,
 * from 2 characters. Hidden products are found too: staff manage them (decision 021).
 */
export async function searchAdmin(query: string, role: StaffRole): Promise<AdminSearchResults> {
  const text = query.trim();
  if (!isSearchable(text)) return NOTHING;
  const database = await db();
  const anywhere = likePattern(text);
  const digits = phoneDigits(text);
  const byDigits = digits.length >= MIN_PHONE_DIGITS ? `%${digits}%` : null;
  const limit = ADMIN_SEARCH_MAX_PER_GROUP;

  const [productRows, orderRows, riderRows] = await Promise.all([
    database
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        images: products.images,
      })
      .from(products)
      .where(or(sql`lower(${products.name}) like ${anywhere}`, sql`lower(${products.sku}) like ${anywhere}`))
      .orderBy(products.name)
      .limit(limit),
    database
      .select({
        id: orders.id,
        clientName: orders.clientName,
        status: orders.status,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(
        or(
          sql`${orders.id} like ${prefixPattern(text)}`,
          eq(orders.trackingId, text.toUpperCase()),
          ilike(orders.clientName, anywhere),
          byDigits ? sql`${orders.clientPhoneDigits} like ${byDigits}` : undefined,
        ),
      )
      .orderBy(desc(orders.orderDate))
      .limit(limit),
    database
      .select({ id: riders.id, name: riders.name, phone: riders.phone })
      .from(riders)
      .where(
        or(
          sql`lower(${riders.name}) like ${anywhere}`,
          byDigits ? sql`regexp_replace(${riders.phone}, '[^0-9]', '', 'g') like ${byDigits}` : undefined,
        ),
      )
      .orderBy(riders.name)
      .limit(limit),
  ]);

  return {
    products: productRows.map(({ images, ...product }) => ({
      ...product,
      image: images[0] ?? null,
    })),
    orders: orderRows,
    riders: riderRows,
    pages: matchingAdminPages(text, role).map(({ path, title, icon }) => ({
      path,
      title,
      icon,
    })),
  };
}
