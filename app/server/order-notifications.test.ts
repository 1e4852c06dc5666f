import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { defaultNotificationTemplates } from "~/domain/notifications.schema";
import { shortOrderId } from "~/domain/order-id";
import { db } from "./db/database.server";
import { notifications } from "./db/schema.server";
import { dispatchOrder, setOrderStatus } from "./order-admin.server";
import { placeOrder } from "./orders.server";
import { createRider } from "./riders.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Which messages an order's life writes into the outbox (issue 12), and what they say. The tests' shop has
// no SMS or email configured, so every message is kept as 'not sent': what matters here is what is written.

const staff = staffActor("owner@duka.test");

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  await addStaff({ email: "wanjiru@duka.test", password: "a long enough password", role: "owner" });
  await addStaff({ email: "Otieno@Duka.test", password: "a long enough password", role: "owner" });
  await addStaff({ email: "dev@duka.test", password: "a long enough password", role: "developer" });
});

const messagesOf = async (orderId: string) =>
  (await db()).select().from(notifications).where(eq(notifications.orderId, orderId)).orderBy(asc(notifications.message), asc(notifications.recipient));

test("placing an order writes the shopper's SMS and an email to every Store Owner, kept as not sent without SMS or email", async () => {
  const { id: productId } = await givenProduct({ priceCents: 2_450_00 });
  const order = await givenOrder({ phone: "+254 712 345 678", lines: [{ productId, quantity: 2 }] });
  const written = await messagesOf(order.id);
  expect(written.map((m) => [m.message, m.channel, m.recipient, m.state, m.lastError])).toEqual([
    ["order-placed", "sms", "+254712345678", "not sent", "not sent: no SMS provider configured"],
    ["staff-new-order", "email", "otieno@duka.test", "not sent", "not sent: no email server configured"],
    ["staff-new-order", "email", "wanjiru@duka.test", "not sent", "not sent: no email server configured"],
  ]);
  const sms = written[0]!;
  expect(sms.body).toBe(
    `Duka Crafts: Thank you Achieng Otieno! Order #${shortOrderId(order.id)}, KSH 4,900. Pay with M-Pesa: /payment-instructions/${order.id} Track it: /track/${order.trackingId}`,
  );
  const email = written[1]!;
  expect(email.subject).toContain(shortOrderId(order.id));
  expect(email.body).toContain("2 × Kiondo Basket");
  expect(email.body).toContain("KSH 4,900");
});

