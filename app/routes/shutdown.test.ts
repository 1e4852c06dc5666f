import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { freePort, removeDataDir, type ShopServer, startShop } from "../../tests/e2e/support/shop-server";

// Issue 26 at the process's edge (server.ts, decision 064), against the built shop as `npm start` serves it:
// /livez and /readyz through start-up and a SIGTERM, live streams told to reconnect elsewhere, and requests in
// flight finished. Run `npm run build` first; a shop whose sources changed since rebuilds itself on start.

const START_MS = 300_000;
const GRACE_SECONDS = 3;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on a connection of its own; a connection refused or cut shows as status 0 with the error's code. */
function get(baseURL: string, target: string): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get(`${baseURL}${target}`, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, headers: {}, body: error.code ?? error.message }));
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const removals: string[] = [];
afterAll(() => removals.forEach(removeDataDir));

describe("start-up: the process answers /livez at once and takes traffic once its start-up work is done", () => {
  let shop: ShopServer | undefined;
  afterAll(() => shop?.stop());

  test("while it migrates and writes the sample shop, /livez is 200 and /readyz and pages are 503", async () => {
    // An empty data folder: migrating it and writing the sample shop take several seconds.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-start-"));
    removals.push(dataDir);
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const seen: { live: Answer; ready: Answer; home: Answer }[] = [];
    let started = false;
    const watching = (async () => {
      while (!started) {
        const [live, ready, home] = await Promise.all([get(baseURL, "/livez"), get(baseURL, "/readyz"), get(baseURL, "/")]);
        if (live.status !== 0) seen.push({ live, ready, home });
        await wait(100);
      }
    })();
    shop = await startShop({ dataDir, port });
    started = true;
    await watching;

    const starting = seen.find((s) => s.ready.status === 503);
    expect(starting?.live).toMatchObject({ status: 200, body: '{"status":"live"}' });
    expect(starting?.ready.body).toBe('{"status":"starting"}');
    expect(starting?.home).toMatchObject({ status: 503, headers: expect.objectContaining({ "retry-after": "5" }) });
    expect(starting?.home.body).toContain("The shop is starting");
    expect(await get(baseURL, "/readyz")).toMatchObject({ status: 200, body: '{"status":"ready"}' });
  }, START_MS);
});

describe(`a SIGTERM: ${GRACE_SECONDS} s more serving while reporting not ready, then requests in flight finish`, () => {
  test("no request is refused or cut, live streams are told to come back, and the process exits", async () => {
    const shop = await startShop({ env: { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) } });
    removals.push(shop.dataDir);
    const { hostname, port } = new URL(shop.baseURL);

    // A live-update stream, read to its end.
    const stream = new Promise<string>((resolve, reject) => {
      http.get(`${shop.baseURL}/events?topics=products`, { agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(text));
      }).on("error", reject);
    });
    // A request still arriving when the grace ends: its body comes in two halves, the second after the process
    // has stopped taking new connections.
    const halves = ["email=shopper%40", "example.co.ke"];
    const slowAnswer = new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        { hostname, port, path: "/newsletter", method: "POST", agent: false, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": halves.join("").length } },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        },
      );
      request.on("error", reject);
      request.write(halves[0]);
      setTimeout(() => request.end(halves[1]), (GRACE_SECONDS + 1.5) * 1_000);
    });
    await wait(300);

    const stopped = shop.stop();
    await wait(200);
    expect(await get(shop.baseURL, "/readyz")).toMatchObject({ status: 503, body: '{"status":"draining"}' });
    expect(await get(shop.baseURL, "/livez")).toMatchObject({ status: 200 });
    const during = await get(shop.baseURL, "/products");
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe("close");

    const streamed = await stream;
    expect(streamed).toMatch(/retry: ([12]\d{3})\n: this process is stopping\n\n$/);

    await wait(GRACE_SECONDS * 1_000);
    expect((await get(shop.baseURL, "/livez")).body).toBe("ECONNREFUSED");
    // The request under way when the process stopped listening got its whole answer.
    expect(await slowAnswer).toMatchObject({ status: 200, body: expect.stringContaining('"kind":"subscribed"') });
    await stopped;
    expect(shop.output()).toContain(`SIGTERM received: serving ${GRACE_SECONDS} s more while the proxy moves traffic away, then closing the shop.`);
  }, START_MS);
});
