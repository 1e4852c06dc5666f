import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from "~/domain/order-status";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { secondConnection } from "../../tests/setup/fresh-database";
import type { Database } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { orders, products, riders } from "./db/schema.server";
import {
  adminOrderDetails,
  adminOrders,
  dispatchOrder,
  dispatchRiders,
  setOrderArchived,
  setOrderStatus,
  updateClientDetails,
} from "./order-admin.server";
import { placeOrder } from "./orders.server";
import { timelineOf } from "./audit.server";
import { heldQuantities } from "./stock.server";
import { watchLocalWrites } from "./events.server";
import { SESSION_COOKIE, startSession } from "./session.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";
import { givenOrder, givenProduct, givenRider } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

const staff = staffActor("owner@duka.test");

async function stockOf(productId: string) {
  const [row] = await (await db()).select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function orderRow(id: string) {
  const [row] = await (await db()).select().from(orders).where(eq(orders.id, id));
  return row!;
}

test("Delivered and Paid takes each product's ordered quantity once, however the two are switched afterwards", async () => {
  const { id: dress } = await givenProduct({ stock: 10 });
  const { id: basket } = await givenProduct({ stock: 5 });
  const { id: order } = await givenOrder({ lines: [{ productId: dress, quantity: 2 }, { productId: basket, quantity: 1 }] });

  await setOrderStatus(order, { paymentStatus: "Paid" }, staff);
  expect(await stockOf(dress)).toBe(10);
  await setOrderStatus(order, { status: "Delivered" }, staff);
  expect([await stockOf(dress), await stockOf(basket)]).toEqual([8, 4]);

  const steps: { status?: OrderStatus; paymentStatus?: PaymentStatus }[] = [
    { paymentStatus: "Unpaid" },
    { paymentStatus: "Paid" },
    { status: "Out for Delivery" },
    { status: "Delivered" },
    { status: "Cancelled" },
    { status: "Delivered", paymentStatus: "Paid" },
  ];
  for (const step of steps) await setOrderStatus(order, step, staff);
  expect([await stockOf(dress), await stockOf(basket)]).toEqual([8, 4]);
  expect((await orderRow(order)).stockTakenAt).not.toBeNull();
});

test("payment marked Paid on an order already Delivered takes the stock", async () => {
  const { id: product } = await givenProduct({ stock: 6 });
  const { id: order } = await givenOrder({ lines: [{ productId: product, quantity: 3 }] });
  await setOrderStatus(order, { status: "Delivered" }, staff);
  expect(await stockOf(product)).toBe(6);
  await setOrderStatus(order, { paymentStatus: "Paid" }, staff);
  expect(await stockOf(product)).toBe(3);
});

test("forty concurrent switches of status and payment, from two app processes, take the stock exactly once", async () => {
  const { id: product } = await givenProduct({ stock: 20 });
  const { id: order } = await givenOrder({ lines: [{ productId: product, quantity: 3 }] });
  // On PostgreSQL a second pool stands for a second app process; PGlite has one connection only.
  const shop: { db: Database; url?: string } = await shopDatabase();
  const main = shop.db;
  const other = (await secondConnection(shop))?.db ?? main;

  const changes = Array.from({ length: 40 }, (_, i) => {
    const status = ORDER_STATUSES[i % ORDER_STATUSES.length]!;
    const paymentStatus = PAYMENT_STATUSES[Math.floor(i / 3) % PAYMENT_STATUSES.length]!;
    // Every third change sets both at once; the others set one field, as the dropdowns do.
    const change = i % 3 === 0 ? { status: "Delivered" as const, paymentStatus: "Paid" as const } : i % 2 ? { status } : { paymentStatus };
    return setOrderStatus(order, change, staff, new Date(), i % 2 ? other : main);
  });
  const results = await Promise.all(changes);

  expect(results.every((r) => r.ok)).toBe(true);
  expect(await stockOf(product)).toBe(17);
  // And a last pair that makes it Delivered and Paid once more takes nothing.
  await Promise.all([
    setOrderStatus(order, { status: "Delivered" }, staff, new Date(), main),
    setOrderStatus(order, { paymentStatus: "Paid" }, staff, new Date(), other),
  ]);
  expect(await stockOf(product)).toBe(17);
});

test("stock never goes below 0, and a product deleted since the order takes nothing", async () => {
  const { id: scarce } = await givenProduct({ stock: 4 });
  const { id: gone } = await givenProduct({ stock: 4 });
  const { id: order } = await givenOrder({ lines: [{ productId: scarce, quantity: 3 }, { productId: gone, quantity: 1 }] });
  const database = await db();
  await database.update(products).set({ stock: 1 }).where(eq(products.id, scarce));
  await database.delete(products).where(eq(products.id, gone));

  expect(await setOrderStatus(order, { status: "Delivered", paymentStatus: "Paid" }, staff)).toMatchObject({ ok: true });

  expect(await stockOf(scarce)).toBe(0);
  expect((await orderRow(order)).stockTakenAt).not.toBeNull();
});

test("dispatch assigns the rider, sets Out for Delivery and writes the rider's message", async () => {
  const { id: product } = await givenProduct({ name: "Ankara Dispatch Dress", priceCents: 1_250_00 });
  const { id: order } = await givenOrder({ lines: [{ productId: product, quantity: 2 }] });
  const { id: rider } = await givenRider({ name: "Kevin Otieno", phone: "+254723456789" });

  const unpaid = await dispatchOrder(order, rider, staff);

  expect(unpaid).toMatchObject({ ok: true, rider: { name: "Kevin Otieno", phone: "+254723456789" } });
  expect(unpaid.ok && unpaid.message).toBe(
    [
      `Delivery for order #${order.slice(0, 6)}`,
      "Client: Achieng Otieno",
      "Phone: +254712345678",
      "Address: Kimathi Street, Nairobi",
      "Items:",
      "- 2 × Ankara Dispatch Dress at KSH 1,250",
      "Amount to collect: KSH 2,500",
    ].join("\n"),
  );
  expect(await orderRow(order)).toMatchObject({ riderId: rider, status: "Out for Delivery" });
  expect((await adminOrderDetails(order))?.rider).toEqual({ name: "Kevin Otieno", phone: "+254723456789" });

  await setOrderStatus(order, { paymentStatus: "Paid" }, staff);
  const paid = await dispatchOrder(order, rider, staff);
  expect(paid.ok && paid.message.split("\n").at(-1)).toBe("Payment: PAID");
});

test("dispatch goes through the stock rule: a Paid order dispatched after delivery keeps its stock taken once", async () => {
  const { id: product } = await givenProduct({ stock: 10 });
  const { id: order } = await givenOrder({ lines: [{ productId: product, quantity: 4 }] });
  const { id: rider } = await givenRider();
  await setOrderStatus(order, { status: "Delivered", paymentStatus: "Paid" }, staff);
  await dispatchOrder(order, rider, staff);
  await setOrderStatus(order, { status: "Delivered" }, staff);
  expect(await stockOf(product)).toBe(6);
});

test("dispatch to a rider deleted meanwhile is refused and changes nothing", async () => {
  const { id: order } = await givenOrder();
  const { id: rider } = await givenRider({ name: "Gone Rider" });
  await (await db()).delete(riders).where(eq(riders.id, rider));

  expect(await dispatchOrder(order, rider, staff)).toEqual({ ok: false, problem: "rider-missing" });
  expect(await orderRow(order)).toMatchObject({ riderId: null, status: "Pending Payment" });
  expect((await dispatchRiders()).some((r) => r.id === rider)).toBe(false);
});

test("every change to an order that does not exist says so", async () => {
  const missing = { ok: false, problem: "order-missing" };
  const { id: rider } = await givenRider();
  expect(await setOrderStatus("nosuchorder0000000000", { status: "Delivered" }, staff)).toEqual(missing);
  expect(await updateClientDetails("nosuchorder0000000000", { name: "A", address: "B", phone: "+254712345678" }, 1, staff)).toEqual(missing);
  expect(await setOrderArchived("nosuchorder0000000000", true, staff)).toEqual(missing);
  expect(await dispatchOrder("nosuchorder0000000000", rider, staff)).toEqual(missing);
  expect(await adminOrderDetails("nosuchorder0000000000")).toBeUndefined();
});

test("archived orders leave the active list for the archive and come back on restore", async () => {
  const { id: order } = await givenOrder({ at: new Date(Date.now() + 60_000) });
  const ids = async (tab: "active" | "archived") => (await adminOrders(tab, 1)).orders.map((o) => o.id);
  expect(await ids("active")).toContain(order);

  const archived = await setOrderArchived(order, true, staff);
  expect(archived.ok).toBe(true);
  expect(await ids("active")).not.toContain(order);
  expect((await ids("archived"))[0]).toBe(order);
  expect((await adminOrderDetails(order))?.isArchived).toBe(true);

  await setOrderArchived(order, false, staff);
  expect(await ids("archived")).not.toContain(order);
  expect(await ids("active")).toContain(order);
});

test("the lists are newest first, one page at a time, and every change gives the row a new version", async () => {
  const { id: product } = await givenProduct({ stock: 100 });
  const base = Date.parse("2030-01-01T00:00:00Z");
  const placed = [];
  for (let i = 0; i < 5; i++) placed.push((await givenOrder({ lines: [{ productId: product }], at: new Date(base + i * 60_000) })).id);

  const first = await adminOrders("active", 1, 2);
  const second = await adminOrders("active", 2, 2);
  expect(first.orders.map((o) => o.id)).toEqual([placed[4], placed[3]]);
  expect(second.orders.map((o) => o.id)).toEqual([placed[2], placed[1]]);
  expect(first.total).toBe(second.total);
  expect(first.total).toBeGreaterThanOrEqual(5);

  const before = first.orders[0]!.version;
  const changed = await setOrderStatus(placed[4]!, { status: "Processing" }, staff, new Date(base + 3_600_000));
  expect(changed).toEqual({ ok: true, version: new Date(base + 3_600_000).toISOString(), clientDetailsVersion: 1 });
  const after = (await adminOrders("active", 1, 2)).orders[0]!;
  expect(after).toMatchObject({ status: "Processing", version: changed.ok && changed.version });
  expect(after.version).not.toBe(before);
});

test("the client's details are corrected", async () => {
  const { id: order } = await givenOrder();
  await updateClientDetails(order, { name: "Wanjiku Kamau", address: "Moi Avenue, Mombasa", phone: "+254700111222" }, 1, staff);
  expect(await adminOrderDetails(order)).toMatchObject({
    clientName: "Wanjiku Kamau",
    clientAddress: "Moi Avenue, Mombasa",
    clientPhone: "+254700111222",
  });
});

test("the Orders page answers an unknown order with 404 'Order not found.', bad input with 400, never 500", async () => {
  const owner = await addStaff({ email: "owner@orders-admin.test", password: "a long enough password" });
  const cookie = (await startSession(new Request("http://shop.test/"), owner.id)).split(";")[0]!;
  expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
  const post = async (fields: Record<string, string>) => {
    const request = new Request("http://shop.test/admin/orders", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://shop.test" },
      body: new URLSearchParams(fields),
    });
    const answer = (await ordersAction({ request, params: {}, context: {} } as Parameters<typeof ordersAction>[0])) as unknown as {
      data: { error: string };
      init: { status: number } | null;
    };
    return { status: answer.init?.status ?? 200, error: answer.data.error };
  };

  const forUnknownOrder: Record<string, string>[] = [
    { intent: "status", status: "Delivered" },
    { intent: "payment", paymentStatus: "Paid" },
    { intent: "client", name: "A", address: "B", phone: "+254712345678", clientDetailsVersion: "1" },
    { intent: "dispatch", riderId: (await givenRider()).id },
    { intent: "archive" },
    { intent: "restore" },
  ];
  for (const fields of forUnknownOrder) {
    expect(await post({ ...fields, id: "nosuchorder0000000000" }), fields.intent).toEqual({ status: 404, error: "Order not found." });
  }

  const { id: order } = await givenOrder();
  expect(await post({ intent: "dispatch", id: order, riderId: "" })).toEqual({ status: 400, error: "Please select a rider." });
  expect(await post({ intent: "dispatch", id: order, riderId: "gonerider000" })).toEqual({
    status: 404,
    error: "Selected rider not found.",
  });
  expect(await post({ intent: "status", id: order, status: "Lost" })).toMatchObject({ status: 400 });
  expect(await post({ intent: "client", id: order, name: "A", address: "B", phone: "0712345678", clientDetailsVersion: "1" })).toMatchObject({
    status: 400,
    error: "Please enter the phone number with a country code, starting with a '+' sign.",
  });

  const page = async (query: string) => {
    const request = new Request(`http://shop.test/admin/orders${query}`, { headers: { Cookie: cookie } });
    const answer = (await ordersLoader({ request, params: {}, context: {} } as Parameters<typeof ordersLoader>[0])) as unknown as {
      data: { tab: string; selected: { kind: string } | null };
      init: { status: number } | null;
    };
    return { status: answer.init?.status ?? 200, tab: answer.data.tab, selected: answer.data.selected?.kind ?? null };
  };
  expect(await page("?order=nosuchorder0000000000")).toEqual({ status: 404, tab: "active", selected: "missing" });
  await setOrderArchived(order, true, staff);
  // A link to an archived order opens it on the Archived tab, whatever tab the link named.
  expect(await page(`?tab=active&order=${order.toUpperCase()}`)).toEqual({ status: 200, tab: "archived", selected: "found" });

  // Changes made through the page are recorded as the signed-in staff member's, and refusals are 409s that say why.
  const { id: scarce } = await givenProduct({ stock: 1, name: "Maasai Shuka Blanket" });
  const { id: restorable } = await givenOrder({ lines: [{ productId: scarce }] });
  const client = { intent: "client", id: restorable, name: "Wanjiku Kamau", address: "Moi Avenue, Mombasa", phone: "+254700111222" };
  expect(await post({ ...client, clientDetailsVersion: "1" })).toMatchObject({ status: 200 });
  expect(await post({ ...client, name: "Someone Else", clientDetailsVersion: "1" })).toEqual({
    status: 409,
    error: changedMeanwhileMessage("clientDetails"),
  });
  expect(await post({ intent: "archive", id: restorable })).toMatchObject({ status: 200 });
  await givenOrder({ lines: [{ productId: scarce }] });
  expect(await post({ intent: "restore", id: restorable })).toEqual({
    status: 409,
    error: "Cannot restore this order: Maasai Shuka Blanket is sold out.",
  });
  expect((await timelineOf("order", restorable)).map((entry) => [entry.staffEmail, Object.keys(entry.after ?? {}).sort()])).toEqual([
    ["owner@orders-admin.test", ["clientAddress", "clientName", "clientPhone"]],
    ["owner@orders-admin.test", ["isArchived"]],
  ]);
});

