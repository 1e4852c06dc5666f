import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/domain/request-bodies";
import { MAX_UPLOAD_BYTES } from "~/server/uploads.server";
import { residentMB, shopPid } from "../../tests/e2e/support/shop-memory";
import { removeDataDir, type ShopServer, startShop } from "../../tests/e2e/support/shop-server";

// Issue 21 at the HTTP edge (server.ts, decision 046), against the built shop as `npm start` serves it: request
// bodies limited as they arrive, TRUST_PROXY, HSTS and Permissions-Policy, /uploads, and /events per client network.
// Run `npm run build` first; a shop whose sources changed since rebuilds itself on start.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const START_MS = 300_000;
const MB = 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, "a");
const STAFF = { email: "owner@edge.test", password: "a long enough edge password" };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Sends a request, writing `pieces` of 64 KB of body (chunked unless a Content-Length is given), and ends it
 * only if `end`; resolves with the answer as soon as it comes, whatever is left of the body unsent.
 */
function send(
  baseURL: string,
  target: string,
  options: { method?: string; headers?: Record<string, string | number>; pieces?: number; end?: boolean } = {},
): Promise<Answer> {
  const { method = "POST", headers = {}, pieces = 0, end = true } = options;
  return new Promise((resolve, reject) => {
    // The path as written, not normalised as a URL would be ("/uploads/../x" stays so).
    const { hostname, port } = new URL(baseURL);
    const request = http.request({ hostname, port, path: target, method, headers, agent: false });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        request.destroy();
      });
    });
    // Once the answer has come, a refused client's writes may fail: that is the rest of the body not taken.
    request.on("error", (error) => reject(error));
    let written = 0;
    const write = () => {
      while (written < pieces) {
        written += 1;
        if (!request.write(PIECE)) return void request.once("drain", write);
      }
      if (end) request.end();
      else request.flushHeaders();
    };
    write();
  });
}

