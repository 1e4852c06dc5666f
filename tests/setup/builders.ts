import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { staffActor } from "../../app/domain/audit";
import type { CheckoutInput } from "../../app/domain/checkout.schema";
import type { PromotionDetails } from "../../app/domain/promotions.schema";
import { productSlug } from "../../app/domain/slug";
import { newTrackingId } from "../../app/domain/tracking-id";
import { db } from "../../app/server/db/database.server";
import { categories, orderLines, orders, products, productVariants, riders } from "../../app/server/db/schema.server";
import { placeOrder } from "../../app/server/orders.server";
import { createPromotion } from "../../app/server/promotions.server";
import { newRecordId, secureRandomInt } from "../../app/server/random.server";

// The records server tests start from, with a default for every field a test does not care about: a test names
// only what its assertions depend on. Records written straight into the database are not announced, so tests
// that count announcements hear only their own; a test that reads through the shop's caches announces its setup.

export type ProductRow = typeof products.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** A product of its own, so tests never share stock: 10 in stock at KSH 1,200, in no size or colour. */
export async function givenProduct(
  changes: Partial<typeof products.$inferInsert> & { variants?: GivenVariant[] } = {},
): Promise<ProductRow> {
  const { variants, ...columns } = changes;
  const id = columns.id ?? newRecordId();
  const name = columns.name ?? `Kiondo Basket ${id}`;
  // A product with variants offers their sizes and colours, and its stock is their total (decision 049).
  const options = variants && {
    sizes: [...new Set(variants.map((v) => v.size ?? "").filter(Boolean))],
    colors: [...new Set(variants.map((v) => v.color ?? "").filter(Boolean))],
    stock: variants.reduce((sum, v) => sum + (v.stock ?? 0), 0),
  };
  const database = await db();
  const [row] = await database
    .insert(products)
    .values({ slug: productSlug(name, id), sku: `TEST-${id}`, priceCents: 1_200_00, stock: 10, ...options, ...columns, id, name })
    .returning();
  if (variants && variants.length > 0) {
    await database.insert(productVariants).values(
      variants.map((variant, position) => ({ id: newRecordId(), productId: id, position, size: "", color: "", stock: 0, ...variant })),
    );
  }
  return row!;
}

/** A size and colour of a product with its own stock (0 unless said), and its own price, compare-at price and SKU when given. */
export type GivenVariant = Partial<Omit<typeof productVariants.$inferInsert, "id" | "productId" | "position">>;

/** A line of a bag: one unit, in no size or colour, unless the test says otherwise. */
type OrderLineInput = { productId: string; quantity?: number; size?: string; color?: string };

/** A checkout form as the shop reads it: Achieng Otieno's, paid with M-Pesa, with a one-time key of its own. */
export const checkoutInput = (bag: CheckoutInput["bag"], input: Partial<CheckoutInput> = {}): CheckoutInput => ({
  name: "Achieng Otieno",
  address: "Kimathi Street, Nairobi",
  phone: "+254712345678",
  paymentMethod: "M-Pesa",
  bag,
  idempotencyKey: randomUUID(),
  ...input,
});

/**
 * An order placed through checkout, as a shopper places one: Achieng Otieno's, paid with M-Pesa, by default one
 * unit of a product of its own. `at` is when it is placed. The shop's settings must offer the payment method.
 */
export async function givenOrder({
  lines,
  at,
  ...client
}: Partial<Omit<CheckoutInput, "bag">> & { lines?: OrderLineInput[]; at?: Date } = {}): Promise<OrderRow> {
  const bag = (lines ?? [{ productId: (await givenProduct()).id }]).map((line) => ({ size: "", color: "", quantity: 1, ...line }));
  const placed = await placeOrder(checkoutInput(bag, client), at);
  if (!placed.ok) throw new Error(`the order should be placed: ${JSON.stringify(placed.problem)}`);
  const [row] = await (await db()).select().from(orders).where(eq(orders.id, placed.orderId));
  return row!;
}

type StoredLine = Omit<typeof orderLines.$inferInsert, "orderId" | "position" | "name" | "unitPriceCents"> &
  Partial<Pick<typeof orderLines.$inferInsert, "name" | "unitPriceCents">>;

/**
 * An order written straight into the database, in any state and for any total, for lists and figures that do not
 * care how it was placed. No checkout ran: its lines were never checked against stock.
 */
export async function givenStoredOrder({
  lines = [],
  ...changes
}: Partial<typeof orders.$inferInsert> & { lines?: StoredLine[] } = {}): Promise<OrderRow> {
  const id = changes.id ?? newRecordId();
  const database = await db();
  const [row] = await database
    .insert(orders)
    .values({
      trackingId: newTrackingId(secureRandomInt),
      clientName: "Achieng Otieno",
      clientAddress: "Kimathi Street, Nairobi",
      clientPhone: "+254712345678",
      totalCents: 1_200_00,
      paymentMethod: "M-Pesa",
      ...changes,
      id,
    })
    .returning();
  if (lines.length > 0) {
    await database
      .insert(orderLines)
      .values(lines.map((line, position) => ({ name: "Kiondo Basket", unitPriceCents: 1_200_00, ...line, orderId: id, position })));
  }
  return row!;
}

/** A rider staff can dispatch orders with. */
export async function givenRider(changes: Partial<typeof riders.$inferInsert> = {}) {
  const [row] = await (await db())
    .insert(riders)
    .values({ name: "Brian Mwangi", phone: "+254712345678", ...changes, id: changes.id ?? newRecordId() })
    .returning();
  return row!;
}

/** A category; `position` orders it in the shop's list (createCategory, staff's way, always places it last). */
export async function givenCategory(changes: Partial<typeof categories.$inferInsert> & { name: string }) {
  const [row] = await (await db())
    .insert(categories)
    .values({ ...changes, id: changes.id ?? newRecordId() })
    .returning();
  return row!;
}

/**
 * A promotion as staff save it through the Promotions page: 10% off everything, for anyone, any time, an automatic
 * offer unless `code` is given; its id.
 */
export async function givenPromotion(changes: Partial<PromotionDetails> = {}): Promise<string> {
  const created = await createPromotion(
    {
      code: null,
      name: "",
      kind: "percent",
      value: 10,
      scope: { kind: "everything" },
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      totalUses: null,
      usesPerPhone: null,
      combinesWithAutomatic: false,
      ...changes,
    },
    staffActor("owner@duka.test"),
  );
  if (!created.ok) throw new Error(`the promotion should be created: ${created.problem}`);
  return created.id;
}
