import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { secondConnection } from "../../tests/setup/fresh-database";
import { timelineOf } from "./audit.server";
import { heldQuantities } from "./stock.server";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { orders, paymentRequests } from "./db/schema.server";
import { watchLocalWrites } from "./events.server";
import { setOrderArchived, setOrderStatus } from "./order-admin.server";
import { newRecordId } from "./random.server";
import { writeSiteDocument } from "./site-documents.server";
import { cancelUnpaidOrdersPastHold } from "./unpaid-orders.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

const settings = mpesaShopSettings();

// Settings saved before the hold time existed: the shop holds unpaid orders for 48 hours.
beforeAll(() => writeSiteDocument("settings", settings));

const now = new Date("2030-03-10T12:00:00Z");
const hoursBefore = (hours: number, from = now) => new Date(from.getTime() - hours * 3_600_000);
const staff = staffActor("owner@duka.test");

async function statusOf(id: string) {
  const [row] = await (await db()).select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

const heldOf = async (productId: string) => (await heldQuantities(await db(), [productId])).get(productId) ?? 0;

test("two app processes sweeping at once cancel each order exactly once, with one entry each in the activity log", async () => {
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const { id: product } = await givenProduct({ stock: 500 });
  // More than one batch, so the two sweeps claim batches side by side.
  const placed: string[] = [];
  for (let i = 0; i < 120; i++) placed.push((await givenOrder({ lines: [{ productId: product }], at: hoursBefore(49 + i / 60) })).id);

  const [mine, theirs] = await Promise.all([cancelUnpaidOrdersPastHold(now, shop.db), cancelUnpaidOrdersPastHold(now, other)]);

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
  const request = (orderId: string, state: "waiting" | "receipt pending" | "failed") => ({
    id: newRecordId(),
    orderId,
    phoneMasked: "+254 ••• ••• 670",
    amountCents: 900_00,
    state,
    checkoutRequestId: `ws_CO_${newRecordId()}`,
    requestedAt: hoursBefore(0.01),
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
