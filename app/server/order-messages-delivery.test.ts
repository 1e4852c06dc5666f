import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import type { DeliveryOptionDetails } from "~/domain/delivery.schema";
import { checkoutInput, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";
import { db } from "./db/database.server";
import { notifications } from "./db/schema.server";
import { createDeliveryOption, deleteDeliveryOption, listDeliveryOptions } from "./delivery.server";
import { setOrderStatus } from "./order-admin.server";
import { placeOrder } from "./orders.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";

// Staff emails about an order say how it reaches the shopper, when it has a delivery choice (issue 23).

const staff = staffActor("owner@duka.test");
const nairobi: DeliveryOptionDetails = { kind: "zone", name: "Nairobi CBD", areas: "CBD", deliveryTime: "", feeCents: 250_00, freeFromCents: null };
const moiAvenue: DeliveryOptionDetails = { kind: "pick-up", name: "Moi Avenue shop", directions: "", openingHours: "", feeCents: 0 };

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  await addStaff({ email: "wanjiru@duka.test", password: "a long enough password", role: "owner" });
});

afterEach(async () => {
  for (const option of await listDeliveryOptions()) await deleteDeliveryOption(option.id, staff);
});

async function staffEmail(orderId: string, message: string) {
  const [email] = await (await db())
    .select({ body: notifications.body, html: notifications.html })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.message, message)));
  return email!;
}

async function orderWith(delivery: string) {
  const product = await givenProduct({ priceCents: 1_000_00 });
  const placed = await placeOrder(checkoutInput([{ productId: product.id, size: "", color: "", quantity: 1 }], { delivery }));
  if (!placed.ok) throw new Error("the order should be placed");
  return placed.orderId;
}

test("the new order email and the payment email list the delivery and its fee under the items", async () => {
  const zone = await createDeliveryOption(nairobi, staff);
  const id = await orderWith(zone);
  await setOrderStatus(id, { paymentStatus: "Paid" }, staff);

  for (const message of ["staff-new-order", "staff-payment-received"]) {
    const email = await staffEmail(id, message);
    expect(email.body).toMatch(/ at KSH 1,000\nDelivery: Nairobi CBD — KSH 250\n/);
    expect(email.html).toContain("Delivery: Nairobi CBD — KSH 250");
  }
});

test("a pick-up point without a fee reads Free", async () => {
  const point = await createDeliveryOption(moiAvenue, staff);
  const email = await staffEmail(await orderWith(point), "staff-new-order");
  expect(email.body).toContain("\nDelivery: Pick up: Moi Avenue shop — Free\n");
});

test("an order without a delivery choice has no delivery line", async () => {
  const email = await staffEmail(await orderWith(""), "staff-new-order");
  expect(email.body).not.toContain("Delivery");
});
