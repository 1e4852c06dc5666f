import { parseOrderKeys, parseTopics, type ShopEvent, shopperView, subscribe, takeStreamSlot } from "~/server/events.server";
import { randomInt } from "node:crypto";
import { orderIdsByKeys } from "~/server/orders.server";
import { liveStreamOpened } from "~/server/metrics.server";
import { currentStaff } from "~/server/session.server";
import { whenDraining } from "~/server/shop-state.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;
/**
 * A stopping process ends its streams telling each browser to come back within one to three seconds, spread so
 * that they do not all reach the other processes at once (decision 064).
 */
const drainingRetryMs = () => 1_000 + randomInt(2_000);
const TOO_MANY_STREAMS_MESSAGE = "Too many live-update connections from your network. Close some of the shop's tabs and reload the page.";

/**
 * Server-Sent Events: one `change` event per committed write on the requested topics
 * (`/events?topics=orders,products`), and a `resync` event when the process may have missed some (decision 062).
 * Staff get every event with its id; a shopper's page gets no ids, and order events only for the orders it names
 * (`&orders=` order ids or tracking ids; decision 023). A comment every 25 s keeps proxies from closing an idle
 * stream. A client network holds at most STREAMS_PER_CLIENT_NETWORK shoppers'
 * streams at once (429 beyond); signed-in staff are not counted, so the back office keeps its live updates
 * whoever shares the office's address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const topics = parseTopics(query.get("topics"));
  const staff = await currentStaff(request);
  const followed = staff ? undefined : new Set(await orderIdsByKeys(parseOrderKeys(query.get("orders"))));
  const release = staff ? () => {} : takeStreamSlot(context.clientAddress);
  if (!release) {
    return new Response(TOO_MANY_STREAMS_MESSAGE, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
  const visible = (event: ShopEvent) => (followed ? shopperView(event, followed) : event);
  const encoder = new TextEncoder();
  // Until the stream is subscribed, closing it only gives its slot back.
  let cleanup = release;

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = await subscribe(
        topics,
        (event) => {
          const shown = visible(event);
          if (shown) send(`event: change\ndata: ${JSON.stringify(shown)}\n\n`);
        },
        undefined,
        // This process may have missed changes (its listening connection was lost): the page reloads everything.
        () => send("event: resync\ndata: {}\n\n"),
      ).catch((error: unknown) => {
        release();
        throw error;
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      let stopWaiting = () => {};
      let ended = false;
      const counted = liveStreamOpened();
      cleanup = () => {
        if (ended) return;
        ended = true;
        counted();
        clearInterval(heartbeat);
        stopWaiting();
        unsubscribe();
        release();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      stopWaiting = whenDraining(() => {
        send(`retry: ${drainingRetryMs()}\n: this process is stopping\n\n`);
        cleanup();
      });
      if (request.signal.aborted) cleanup();
      else request.signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
