import net, { type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { LISTEN_APPLICATION_NAME, type ListenState, openPostgres, queryRows } from "./db/client.server";
import { db, shopDatabase } from "./db/database.server";
import { EVENTS_CHANNEL, listeningInterrupted, publish, type ShopEvent, stopListening, subscribe } from "./events.server";
import { liveCache } from "./live-cache.server";
import { sharedPage } from "./page-cache.server";

// The listening connection (decision 062): on PostgreSQL it is a TCP connection that can be cut (a restart, a
// failover, pg_terminate_backend) or go silent (a machine or router gone); the process finds out, listens again,
// and tells every subscriber it may have missed changes, so caches and pages read afresh. PGlite runs inside the
// process and its LISTEN is a function call, not a connection: it cannot be lost, so those tests run on
// PostgreSQL only (DATABASE_URL), and on PGlite only what applies to both runs.
const onPostgres = Boolean(process.env.DATABASE_URL);

async function listeningBackends(): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    await db(),
    sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
  );
  return rows.map((row) => row.pid);
}

/** Waits until the shop's is the only listening backend: one an earlier test closed may take a moment to go. */
async function onlyTheShopListens(): Promise<void> {
  await vi.waitFor(async () => expect(await listeningBackends()).toHaveLength(1), { timeout: 5_000 });
}

/** Ends this database's listening backends from the server's side, as an operator or a failover would. */
async function terminateListeningBackends(): Promise<number> {
  const pids = await listeningBackends();
  for (const pid of pids) await (await db()).execute(sql`select pg_terminate_backend(${pid})`);
  return pids.length;
}

const counter = () => {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
};

/** A stand-in for React Router's rendering that counts how often a page was rendered. */
function renderer() {
  let renders = 0;
  const render = async () => new Response(`rendering ${++renders}`, { status: 200 });
  return { render, renders: () => renders };
}
const aboutPage = { url: new URL("http://shop.test/about"), cookie: "", nonce: "n", clientAddress: "203.0.113.90" };

/**
 * A TCP relay to PostgreSQL that can go silent, as a connection does when the machine or a router between goes
 * away without a word (no FIN, no RST), and can refuse new connections.
 */