test("a client's name is text in the staff email's HTML, never markup", async () => {
  const order = await givenOrder({ name: `<script>alert("x")</script> & Co` });
  const [email] = (await messagesOf(order.id)).filter((m) => m.channel === "email");
  expect(email!.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
  expect(email!.html).not.toContain("<script>");
});

test("a name like 'Call 0700000000 now http://evil.example' never reaches an SMS; the SMS reads naturally without it", async () => {
  const hostile = "Call 0700000000 now http://evil.example";
  const order = await givenOrder({ name: hostile });
  await setOrderStatus(order.id, { paymentStatus: "Paid" }, staff);
  await setOrderStatus(order.id, { status: "Delivered" }, staff);
  const written = await messagesOf(order.id);
  const texts = written.filter((m) => m.channel === "sms");
  expect(texts.map((m) => m.message)).toEqual(["delivered", "order-placed", "payment-received"]);
  for (const text of texts) {
    for (const part of ["0700000000", "evil", "http://", "Call"]) expect(text.body).not.toContain(part);
  }
  expect(texts.find((m) => m.message === "order-placed")!.body).toMatch(/^Duka Crafts: Thank you! Order #/);
  expect(texts.find((m) => m.message === "payment-received")!.body).toMatch(/^Duka Crafts: Asante! We have received KSH/);
  expect(texts.find((m) => m.message === "delivered")!.body).toContain("Thank you for shopping with us! Details:");
  // Staff see the name as the shopper typed it, as on the order itself.
  expect(written.find((m) => m.message === "staff-new-order")!.body).toContain(hostile);
});

test("a name of more than 30 characters reaches the SMS cut to its first words", async () => {
  const order = await givenOrder({ name: "Achieng Atieno Wanjiru Kamau Njoroge" });
  const [sms] = (await messagesOf(order.id)).filter((m) => m.channel === "sms");
  expect(sms!.body).toMatch(/^Duka Crafts: Thank you Achieng Atieno Wanjiru Kamau! Order #/);
});

test("paid, out for delivery, delivered and cancelled each write their SMS once; payment also emails the owners", async () => {
  const order = await givenOrder();
  const riderId = await createRider({ name: "Kamau Njoroge", phone: "+254 722 000 111" }, staff);
  await setOrderStatus(order.id, { paymentStatus: "Paid" }, staff);
  // Unpaid and paid again is the same payment: nothing more is sent.
  await setOrderStatus(order.id, { paymentStatus: "Unpaid" }, staff);
  await setOrderStatus(order.id, { paymentStatus: "Paid" }, staff);
  expect(await dispatchOrder(order.id, riderId, staff)).toMatchObject({ ok: true });
  await setOrderStatus(order.id, { status: "Delivered" }, staff);

  const written = (await messagesOf(order.id)).filter((m) => m.message !== "order-placed" && m.message !== "staff-new-order");
  expect(written.map((m) => [m.message, m.recipient])).toEqual([
    ["delivered", "+254712345678"],
    ["out-for-delivery", "+254712345678"],
    ["payment-received", "+254712345678"],
    ["staff-payment-received", "otieno@duka.test"],
    ["staff-payment-received", "wanjiru@duka.test"],
  ]);
  expect(written.find((m) => m.message === "out-for-delivery")!.body).toContain("Kamau Njoroge");
  expect(written.find((m) => m.message === "out-for-delivery")!.body).toContain("+254 722 000 111");

  const cancelled = await givenOrder();
  await setOrderStatus(cancelled.id, { status: "Cancelled" }, staff);
  expect((await messagesOf(cancelled.id)).map((m) => m.message)).toContain("cancelled");
});

test("a message switched off writes nothing, and an edited template is what is written", async () => {
  const templates = defaultNotificationTemplates();
  await writeSiteDocument("messageTemplates", {
    ...templates,
    "order-placed": { enabled: true, body: "{{SHOP_NAME}}: order #{{ORDER_ID}} received, {{TOTAL}}." },
    "staff-new-order": { ...templates["staff-new-order"], enabled: false },
  });
  try {
    const { id: productId } = await givenProduct({ priceCents: 2_450_00 });
    const order = await givenOrder({ lines: [{ productId, quantity: 2 }] });
    const written = await messagesOf(order.id);
    expect(written.map((m) => [m.message, m.body])).toEqual([["order-placed", `Duka Crafts: order #${shortOrderId(order.id)} received, KSH 4,900.`]]);
  } finally {
    await writeSiteDocument("messageTemplates", templates);
  }
});

test("a refused checkout writes no message", async () => {
  const before = await (await db()).$count(notifications);
  const refused = await placeOrder({
    name: "Achieng Otieno",
    address: "Kimathi Street, Nairobi",
    phone: "+254712345678",
    paymentMethod: "M-Pesa",
    bag: [{ productId: "no-such-product", size: "", color: "", quantity: 1 }],
    idempotencyKey: randomUUID(),
  });
  expect(refused.ok).toBe(false);
  expect(await (await db()).$count(notifications)).toBe(before);
});

test("staff emails also go to the extra addresses in Site Settings, once each", async () => {
  await writeSiteDocument("settings", mpesaShopSettings({ staffEmails: "Accounts@Duka.test,\nwanjiru@duka.test" }));
  const order = await givenOrder();
  const emails = (await messagesOf(order.id)).filter((m) => m.channel === "email").map((m) => m.recipient);
  expect(emails).toEqual(["accounts@duka.test", "otieno@duka.test", "wanjiru@duka.test"]);
});