/** Opens a live-update stream as a shopper at `from` (the address a trusted proxy forwards); its status and how to close it. */
function openStream(baseURL: string, from: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseURL}/events?topics=products`, { agent: false, headers: { "X-Forwarded-For": from } });
    request.on("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const METRICS_TOKEN = "edge-metrics-token-0123456789abcdef";

/** The shop's JSON log lines (decision 061) that match `wanted`. */
function logLines(shop: ShopServer, wanted: (line: Record<string, unknown>) => boolean): Record<string, unknown>[] {
  return shop
    .output()
    .split("\n")
    .filter((text) => text.startsWith("{"))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .filter(wanted);
}

test("the edge lets through the image upload's own limit", () => {
  expect(IMAGE_UPLOAD_MAX_BYTES).toBe(MAX_UPLOAD_BYTES);
});

describe("a shop behind a proxy on the same host (TRUST_PROXY=loopback)", () => {
  let shop: ShopServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-edge-"));
    await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", STAFF.email], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STAFF_PASSWORD: STAFF.password },
    });
    // Its own uploads folder: the test set-up names one for this process.
    shop = await startShop({
      dataDir,
      env: { TRUST_PROXY: "loopback", PUBLIC_URL: "", UPLOADS_DIR: path.join(dataDir, "uploads"), METRICS_TOKEN, DUKA_PROCESS_NAME: "edge-1" },
    });
  }, START_MS);

  afterAll(async () => {
    await shop?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  test("the proxy's X-Request-Id is the request's id: sent back, and on its log line, which shows no query", async () => {
    const answer = await fetch(`${shop.baseURL}/orders-by-phone/%2B254712345678?phone=%2B254712345678`, {
      headers: { "X-Request-Id": "edge-req-1" },
    });
    expect(answer.headers.get("x-request-id")).toBe("edge-req-1");
    await expect.poll(() => logLines(shop, (line) => line.reqId === "edge-req-1")).toEqual([
      expect.objectContaining({
        process: "edge-1",
        msg: "request answered",
        route: "/orders-by-phone/:phone?",
        path: "/orders-by-phone/+254 ••• ••• 678",
        status: answer.status,
      }),
    ]);
    expect(shop.output()).not.toContain("712345678");
  });

  test("/metrics answers only to METRICS_TOKEN, with requests counted by their route's pattern", async () => {
    await fetch(`${shop.baseURL}/product/edge-kiondo`);
    expect((await fetch(`${shop.baseURL}/metrics`)).status).toBe(401);
    expect((await fetch(`${shop.baseURL}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789abcdef0123" } })).status).toBe(401);
    const metrics = await fetch(`${shop.baseURL}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('route="/product/:slug"');
    expect(text).not.toContain("edge-kiondo");
    expect(text).toMatch(/^duka_sweep_last_success_timestamp_seconds\{sweep="Cancelling unpaid orders past the hold time"\} \d/m);
  });

  test("a form declaring 2 MB is refused with 413 before any of its body is sent", async () => {
    const answer = await send(shop.baseURL, "/track", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 2 * MB },
      end: false,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toContain("A form sent to the shop may be at most 1 MB.");
  });

  test("a chunked form is cut off once it passes 1 MB, while its sender is still sending", async () => {
    const answer = await send(shop.baseURL, "/checkout", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      pieces: 24,
      end: false,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("at most 1 MB");
  });

  test("a chunked 5 MB form gets 413 and the shop does not grow by the body's size", async () => {
    const pid = shopPid(shop.baseURL);
    const chunked5MB = () => send(shop.baseURL, "/track", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, pieces: 80 });
    // Once first, so what the first refusal sets up is not counted.
    expect((await chunked5MB()).status).toBe(413);
    await settle();
    const before = residentMB(pid);
    expect((await chunked5MB()).status).toBe(413);
    await settle();
    expect(residentMB(pid) - before).toBeLessThan(5);
  });

  test("a form within its limit still reaches its page, sent whole or chunked", async () => {
    const small = await fetch(`${shop.baseURL}/track`, { method: "POST", body: new URLSearchParams({ query: "AFB000000000" }) });
    expect(small.status).toBe(404);
    expect(await small.text()).toContain("No order found with that Order ID");

    // 900 KB, chunked: under the limit, it goes on to the page, which answers in its own words.
    const nearlyFull = `query=${"A".repeat(900 * 1024)}`;
    const chunked = await fetch(`${shop.baseURL}/track`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new Blob([nearlyFull]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).not.toBe(413);
    expect(await chunked.text()).toContain("No order found with that Order ID");
  });

  test("an image upload larger than a form's limit, within its own 10 MB, is stored and served as an image", async () => {
    const signIn = await fetch(`${shop.baseURL}/admin/login`, {
      method: "POST",
      headers: { Origin: shop.baseURL },
      body: new URLSearchParams(STAFF),
      redirect: "manual",
    });
    const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
    expect(signIn.status, "signed in").toBe(302);
    // Noise does not compress: about 2.5 MB as a PNG.
    const size = { width: 1000, height: 850, channels: 3 } as const;
    const noise = Buffer.from(Array.from({ length: size.width * size.height * size.channels }, (_, i) => (i * 7919) % 251));
    const png = await sharp(noise, { raw: size }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.byteLength).toBeGreaterThan(2 * MB);

    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "noise.png");
    const upload = await fetch(`${shop.baseURL}/admin/upload`, {
      method: "POST",
      headers: { Origin: shop.baseURL, Cookie: cookie ?? "" },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    const image = await fetch(`${shop.baseURL}${url.replace(".webp", "-320.webp")}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  test("every answer carries a Permissions-Policy; HSTS only over HTTPS, as the trusted proxy says", async () => {
    const plain = await fetch(`${shop.baseURL}/`);
    expect(plain.headers.get("permissions-policy")).toContain("camera=()");
    expect(plain.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(plain.headers.get("strict-transport-security")).toBeNull();

    const overHttps = await fetch(`${shop.baseURL}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(overHttps.headers.get("permissions-policy")).toContain("microphone=()");
  });

  test("/uploads serves only the shop's own image names: a path out of the folder or another file is not found", async () => {
    writeFileSync(path.join(dataDir, "uploads", "notours.txt"), "not an image of the shop's");
    writeFileSync(path.join(dataDir, "uploads", "0123456789abcdef0123.html"), "<script>alert(1)</script>");
    for (const target of [
      "/uploads/../x",
      "/uploads/%2e%2e/package.json",
      "/uploads/notours.txt",
      "/uploads/0123456789abcdef0123.html",
      "/uploads/",
    ]) {
      const answer = await send(shop.baseURL, target, { method: "GET" });
      expect(answer.status, target).toBe(404);
      expect(answer.headers["content-type"], target).not.toContain("html");
    }
  });

  test("a client network (an IPv6 /64) holds at most six live-update streams; a closed one makes room", async () => {
    const streams = [];
    for (let n = 1; n <= 6; n++) streams.push(await openStream(shop.baseURL, `2001:db8:9:1::${n}`));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await openStream(shop.baseURL, "2001:db8:9:1:ffff::7");
    expect(seventh.status).toBe(429);
    const elsewhere = await openStream(shop.baseURL, "2001:db8:9:2::1");
    expect(elsewhere.status).toBe(200);

    streams[0]!.close();
    await settle();
    const again = await openStream(shop.baseURL, "2001:db8:9:1::8");
    expect(again.status).toBe(200);
    for (const stream of [...streams, seventh, elsewhere, again]) stream.close();
  });
});

describe("a shop at an https PUBLIC_URL whose proxy it does not trust", () => {
  let shop: ShopServer;

  beforeAll(async () => {
    shop = await startShop({ env: { TRUST_PROXY: "10.0.0.0/8", PUBLIC_URL: "https://shop.test" } });
  }, START_MS);

  afterAll(async () => {
    await shop?.stop();
    if (shop) removeDataDir(shop.dataDir);
  });

  const WARNING = "PUBLIC_URL is https but a request arrived over plain HTTP without a trusted X-Forwarded-Proto";

  test("it warns once, in one sentence, when the first visit comes over plain HTTP (health checks aside), and sends HSTS", async () => {
    expect(shop.output()).not.toContain(WARNING);
    const first = await fetch(`${shop.baseURL}/`, { headers: { "X-Request-Id": "made-up-by-the-client" } });
    await fetch(`${shop.baseURL}/products`);
    const warnings = logLines(shop, (line) => String(line.msg).includes(WARNING));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.msg).match(/[.!?](\s|$)/g)).toHaveLength(1);
    // Logged while the first visit was served, so it carries that visit's id: the shop's own, not the client's.
    expect(warnings[0]).toMatchObject({ level: 40, reqId: first.headers.get("x-request-id") });
    expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Browsers ignore it over plain HTTP; at an https address it reaches them through the proxy.
    expect(first.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  test("forwarding headers from a client that is not the trusted proxy are not believed", async () => {
    // Seven made-up addresses from one client are still one client, with six streams.
    const streams = [];
    for (let n = 1; n <= 7; n++) streams.push(await openStream(shop.baseURL, `198.51.100.${n}`));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    for (const stream of streams) stream.close();
  });
});

test(
  "a TRUST_PROXY the shop cannot read stops start-up with one sentence",
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-edge-"));
    const started = startShop({ dataDir, env: { TRUST_PROXY: "the proxy" } }).finally(() => removeDataDir(dataDir));
    await expect(started).rejects.toThrow(
      'Duka cannot start: TRUST_PROXY must be how many proxies stand in front of the shop (such as 1) or their addresses, comma-separated (such as 10.0.0.2, 172.16.0.0/12 or loopback), not "the proxy".',
    );
  },
  START_MS,
);