async function startRelay(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const open = new Set<net.Socket>();
  const flowing = new Set<[net.Socket, net.Socket]>();
  let accepted = 0;
  let refusing = false;
  const server = net.createServer((client) => {
    accepted++;
    if (refusing) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        flowing.delete(pair);
        for (const each of pair) each.destroy();
      });
    }
    flowing.add(pair);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    accepted: () => accepted,
    /** Every connection open now stops carrying anything either way, and stays open. */
    silence() {
      for (const [client, upstream] of flowing) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      flowing.clear();
    },
    refuse() {
      refusing = true;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

test("a subscription ends when the shop stops listening, and a later one hears changes again", async () => {
  let ended = 0;
  await subscribe(
    ["orders"],
    () => {},
    () => ended++,
  );
  await stopListening();
  expect(ended).toBe(1);

  const heard: ShopEvent[] = [];
  const unsubscribe = await subscribe(["orders"], (event) => heard.push(event));
  await (await db()).transaction((tx) => publish(tx, "orders", "after-stopping"));
  await vi.waitFor(() => expect(heard).toEqual([{ topic: "orders", id: "after-stopping" }]));
  unsubscribe();
});

test.skipIf(!onPostgres)(
  "a listening backend terminated by the server is replaced: subscribers hear they missed changes, caches are dropped, later changes arrive",
  async () => {
    const heard: ShopEvent[] = [];
    let missed = 0;
    const unsubscribe = await subscribe(
      ["orders"],
      (event) => heard.push(event),
      undefined,
      () => missed++,
    );
    const settings = liveCache<string, number>(["settings"]);
    const source = counter();
    const page = renderer();
    expect(await settings.get("store", source.load)).toBe(1);
    expect(await settings.get("store", source.load)).toBe(1);
    await sharedPage(aboutPage, page.render);
    await sharedPage(aboutPage, page.render);
    expect(page.renders()).toBe(1);

    await onlyTheShopListens();
    expect(await terminateListeningBackends()).toBe(1);
    await vi.waitFor(() => expect(missed).toBe(1), { timeout: 10_000 });
    expect(listeningInterrupted()).toBe(false);
    expect(await listeningBackends()).toHaveLength(1);
    // Nothing was announced on their topics: only the resync dropped them.
    expect(await settings.get("store", source.load)).toBe(2);
    await sharedPage(aboutPage, page.render);
    expect(page.renders()).toBe(2);

    await (await db()).transaction((tx) => publish(tx, "orders", "after-reconnecting"));
    await vi.waitFor(() => expect(heard).toEqual([{ topic: "orders", id: "after-reconnecting" }]));
    unsubscribe();
  },
);

test.skipIf(!onPostgres)("a listening connection gone silent is found by its heartbeat within a second and replaced", async () => {
  const shop = (await shopDatabase()) as { url?: string };
  const relay = await startRelay(shop.url!);
  // The pool goes straight to the database; only LISTEN goes through the relay (as DATABASE_LISTEN_URL would).
  const process2 = await openPostgres(shop.url!, { listenUrl: relay.url, heartbeatMs: 200 });
  try {
    const states: ListenState[] = [];
    const heard: string[] = [];
    const stop = await process2.listen(
      EVENTS_CHANNEL,
      (payload) => heard.push(payload),
      (state) => states.push(state),
    );
    relay.silence();
    const silencedAt = Date.now();
    await vi.waitFor(() => expect(states).toEqual(["lost"]), { timeout: 5_000 });
    expect(Date.now() - silencedAt).toBeLessThan(1_000);
    await vi.waitFor(() => expect(states).toEqual(["lost", "restored"]), { timeout: 5_000 });
    expect(relay.accepted()).toBe(2);

    await process2.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'after-the-silence')`);
    await vi.waitFor(() => expect(heard).toEqual(["after-the-silence"]));
    await stop();
  } finally {
    await process2.close();
    await relay.close();
  }
});

test.skipIf(!onPostgres)(
  "stopping while the listening connection is being replaced ends at once, and nothing reconnects after",
  async () => {
    const shop = (await shopDatabase()) as { url?: string };
    const relay = await startRelay(shop.url!);
    const process2 = await openPostgres(shop.url!, { listenUrl: relay.url, heartbeatMs: 200 });
    try {
      const states: ListenState[] = [];
      const stop = await process2.listen(
        EVENTS_CHANNEL,
        () => {},
        (state) => states.push(state),
      );
      relay.refuse();
      relay.silence();
      // Lost, and tried again (refused) at least twice.
      await vi.waitFor(() => expect(relay.accepted()).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
      const stopping = Date.now();
      await stop();
      expect(Date.now() - stopping).toBeLessThan(1_500);
      const attempts = relay.accepted();
      await sleep(1_500);
      expect(relay.accepted()).toBe(attempts);
      expect(states).toEqual(["lost"]);
    } finally {
      await process2.close();
      await relay.close();
    }
  },
);

test.skipIf(!onPostgres)(
  "the shop closing while its listening backend was just terminated ends its subscribers and listens no more",
  async () => {
    let ended = 0;
    let missed = 0;
    await subscribe(
      ["orders"],
      () => {},
      () => ended++,
      () => missed++,
    );
    await onlyTheShopListens();
    expect(await terminateListeningBackends()).toBe(1);
    await vi.waitFor(() => expect(listeningInterrupted()).toBe(true));
    await stopListening();
    expect(ended).toBe(1);
    expect(listeningInterrupted()).toBe(false);
    await sleep(1_500);
    expect(await listeningBackends()).toEqual([]);
    expect(missed).toBe(0);
  },
);