/** One order's recorded changes, as the timeline shows them. */
async function changesOf(orderId: string) {
  return (await timelineOf("order", orderId)).map(({ staffEmail, action, before, after }) => ({ staffEmail, action, before, after }));
}

test("every change to an order is recorded: who made it, and each changed field before and after, the rider by name", async () => {
  const { id: product } = await givenProduct({ stock: 5 });
  const { id: order } = await givenOrder({ lines: [{ productId: product }] });
  const { id: rider } = await givenRider({ name: "Kevin Otieno" });
  const colleague = staffActor("dev@duka.test");

  await setOrderStatus(order, { status: "Processing" }, staff);
  await setOrderStatus(order, { status: "Processing" }, staff); // changes nothing: no entry
  await setOrderStatus(order, { paymentStatus: "Paid" }, colleague);
  await dispatchOrder(order, rider, staff);
  await setOrderStatus(order, { status: "Delivered" }, staff);
  await setOrderArchived(order, true, colleague);
  await updateClientDetails(order, { name: "Achieng Otieno", address: "Moi Avenue, Mombasa", phone: "+254712345678" }, 1, staff);

  const email = "owner@duka.test";
  expect(await changesOf(order)).toEqual([
    { staffEmail: email, action: "update", before: { status: "Pending Payment" }, after: { status: "Processing" } },
    { staffEmail: "dev@duka.test", action: "update", before: { paymentStatus: "Unpaid" }, after: { paymentStatus: "Paid" } },
    {
      staffEmail: email,
      action: "update",
      before: { status: "Processing", rider: null },
      after: { status: "Out for Delivery", rider: "Kevin Otieno" },
    },
    {
      staffEmail: email,
      action: "update",
      before: { status: "Out for Delivery", stockTaken: false },
      after: { status: "Delivered", stockTaken: true },
    },
    { staffEmail: "dev@duka.test", action: "update", before: { isArchived: false }, after: { isArchived: true } },
    {
      staffEmail: email,
      action: "update",
      before: { clientAddress: "Kimathi Street, Nairobi" },
      after: { clientAddress: "Moi Avenue, Mombasa" },
    },
  ]);
});

