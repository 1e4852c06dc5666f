import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { loader as ordersByPhoneLoader } from "~/routes/shop/orders-by-phone";
import { action as trackAction } from "~/routes/shop/track";
import { loader as trackOrderLoader } from "~/routes/shop/track-order";
import { db } from "./db/database.server";
import { orders, products, riders } from "./db/schema.server";
import { writeSampleDataOnce } from "./db/seed.server";
import { lookUpOrder, ordersByPhone } from "./orders.server";
import { findOrder, phoneOrders, trackedOrder } from "./tracking.server";
import { givenOrder } from "../../tests/setup/builders";

const NO_MATCH = "No order found with that Order ID, Tracking ID, or Phone Number. Please check your details and try again.";

let client = 0;
/** Each test looks up from its own address, so no test spends another's allowance. */
const newClient = () => `198.51.100.${++client}`;

async function productId(name: string) {
  const [row] = await (await db()).select({ id: products.id }).from(products).where(eq(products.name, name));
  return row!.id;
}

async function orderFor(phone: string, orderDate = new Date()) {
  const lines = [{ productId: await productId("Kanga Cotton Head Wrap"), size: "One Size", color: "Terracotta", quantity: 2 }];
  return givenOrder({ phone, lines, at: orderDate });
}

beforeAll(async () => {
  await writeSampleDataOnce(await db());
});

test("an order is found by its tracking id typed in lower case, with spaces around it", async () => {
  const order = await orderFor("+254700000001");
  expect(await lookUpOrder(`  ${order.trackingId.toLowerCase()} `)).toEqual({ kind: "tracking", trackingId: order.trackingId });
});

test("an order is found by its order id, which leads to its tracking page", async () => {
  const order = await orderFor("+254700000002");
  expect(await lookUpOrder(order.id)).toEqual({ kind: "tracking", trackingId: order.trackingId });
  expect(await lookUpOrder(order.id.toUpperCase())).toEqual({ kind: "tracking", trackingId: order.trackingId });
});

test("orders are found by the phone number typed with spaces, and listed newest first", async () => {
  const older = await orderFor("+254700000003", new Date("2026-03-01T08:00:00Z"));
  const newer = await orderFor("+254 700 000 003", new Date("2026-03-04T08:00:00Z"));
  await orderFor("+254700000099");

  expect(await lookUpOrder("+254 700 000 003")).toEqual({ kind: "phone", phone: "+254700000003" });
  expect((await ordersByPhone("+254700000003")).map((o) => o.trackingId)).toEqual([newer.trackingId, older.trackingId]);
});

test("nothing found says so in the spec's words", async () => {
  expect(await lookUpOrder("AFB000000000")).toEqual({ kind: "none" });
  expect(await lookUpOrder("+254 799 999 999")).toEqual({ kind: "none" });
  expect(await findOrder("not an order", newClient())).toEqual({ kind: "none", message: NO_MATCH });
});

test("the phone's order cards show the short order number, the date in Nairobi, status and total", async () => {
  // 22:30 UTC on 1 March is already 2 March in Nairobi.
  const order = await orderFor("+254700000004", new Date("2026-03-01T22:30:00Z"));
  expect(await phoneOrders("+254 700 000 004", newClient())).toEqual({
    kind: "found",
    orders: [
      {
        orderNumber: order.id.slice(0, 6),
        trackingId: order.trackingId,
        placedOn: "Monday, 2 March 2026",
        status: "Pending Payment",
        totalCents: order.totalCents,
      },
    ],
  });
  expect(await phoneOrders("+254 711 111 111", newClient())).toEqual({ kind: "found", orders: [] });
});

