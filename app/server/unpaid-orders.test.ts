import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { secondConnection } from "../../tests/setup/fresh-database";
import { timelineOf } from "./audit.server";
import { heldQuantities } from "./stock.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { orders, paymentRequests, payments } from "./db/schema.server";
import { watchLocalWrites } from "./events.server";
import { setOrderArchived, setOrderStatus } from "./order-admin.server";
import { newRecordId } from "./random.server";
import { writeSiteDocument } from "./site-documents.server";
import { cancelUnpaidOrdersPastHold } from "./unpaid-orders.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// The full hold (decision 033) on its own: the hold before payment (decision 043) is off until the tests of it at the end.
const settings = { ...mpesaShopSettings(), holdBeforePaymentMinutes: 0 };
beforeAll(() => writeSiteDocument("settings", settings));

const now = new Date("2030-03-10T12:00:00Z");
const hoursBefore = (hours: number, from = now) => new Date(from.getTime() - hours * 3_600_000);
const staff = staffActor("owner@duka.test");

async function statusOf(id: string) {
  const [row] = await (await db()).select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

const heldOf = async (productId: string) => (await heldQuantities(await db(), [productId])).reduce((sum, line) => sum + line.quantity, 0);

test("two app processes sweeping at once cancel each order exactly once, with one entry each in the activity log", async () => {
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const { id: product } = await givenProduct({ stock: 500 });
  // More than one batch, so the two sweeps claim batches side by side.
  const placed: string[] = [];
  for (let i = 0; i < 120; i++) placed.push((await givenOrder({ lines: [{ productId: product }], at: hoursBefore(49 + i / 60) })).id);

  const [mine, theirs] = await Promise.all([cancelUnpaidOrdersPastHold(now, { database: shop.db }), cancelUnpaidOrdersPastHold(now, { database: other })]);

  expect(mine + theirs).toBe(120);
  for (const id of placed) {
    expect(await statusOf(id)).toBe("Cancelled");
    expect(await timelineOf("order", id)).toHaveLength(1);
  }
  expect(await heldOf(product)).toBe(0);
});

test("an order unpaid for longer than the hold is cancelled by the shop, its stock released and the change recorded as the shop's", async () => {
  const { id: product } = await givenProduct({ stock: 3 });
  const { id: other } = await givenProduct({ stock: 10 });
  const { id: overdue } = await givenOrder({ lines: [{ productId: product, quantity: 3 }], at: hoursBefore(49) });
  const { id: newer } = await givenOrder({ lines: [{ productId: other }], at: hoursBefore(47) });
  const { id: paid } = await givenOrder({ lines: [{ productId: other }], at: hoursBefore(72) });
  await setOrderStatus(paid, { paymentStatus: "Paid" }, staff, hoursBefore(71));
  const { id: processing } = await givenOrder({ lines: [{ productId: other }], at: hoursBefore(72) });
  await setOrderStatus(processing, { status: "Processing" }, staff, hoursBefore(71));
  const { id: archived } = await givenOrder({ lines: [{ productId: other }], at: hoursBefore(72) });
  await setOrderArchived(archived, true, staff, hoursBefore(71));
  let announced = 0;
  watchLocalWrites(["products"], () => announced++);

  expect(await cancelUnpaidOrdersPastHold(now)).toBe(1);

  expect(await statusOf(overdue)).toBe("Cancelled");
  expect(await heldOf(product)).toBe(0);
  // The product was sold out by the order, and is back: shop pages showing it are refreshed.
  expect(announced).toBe(1);
  expect(await timelineOf("order", overdue)).toMatchObject([
    {
      staffEmail: null,
      at: now,
      before: { status: "Pending Payment" },
      after: { status: "Cancelled" },
      note: "Not paid within the hold time of 48 hours: cancelled and its stock released.",
    },
  ]);
  expect([await statusOf(newer), await statusOf(paid), await statusOf(processing), await statusOf(archived)]).toEqual([
    "Pending Payment",
    "Pending Payment",
    "Processing",
    "Pending Payment",
  ]);
  // Swept again, nothing more happens.
  expect(await cancelUnpaidOrdersPastHold(now)).toBe(0);
  expect(await timelineOf("order", overdue)).toHaveLength(1);
});

test("an order whose shopper is paying by M-Pesa Express, or whose payment M-Pesa confirmed without a receipt, is not cancelled", async () => {
  const { id: product } = await givenProduct({ stock: 10, priceCents: 900_00 });
  const { id: paying } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(49) });
  const { id: confirmed } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(49) });
  const { id: failed } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(49) });
  // The failed prompt was sent soon after its order was placed: the full hold counts from it.
  const request = (orderId: string, state: "waiting" | "receipt pending" | "failed") => ({
    id: newRecordId(),
    orderId,
    phoneMasked: "+254 ••• ••• 670",
    amountCents: 900_00,
    state,
    checkoutRequestId: `ws_CO_${newRecordId()}`,
    requestedAt: state === "failed" ? hoursBefore(48.9) : hoursBefore(0.01),
  });
  await (await db()).insert(paymentRequests).values([request(paying, "waiting"), request(confirmed, "receipt pending"), request(failed, "failed")]);

  expect(await cancelUnpaidOrdersPastHold(now)).toBe(1);
  expect([await statusOf(paying), await statusOf(confirmed), await statusOf(failed)]).toEqual(["Pending Payment", "Pending Payment", "Cancelled"]);
});

test("an order a staff member reopened waits a whole hold again before the shop cancels it", async () => {
  const { id: order } = await givenOrder({ at: hoursBefore(49) });
  expect(await cancelUnpaidOrdersPastHold(now)).toBe(1);
  await setOrderStatus(order, { status: "Pending Payment" }, staff, now);

  await cancelUnpaidOrdersPastHold(hoursBefore(-47));
  expect(await statusOf(order)).toBe("Pending Payment");
  await cancelUnpaidOrdersPastHold(hoursBefore(-49));
  expect(await statusOf(order)).toBe("Cancelled");
});