test("a save of the client's details over a colleague's is refused and changes nothing; other changes do not refuse it", async () => {
  const { id: order } = await givenOrder();
  const details = (name: string) => ({ name, address: "Kimathi Street, Nairobi", phone: "+254712345678" });

  expect(await updateClientDetails(order, details("Wanjiku Kamau"), 1, staff)).toMatchObject({ ok: true, clientDetailsVersion: 2 });
  expect(await updateClientDetails(order, details("Njeri Mwangi"), 1, staffActor("dev@duka.test"))).toEqual({
    ok: false,
    problem: "changed-meanwhile",
  });
  expect(await orderRow(order)).toMatchObject({ clientName: "Wanjiku Kamau", clientDetailsVersion: 2 });
  expect(await changesOf(order)).toHaveLength(1);

  // A colleague setting the status leaves the details' version as it was.
  expect(await setOrderStatus(order, { status: "Processing" }, staff)).toMatchObject({ ok: true, clientDetailsVersion: 2 });
  expect(await updateClientDetails(order, details("Njeri Mwangi"), 2, staff)).toMatchObject({ ok: true, clientDetailsVersion: 3 });
  // A save that changes nothing keeps the version, so an open dialog elsewhere can still save.
  expect(await updateClientDetails(order, details("Njeri Mwangi"), 3, staff)).toMatchObject({ ok: true, clientDetailsVersion: 3 });
});

