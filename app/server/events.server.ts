import { type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { clientNetwork } from "~/domain/rate-limit";
import type { ListenState, Queryable } from "./db/client.server";
import { shopDatabase } from "./db/database.server";

export const EVENTS_CHANNEL = "duka_events";

const SHOP_TOPICS = ["orders", "products", "categories", "riders", "delivery", "promotions", "campaigns", "settings", "content"] as const;
export type ShopTopic = (typeof SHOP_TOPICS)[number];

const shopEventSchema = z.object({ topic: z.enum(SHOP_TOPICS), id: z.string().max(200).optional() });
export type ShopEvent = z.infer<typeof shopEventSchema>;

/**
 * Announces a change. Call it inside the transaction that makes the change: PostgreSQL delivers a NOTIFY
 * only when its transaction commits, so a rolled-back write is never announced. `writes` (inserts, updates)
 * are made in the same statement, as one round trip: an embedded database pays for each statement.
 */
export async function publish(tx: Queryable, topic: ShopTopic, id?: string, writes: readonly SQLWrapper[] = []): Promise<void> {
  const payload: ShopEvent = id === undefined ? { topic } : { topic, id };
  const notify = sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`;
  // A data-modifying WITH runs exactly once whether or not the query reads it.
  const named = writes.map((write, i) => sql`${sql.raw(`write${i}`)} as (${write.getSQL()})`);
  await tx.execute(named.length === 0 ? notify : sql`with ${sql.join(named, sql`, `)} ${notify}`);
  for (const write of localWriteWatchers) if (write.topics.has(topic)) write.notice();
}

// Told of a write in this process as it is made (before it commits): for caches, which then read the
// database again rather than keep a value the write is about to replace.
const localWriteWatchers = new Set<{ topics: ReadonlySet<ShopTopic>; notice: () => void }>();

/** Calls `notice` whenever this process publishes a change on one of `topics`. */
export function watchLocalWrites(topics: Iterable<ShopTopic>, notice: () => void): void {
  localWriteWatchers.add({ topics: new Set(topics), notice });
}

type Subscriber = {
  topics: ReadonlySet<ShopTopic>;
  deliver: (event: ShopEvent) => void;
  ended?: (() => void) | undefined;
  missed?: (() => void) | undefined;
};

// One LISTEN per process, fanned out to every subscriber in memory.
const state = globalThis as typeof globalThis & {
  __dukaEvents?: { subscribers: Set<Subscriber>; listening?: Promise<() => Promise<void>>; interrupted?: boolean };
};
const hub = (state.__dukaEvents ??= { subscribers: new Set() });

function fanOut(payload: string) {
  let event: ShopEvent;
  try {
    const parsed = shopEventSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    event = parsed.data;
  } catch {
    return;
  }
  for (const subscriber of hub.subscribers) {
    if (subscriber.topics.has(event.topic)) subscriber.deliver(event);
  }
}

/**
 * The listening connection was lost, or listens again. Changes committed in between were never heard, so once it
 * is back every subscriber is told it missed some: caches drop what they kept, live streams tell their pages to
 * reload. Subscribers stay subscribed throughout.
 */
function connectionChanged(change: ListenState) {
  hub.interrupted = change === "lost";
  if (change === "restored") for (const subscriber of hub.subscribers) subscriber.missed?.();
}

async function ensureListening() {
  hub.listening ??= shopDatabase()
    .then((database) => database.listen(EVENTS_CHANNEL, fanOut, connectionChanged))
    .catch((error) => {
      hub.listening = undefined;
      throw error;
    });
  await hub.listening;
}

/** Whether changes may be going unheard right now: the listening connection is lost and not yet back. */
export function listeningInterrupted(): boolean {
  return hub.interrupted === true;
}

/**
 * Calls `deliver` for every committed change on the given topics, `ended` if the process stops listening (no
 * more changes will come), and `missed` when changes may have gone unheard (the listening connection was lost
 * and is back); resolves to the unsubscribe function.
 */
export async function subscribe(
  topics: Iterable<ShopTopic>,
  deliver: (event: ShopEvent) => void,
  ended?: () => void,
  missed?: () => void,
): Promise<() => void> {
  await ensureListening();
  const subscriber: Subscriber = { topics: new Set(topics), deliver, ended, missed };
  hub.subscribers.add(subscriber);
  return () => {
    hub.subscribers.delete(subscriber);
  };
}

/** Stops the process's LISTEN (before the database closes). */
export async function stopListening(): Promise<void> {
  const listening = hub.listening;
  hub.listening = undefined;
  hub.interrupted = false;
  for (const subscriber of hub.subscribers) subscriber.ended?.();
  hub.subscribers.clear();
  if (listening) await (await listening.catch(() => async () => {}))();
}

/** Parses the `topics` query parameter of /events; unknown names are ignored, none means every topic. */
export function parseTopics(value: string | null): ShopTopic[] {
  const wanted = (value ?? "").split(",").map((t) => t.trim());
  const known = SHOP_TOPICS.filter((t) => wanted.includes(t));
  return known.length > 0 ? known : [...SHOP_TOPICS];
}

/** How many orders one shopper's page may follow (a phone number's order list is the longest). */
const MAX_WATCHED_ORDERS = 50;

/** Parses the `orders` query parameter of /events: order ids or tracking ids, comma-separated. */
export function parseOrderKeys(value: string | null): string[] {
  const keys = (value ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key.length > 0 && key.length <= 64);
  return [...new Set(keys)].slice(0, MAX_WATCHED_ORDERS);
}

/**
 * What a shopper's stream may see of an event: never an id (a new order's id opens its payment page, with
 * the client's name and address), and of orders only those the page follows. Staff see every event whole.
 */
export function shopperView(event: ShopEvent, followedOrderIds: ReadonlySet<string>): ShopEvent | undefined {
  if (event.topic === "orders" && event.id !== undefined && !followedOrderIds.has(event.id)) return undefined;
  return { topic: event.topic };
}

/**
 * Live-update streams one client network (an IPv6 client's /64) may hold open at once in this process: a browser
 * over HTTP/1.1 opens at most six connections to a site, so a shopper never needs more, and a client opening
 * thousands cannot hold the process's connections and listeners (issue 21).
 */
export const STREAMS_PER_CLIENT_NETWORK = 6;
const openStreams = new Map<string, number>();

/**
 * Takes one of the client network's stream slots: the function that gives it back (once, however often it is
 * called), or undefined when the network holds all of them.
 */
export function takeStreamSlot(clientAddress: string): (() => void) | undefined {
  const network = clientNetwork(clientAddress);
  const open = openStreams.get(network) ?? 0;
  if (open >= STREAMS_PER_CLIENT_NETWORK) return undefined;
  openStreams.set(network, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(network) ?? 1) - 1;
    if (left > 0) openStreams.set(network, left);
    else openStreams.delete(network);
  };
}