test("the tracking page shows the timeline, items and total, masks the phone and never the address or name", async () => {
  const order = await orderFor("+254712345678", new Date("2026-03-02T09:00:00Z"));
  const result = await trackedOrder(order.trackingId.toLowerCase(), newClient());
  expect(result.kind).toBe("found");
  if (result.kind !== "found") return;
  expect(result.order).toMatchObject({
    trackingId: order.trackingId,
    placedOn: "Monday, 2 March 2026",
    status: "Pending Payment",
    maskedPhone: "+254 ••• ••• 678",
    riderName: null,
    totalCents: order.totalCents,
    items: [{ name: "Kanga Cotton Head Wrap", size: "One Size", color: "Terracotta", quantity: 2 }],
  });
  expect(result.order.timeline).toEqual({
    cancelled: false,
    steps: [
      { label: "Pending Payment", done: true, current: true },
      { label: "Processing", done: false, current: false },
      { label: "Out for Delivery", done: false, current: false },
      { label: "Delivered", done: false, current: false },
    ],
  });
  const shown = JSON.stringify(result.order);
  expect(shown).not.toContain("Kimathi");
  expect(shown).not.toContain("Achieng");
  expect(shown).not.toContain("345678");
  expect(shown).not.toContain(order.id);
});

test("the rider's name shows once the order is out for delivery; a cancelled order has no steps", async () => {
  const order = await orderFor("+254700000005");
  const [rider] = await (await db()).select().from(riders).limit(1);
  const setStatus = (status: "Processing" | "Out for Delivery" | "Cancelled") =>
    db().then((database) => database.update(orders).set({ status, riderId: rider!.id }).where(eq(orders.id, order.id)));
  const view = async () => {
    const result = await trackedOrder(order.trackingId, newClient());
    if (result.kind !== "found") throw new Error(result.kind);
    return result.order;
  };

  await setStatus("Processing");
  expect((await view()).riderName).toBeNull();

  await setStatus("Out for Delivery");
  const out = await view();
  expect(out.riderName).toBe(rider!.name);
  expect(out.timeline.cancelled === false && out.timeline.steps.map((s) => s.done)).toEqual([true, true, true, false]);

  await setStatus("Cancelled");
  expect((await view()).timeline).toEqual({ cancelled: true });
});

test("an unknown tracking id is unknown", async () => {
  expect(await trackedOrder("AFB000000000", newClient())).toEqual({ kind: "unknown" });
});

test("a client gets 30 lookups a minute across the form, tracking pages and phone lists; the next window allows more", async () => {
  const address = newClient();
  // Near the real time: counts whose window ended by the clock are forgotten.
  const start = new Date();
  const at = (ms: number) => new Date(start.getTime() + ms);
  for (let i = 0; i < 10; i++) {
    expect((await findOrder("AFB000000000", address, at(i))).kind).toBe("none");
    expect((await trackedOrder("AFB000000000", address, at(i))).kind).toBe("unknown");
    expect((await phoneOrders("+254711111111", address, at(i))).kind).toBe("found");
  }

  const refused = await findOrder("AFB000000000", address, at(30_000));
  expect(refused).toEqual({
    kind: "rate-limited",
    retryAfterSeconds: 30,
    message: "Too many order lookups from your connection. Please wait 30 seconds and try again.",
  });
  expect((await trackedOrder("AFB000000000", address, at(30_000))).kind).toBe("rate-limited");
  expect((await phoneOrders("+254711111111", address, at(30_000))).kind).toBe("rate-limited");
  // Another shopper is not held back by this one.
  expect((await findOrder("AFB000000000", newClient(), at(30_000))).kind).toBe("none");

  expect((await findOrder("AFB000000000", address, at(60_000))).kind).toBe("none");
});

test("lookups are counted per client network, as every limit is: an IPv6 client's whole /64 is one client", async () => {
  const start = new Date();
  const at = (ms: number) => new Date(start.getTime() + ms);
  // Each lookup from another address of the same /64, as a client rotating through its own network would.
  const inNetwork = (n: number) => `2001:db8:5:6:${n.toString(16)}::${n.toString(16)}`;
  for (let i = 0; i < 10; i++) {
    expect((await findOrder("AFB000000000", inNetwork(3 * i), at(i))).kind).toBe("none");
    expect((await trackedOrder("AFB000000000", inNetwork(3 * i + 1), at(i))).kind).toBe("unknown");
    expect((await phoneOrders("+254711111111", inNetwork(3 * i + 2), at(i))).kind).toBe("found");
  }
  expect((await findOrder("AFB000000000", inNetwork(99), at(10))).kind).toBe("rate-limited");
  expect((await trackedOrder("AFB000000000", inNetwork(100), at(10))).kind).toBe("rate-limited");
  expect((await phoneOrders("+254711111111", inNetwork(101), at(10))).kind).toBe("rate-limited");
  // The next /64 is another client.
  expect((await findOrder("AFB000000000", "2001:db8:5:7::1", at(10))).kind).toBe("none");
});