test("two saves of the client's details from the same version at once, from two app processes: exactly one is kept", async () => {
  const { id: order } = await givenOrder();
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const details = (name: string) => ({ name, address: "Kimathi Street, Nairobi", phone: "+254712345678" });

  const results = await Promise.all([
    updateClientDetails(order, details("Wanjiku Kamau"), 1, staff, new Date(), shop.db),
    updateClientDetails(order, details("Njeri Mwangi"), 1, staff, new Date(), other),
  ]);

  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "changed-meanwhile" }]);
  expect((await orderRow(order)).clientDetailsVersion).toBe(2);
  expect(await changesOf(order)).toHaveLength(1);
});

test("restoring an archived or cancelled order whose items sold meanwhile is refused, naming the product and what is left", async () => {
  const { id: product } = await givenProduct({ stock: 3, name: "Kiondo Sisal Basket" });
  const { id: archived } = await givenOrder({ lines: [{ productId: product, quantity: 2 }] });
  const { id: cancelled } = await givenOrder({ lines: [{ productId: product }] });
  await setOrderArchived(archived, true, staff);
  await setOrderStatus(cancelled, { status: "Cancelled" }, staff);
  const { id: buyer } = await givenOrder({ lines: [{ productId: product, quantity: 2 }] });

  const short = { ok: false, problem: "short-of-stock", productName: "Kiondo Sisal Basket", available: 1 };
  expect(await setOrderArchived(archived, false, staff)).toEqual(short);
  expect(await orderRow(archived)).toMatchObject({ isArchived: true });
  // Un-cancelling holds the item again too: one is left, and this order wants one.
  expect(await setOrderStatus(cancelled, { status: "Pending Payment" }, staff)).toMatchObject({ ok: true });
  expect(await setOrderArchived(archived, false, staff)).toEqual({ ...short, available: 0 });
  expect(await changesOf(archived)).toHaveLength(1);

  // Once the stock is back, the restore goes through.
  await setOrderStatus(buyer, { status: "Cancelled" }, staff);
  expect(await setOrderArchived(archived, false, staff)).toMatchObject({ ok: true });
  expect(await orderRow(archived)).toMatchObject({ isArchived: false });
});

