import { expect, test } from "vitest";
import { db } from "~/server/db/database.server";
import { publish } from "~/server/events.server";
import { loader } from "./events";

async function openStream(topics: string) {
  const abort = new AbortController();
  const request = new Request(`http://shop.test/events?topics=${topics}`, { signal: abort.signal });
  const response = await loader({ request, params: {}, context: { cspNonce: "" } } as Parameters<typeof loader>[0]);
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

test("/events streams committed changes of the requested topics as server-sent events", async () => {
  const stream = await openStream("orders");
  expect(stream.response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  await stream.readUntil(": connected");
  expect(stream.text()).toContain("retry: 3000");

  await (await db()).transaction(async (tx) => {
    await publish(tx, "products", "not-for-this-page");
    await publish(tx, "orders", "abc123");
  });
  const text = await stream.readUntil("abc123");
  expect(text).toContain(`event: change\ndata: {"topic":"orders","id":"abc123"}\n\n`);
  expect(text).not.toContain("not-for-this-page");
  stream.close();
});