test("an IPv4 client reached over IPv6 (::ffff:a.b.c.d) is the same client as over IPv4", async () => {
  const start = new Date();
  const at = (ms: number) => new Date(start.getTime() + ms);
  const address = newClient();
  for (let i = 0; i < 15; i++) {
    expect((await findOrder("AFB000000000", address, at(i))).kind).toBe("none");
    expect((await findOrder("AFB000000000", `::ffff:${address}`, at(i))).kind).toBe("none");
  }
  expect((await findOrder("AFB000000000", `::ffff:${address}`, at(20))).kind).toBe("rate-limited");
});

/** What a route returns with data(): the body and the response's status and headers. */
type DataAnswer<T> = { data: T; init: { status: number; headers: Record<string, string> } };

const routeArgs = (clientAddress: string, params: Record<string, string>) =>
  ({ request: new Request("http://shop.test/"), context: { clientAddress }, params }) as never;

async function submitTrackForm(query: string, clientAddress: string) {
  const request = new Request("http://shop.test/track", { method: "POST", body: new URLSearchParams({ query }) });
  return (await trackAction({ request, context: { clientAddress }, params: {} } as never)) as unknown;
}

test("the /track form ignores a blank input and redirects to what it found", async () => {
  const order = await orderFor("+254700000006");
  const address = newClient();
  expect(await submitTrackForm("   ", address)).toBeNull();

  const byTracking = (await submitTrackForm(order.trackingId.toLowerCase(), address)) as Response;
  expect(byTracking.status).toBe(302);
  expect(byTracking.headers.get("Location")).toBe(`/track/${order.trackingId}`);

  const byPhone = (await submitTrackForm("+254 700 000 006", address)) as Response;
  expect(byPhone.headers.get("Location")).toBe("/orders-by-phone/+254700000006");
});

test("the /track form keeps what was typed with its message, and answers 429 once the client is over its limit", async () => {
  const address = newClient();
  type Answer = DataAnswer<{ query: string; message: string }>;
  const noMatch = (await submitTrackForm("AFB000000000", address)) as Answer;
  expect(noMatch.data).toEqual({ query: "AFB000000000", message: NO_MATCH });
  expect(noMatch.init.status).toBe(404);

  for (let i = 1; i < 30; i++) await submitTrackForm("AFB000000000", address);
  const refused = (await submitTrackForm("AFB000000000", address)) as Answer;
  expect(refused.init.status).toBe(429);
  expect(refused.data.message).toMatch(/^Too many order lookups from your connection\. Please wait \d+ seconds and try again\.$/);
  expect(refused.init.headers["Retry-After"]).toMatch(/^\d+$/);
});

test("an unknown tracking page answers 404; over the limit the tracking page and phone list answer 429; no phone goes to /track", async () => {
  const address = newClient();
  const unknown = (await trackOrderLoader(routeArgs(address, { trackingId: "AFB000000000" }))) as DataAnswer<{ kind: string }>;
  expect(unknown.init.status).toBe(404);
  expect(unknown.data).toEqual({ kind: "unknown" });

  for (let i = 1; i < 30; i++) await findOrder("AFB000000000", address);
  const page = (await trackOrderLoader(routeArgs(address, { trackingId: "AFB000000000" }))) as DataAnswer<{ kind: string; message: string }>;
  expect(page.init.status).toBe(429);
  expect(page.data.message).toMatch(/^Too many order lookups from your connection\./);
  const list = (await ordersByPhoneLoader(routeArgs(address, { phone: "+254700000001" }))) as DataAnswer<{ problem: string }>;
  expect(list.init.status).toBe(429);
  expect(list.data.problem).toMatch(/^Too many order lookups from your connection\./);

  const noPhone = (await ordersByPhoneLoader(routeArgs(address, {})).catch((thrown: unknown) => thrown)) as Response;
  expect(noPhone.status).toBe(302);
  expect(noPhone.headers.get("Location")).toBe("/track");
});
