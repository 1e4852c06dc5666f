import { parseTopics, subscribe } from "~/server/events.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;

/**
 * Server-Sent Events: one `change` event per committed write on the requested topics
 * (`/events?topics=orders,products`). A comment every 25 s keeps proxies from closing an idle stream.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const topics = parseTopics(new URL(request.url).searchParams.get("topics"));
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = await subscribe(topics, (event) => {
        send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      if (request.signal.aborted) cleanup();
      else request.signal.addEventListener("abort", () => cleanup(), { once: true });
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
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
