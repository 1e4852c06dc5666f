import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { LISTEN_APPLICATION_NAME, queryRows } from "~/server/db/client.server";
import { db } from "~/server/db/database.server";
import { publish } from "~/server/events.server";
import { newRecordId } from "~/server/random.server";
import { startSession } from "~/server/session.server";
import { addStaff } from "~/server/staff.server";
import { givenStoredOrder } from "../../../tests/setup/builders";
import { loader } from "./events";

let streams = 0;

async function openStream(query: string, cookie?: string) {
  const abort = new AbortController();
  const headers = cookie ? { Cookie: cookie } : undefined;
  const request = new Request(`http://shop.test/events?${query}`, { signal: abort.signal, headers });
  // Each stream from an address of its own: one network's streams are limited (decision 046).
  const context = { cspNonce: "", clientAddress: `203.0.113.${++streams}` };
  const response = await loader({ request, params: {}, context } as Parameters<typeof loader>[0]);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const readUntil = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before "${needle}"`);
      text += decoder.decode(value);
    }
    return text;
  };
  return { response, readUntil, close: () => abort.abort(), text: () => text };
}

async function staffCookie() {
  const staff = await addStaff({ email: `owner-${newRecordId()}@events.test`, password: "a long enough password" });
  return (await startSession(new Request("http://shop.test/"), staff.id)).split(";")[0]!;
}

test("/events streams committed changes of the requested topics to staff, with their ids", async () => {
  const stream = await openStream("topics=orders", await staffCookie());
  expect(stream.response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  await stream.readUntil(": connected");
  expect(stream.text()).toContain("retry: 3000");

  await (
    await db()
  ).transaction(async (tx) => {
    await publish(tx, "products", "not-for-this-page");
    await publish(tx, "orders", "abc123");
  });
  const text = await stream.readUntil("abc123");
  expect(text).toContain(`event: change\ndata: {"topic":"orders","id":"abc123"}\n\n`);
  expect(text).not.toContain("not-for-this-page");
  stream.close();
});

test("a shopper's stream never carries an id, and of orders only those the page names", async () => {
  const mine = await givenStoredOrder();
  const someoneElses = await givenStoredOrder();
  const tracking = await openStream(`topics=orders,products&orders=${mine.trackingId.toLowerCase()}`);
  const payment = await openStream(`topics=orders&orders=${mine.id}`);
  const browsing = await openStream("topics=orders,products");
  for (const stream of [tracking, payment, browsing]) await stream.readUntil(": connected");

  await (
    await db()
  ).transaction(async (tx) => {
    await publish(tx, "orders", someoneElses.id);
    await publish(tx, "products", "a-product-id");
    await publish(tx, "orders", mine.id);
    await publish(tx, "orders");
  });
  const change = (topic: string) => `event: change\ndata: {"topic":"${topic}"}\n\n`;
  await tracking.readUntil(change("orders") + change("orders"));
  await payment.readUntil(change("orders") + change("orders"));
  await browsing.readUntil(change("products") + change("orders"));
  // The page that names no order hears of no single order: only the id-less change (a rider left) reaches it.
  expect(browsing.text().split(change("orders")).length - 1).toBe(1);
  for (const stream of [tracking, payment, browsing]) {
    expect(stream.text()).not.toContain(someoneElses.id);
    expect(stream.text()).not.toContain(mine.id);
    expect(stream.text()).not.toContain("a-product-id");
    stream.close();
  }
  // The tracking page got the products change, then its own order, then the id-less one: never the other order.
  expect(tracking.text().split("event: change").length - 1).toBe(3);
});

// PGlite runs in the process and cannot lose its listening connection (app/server/events-connection.test.ts).
test.skipIf(!process.env.DATABASE_URL)(
  "an open stream tells its page to reload when the process listens again after losing the connection",
  async () => {
    const stream = await openStream("topics=products");
    await stream.readUntil(": connected");
    const [listening] = await queryRows<{ pid: number }>(
      await db(),
      sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    );
    await (await db()).execute(sql`select pg_terminate_backend(${listening!.pid})`);
    await stream.readUntil("event: resync\ndata: {}\n\n");
    // The same stream carries what is committed afterwards.
    await (await db()).transaction((tx) => publish(tx, "products", "after-the-resync"));
    await stream.readUntil(`event: change\ndata: {"topic":"products"}\n\n`);
    stream.close();
  },
);
