import { expect, test, vi } from "vitest";
import { db } from "./db/database.server";
import { publish, type ShopEvent, subscribe } from "./events.server";

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