test("the hold time comes from Site Settings; 0 holds stock forever", async () => {
  const { id: product } = await givenProduct({ stock: 5 });
  const { id: order } = await givenOrder({ lines: [{ productId: product, quantity: 2 }], at: hoursBefore(24 * 365) });
  const { id: recent } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(2) });

  await writeSiteDocument("settings", { ...settings, unpaidHoldMinutes: 0 });
  expect(await cancelUnpaidOrdersPastHold(now)).toBe(0);
  expect(await statusOf(order)).toBe("Pending Payment");
  expect(await heldOf(product)).toBe(3);

  await writeSiteDocument("settings", { ...settings, unpaidHoldMinutes: 90 });
  await cancelUnpaidOrdersPastHold(now);
  expect([await statusOf(order), await statusOf(recent)]).toEqual(["Cancelled", "Cancelled"]);
  expect((await timelineOf("order", recent))[0]?.note).toBe("Not paid within the hold time of 90 minutes: cancelled and its stock released.");
});

describe("the hold before payment starts (decision 043)", () => {
  // Settings saved before either hold existed: an hour before payment starts, 48 hours after.
  beforeAll(() => writeSiteDocument("settings", mpesaShopSettings()));
  // A shop with M-Pesa Express set up, which sees payments start.
  const seen = { paymentsSeen: true };

  const request = (orderId: string, requestedAt: Date, change: Partial<typeof paymentRequests.$inferInsert> = {}) => ({
    id: newRecordId(),
    orderId,
    phoneMasked: "+254 ••• ••• 670",
    amountCents: 900_00,
    state: "failed" as const,
    checkoutRequestId: `ws_CO_${newRecordId()}`,
    requestedAt,
    ...change,
  });

  test("an order nobody started paying for is cancelled an hour after it was placed; one whose prompt reached the phone waits the full hold", async () => {
    const later = hoursBefore(-1_000);
    const { id: product } = await givenProduct({ stock: 10 });
    const { id: forgotten } = await givenOrder({ lines: [{ productId: product, quantity: 4 }], at: hoursBefore(1.1, later) });
    const { id: refused } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(3, later) });
    const { id: prompted } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(3, later) });
    const { id: recent } = await givenOrder({ lines: [{ productId: product }], at: hoursBefore(0.9, later) });
    await (await db())
      .insert(paymentRequests)
      .values([request(refused, hoursBefore(2.5, later), { state: "not sent", checkoutRequestId: null }), request(prompted, hoursBefore(2.5, later))]);

    await cancelUnpaidOrdersPastHold(later, seen);

    expect([await statusOf(forgotten), await statusOf(refused), await statusOf(prompted), await statusOf(recent)]).toEqual([
      "Cancelled",
      "Cancelled",
      "Pending Payment",
      "Pending Payment",
    ]);
    expect((await timelineOf("order", forgotten))[0]?.note).toBe("No payment started within 1 hour: cancelled and its stock released.");
    expect(await heldOf(product)).toBe(2);
  });

  test("a shop without M-Pesa Express, where staff confirm every payment, holds such orders the full hold", async () => {
    const later = hoursBefore(-4_000);
    const { id: order } = await givenOrder({ at: hoursBefore(3, later) });

    await cancelUnpaidOrdersPastHold(later, { paymentsSeen: false });
    expect(await statusOf(order)).toBe("Pending Payment");
    await cancelUnpaidOrdersPastHold(later, seen);
    expect(await statusOf(order)).toBe("Cancelled");
  });

  test("an order whose paybill payment is being confirmed with M-Pesa is not cancelled under it", async () => {
    const later = hoursBefore(-5_000);
    const { id: order } = await givenOrder({ at: hoursBefore(2, later) });
    await (await db()).insert(payments).values({
      id: newRecordId(),
      receipt: `TST${newRecordId().toUpperCase()}`.slice(0, 10),
      orderId: order,
      amountCents: 900_00,
      method: "M-Pesa paybill",
      paidAt: hoursBefore(0.1, later),
      state: "confirming",
    });

    await cancelUnpaidOrdersPastHold(later, seen);
    expect(await statusOf(order)).toBe("Pending Payment");
  });

  test("asking for M-Pesa prompts again and again does not hold stock past the full hold from the first one", async () => {
    const later = hoursBefore(-2_000);
    const { id: order } = await givenOrder({ at: hoursBefore(60, later) });
    await (await db())
      .insert(paymentRequests)
      .values([request(order, hoursBefore(49, later)), request(order, hoursBefore(20, later)), request(order, hoursBefore(0.5, later))]);

    await cancelUnpaidOrdersPastHold(later, seen);

    expect(await statusOf(order)).toBe("Cancelled");
    expect((await timelineOf("order", order))[0]?.note).toBe("Not paid within the hold time of 48 hours: cancelled and its stock released.");
  });

  test("an order staff have taken in hand waits the full hold from their change", async () => {
    const later = hoursBefore(-3_000);
    const { id: order } = await givenOrder({ at: hoursBefore(5, later) });
    await cancelUnpaidOrdersPastHold(hoursBefore(3, later), seen);
    expect(await statusOf(order)).toBe("Cancelled");
    await setOrderStatus(order, { status: "Pending Payment" }, staff, hoursBefore(2, later));

    await cancelUnpaidOrdersPastHold(later, seen);
    expect(await statusOf(order)).toBe("Pending Payment");
    await cancelUnpaidOrdersPastHold(hoursBefore(-47, later), seen);
    expect(await statusOf(order)).toBe("Cancelled");
  });
});