test("changes that bring back nothing to hold are never refused: archiving, un-archiving a cancelled order, stock taken", async () => {
  const { id: product } = await givenProduct({ stock: 1 });
  const { id: cancelled } = await givenOrder({ lines: [{ productId: product }] });
  await setOrderStatus(cancelled, { status: "Cancelled" }, staff);
  await setOrderArchived(cancelled, true, staff);
  const { id: delivered } = await givenOrder({ lines: [{ productId: product }] });
  await setOrderStatus(delivered, { status: "Delivered", paymentStatus: "Paid" }, staff);
  await setOrderArchived(delivered, true, staff);
  expect(await stockOf(product)).toBe(0);

  expect(await setOrderArchived(cancelled, false, staff)).toMatchObject({ ok: true });
  expect(await setOrderArchived(delivered, false, staff)).toMatchObject({ ok: true });
});

test("a restore racing a checkout for the last units never oversells (two app processes)", async () => {
  const shop: { db: Database; url?: string } = await shopDatabase();
  const other = (await secondConnection(shop))?.db ?? shop.db;
  const rounds = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const { id: product } = await givenProduct({ stock: 2 });
      const { id: order } = await givenOrder({ lines: [{ productId: product, quantity: 2 }] });
      await setOrderArchived(order, true, staff);
      return { product, order };
    }),
  );

  const outcomes = await Promise.all(
    rounds.map(async ({ product, order }) => {
      const [restored, bought] = await Promise.all([
        setOrderArchived(order, false, staff, new Date(), other),
        placeOrder({
          name: "Njeri Mwangi",
          address: "Moi Avenue, Mombasa",
          phone: "+254700111222",
          paymentMethod: "M-Pesa",
          bag: [{ productId: product, size: "", color: "", quantity: 2 }],
          idempotencyKey: randomUUID(),
        }),
      ]);
      return { product, restored: restored.ok, bought: bought.ok };
    }),
  );

  for (const { product, restored, bought } of outcomes) {
    expect(Number(restored) + Number(bought), product).toBe(1);
    const held = (await heldQuantities(await db(), [product])).reduce((sum, line) => sum + line.quantity, 0);
    expect(held).toBeLessThanOrEqual(await stockOf(product));
  }
});

test("an order announces a product change only when a product sells out or comes back in stock", async () => {
  let announced = 0;
  watchLocalWrites(["products"], () => announced++);
  const { id: product } = await givenProduct({ stock: 5 });

  const { id: first } = await givenOrder({ lines: [{ productId: product, quantity: 2 }] });
  expect(announced, "2 of 5 bought").toBe(0);
  const { id: last } = await givenOrder({ lines: [{ productId: product, quantity: 3 }] });
  expect(announced, "the last 3 bought").toBe(1);
  await setOrderStatus(last, { status: "Processing" }, staff);
  expect(announced, "a status that holds as before").toBe(1);
  await setOrderStatus(first, { status: "Cancelled" }, staff);
  expect(announced, "2 back in stock").toBe(2);
  await setOrderStatus(last, { status: "Delivered", paymentStatus: "Paid" }, staff);
  expect(announced, "stock taken for what the order held").toBe(2);
  await setOrderStatus(first, { status: "Pending Payment" }, staff);
  expect(announced, "the 2 held again: sold out").toBe(3);
  await setOrderArchived(first, true, staff);
  expect(announced, "archived: back in stock").toBe(4);
});
