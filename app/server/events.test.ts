import { expect, test, vi } from "vitest";
import { db } from "./db/database.server";
import { publish, type ShopEvent, STREAMS_PER_CLIENT_NETWORK, subscribe, takeStreamSlot } from "./events.server";

async function collect(topics: Parameters<typeof subscribe>[0]) {
  const received: ShopEvent[] = [];
  const unsubscribe = await subscribe(topics, (event) => received.push(event));
  return { received, unsubscribe };
}

test("a committed write reaches a subscriber", async () => {
  const { received, unsubscribe } = await collect(["orders"]);
  await (await db()).transaction(async (tx) => {
    await publish(tx, "orders", "order-committed");
  });
  await vi.waitFor(() => expect(received).toEqual([{ topic: "orders", id: "order-committed" }]));
  unsubscribe();
});

test("a rolled-back write is never announced", async () => {
  const { received, unsubscribe } = await collect(["orders"]);
  await expect(
    (await db()).transaction(async (tx) => {
      await publish(tx, "orders", "order-rolled-back");
      throw new Error("checkout failed");
    }),
  ).rejects.toThrow("checkout failed");
  // A later committed event proves delivery has caught up; the rolled-back one must not be before it.
  await (await db()).transaction((tx) => publish(tx, "orders", "order-after"));
  await vi.waitFor(() => expect(received.map((e) => e.id)).toContain("order-after"));
  expect(received.map((e) => e.id)).toEqual(["order-after"]);
  unsubscribe();
});

test("a subscriber hears only the topics it asked for", async () => {
  const orders = await collect(["orders"]);
  const products = await collect(["products"]);
  await (await db()).transaction(async (tx) => {
    await publish(tx, "products", "p1");
    await publish(tx, "orders", "o1");
  });
  await vi.waitFor(() => expect(orders.received).toEqual([{ topic: "orders", id: "o1" }]));
  await vi.waitFor(() => expect(products.received).toEqual([{ topic: "products", id: "p1" }]));
  orders.unsubscribe();
  products.unsubscribe();
});

test("an unsubscribed listener hears nothing more", async () => {
  const { received, unsubscribe } = await collect(["riders"]);
  unsubscribe();
  const witness = await collect(["riders"]);
  await (await db()).transaction((tx) => publish(tx, "riders", "r1"));
  await vi.waitFor(() => expect(witness.received).toHaveLength(1));
  expect(received).toEqual([]);
  witness.unsubscribe();
});

test("a client network holds at most six live-update streams; a closed one gives its slot back, once", () => {
  const network = (n: number) => `2001:db8:e:1::${n.toString(16)}`;
  const slots = Array.from({ length: STREAMS_PER_CLIENT_NETWORK }, (_, n) => takeStreamSlot(network(n)));
  expect(STREAMS_PER_CLIENT_NETWORK).toBe(6);
  expect(slots.every((release) => release !== undefined)).toBe(true);
  expect(takeStreamSlot(network(99))).toBeUndefined();
  // Another network, and an IPv4 client, have their own.
  const elsewhere = takeStreamSlot("2001:db8:e:2::1");
  const ipv4 = takeStreamSlot("198.51.100.60");
  expect(elsewhere).toBeDefined();
  expect(ipv4).toBeDefined();

  slots[0]!();
  slots[0]!();
  const again = takeStreamSlot(network(100));
  expect(again).toBeDefined();
  expect(takeStreamSlot(network(101))).toBeUndefined();
  for (const release of [...slots, again, elsewhere, ipv4]) release?.();
  expect(takeStreamSlot(network(102))).toBeDefined();
});
