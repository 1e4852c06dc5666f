import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startShop } from "../tests/e2e/support/shop-server";
import { newShopPlace, postgresUrl, root, runScript, STAFF_EMAIL, staffCookie, writeResult } from "./support";

/**
 * Two shop processes on one PostgreSQL, on two ports, sharing one UPLOADS_DIR: an order placed through one
 * reaches the other's staff live, a session made on one is valid on the other, and an image uploaded through
 * one is served by both. Fails (exit 1) when any of these does not hold.
 */
const LIVE_WITHIN_MS = 2_000;

export type ScaleOutFigures = {
  sessionSharedAcrossProcesses: boolean;
  /** From sending the checkout form to the other process's staff stream carrying the new order. */
  orderAnnouncedOnOtherProcessMs: number;
  orderListedOnOtherProcess: boolean;
  uploadServedByBoth: boolean;
};

/** Waits for the `change` event naming `id` on a staff member's /events stream; ms since `since`. */
async function nextOrderEvent(
  baseURL: string,
  cookie: string,
  signal: AbortSignal,
): Promise<(id: string, since: number) => Promise<number>> {
  const response = await fetch(`${baseURL}/events?topics=orders`, { headers: { Cookie: cookie }, signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(": connected")) text += decoder.decode((await reader.read()).value);
  return async (id, since) => {
    while (!text.includes(`"id":"${id}"`)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("The event stream ended");
      text += decoder.decode(value);
    }
    return Math.round(performance.now() - since);
  };
}

export async function scaleOutFigures(): Promise<ScaleOutFigures> {
  const place = await newShopPlace("postgres");
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), "duka-shared-uploads-"));
  const env = { UPLOADS_DIR: uploadsDir };
  // Both start at once on an empty database: migrations and sample data run once, under advisory locks.
  const [first, second] = await Promise.all([
    startShop({ databaseUrl: place.databaseUrl, env }),
    startShop({ databaseUrl: place.databaseUrl, env }),
  ]);
  const abort = new AbortController();
  try {
    await runScript(place, "scripts/staff.ts", ["add", STAFF_EMAIL], { STAFF_PASSWORD: "a long enough bench password" });
    const cookie = await staffCookie(first.baseURL);
    const dashboard = await fetch(`${second.baseURL}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });

    const announced = await nextOrderEvent(second.baseURL, cookie, abort.signal);
    const sitemap = await (await fetch(`${first.baseURL}/sitemap.xml`)).text();
    const productId = /\/product\/adinkra-inspired-cushion-cover-([a-z0-9]+)</.exec(sitemap)?.[1];
    const placedAt = performance.now();
    const checkout = await fetch(`${first.baseURL}/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Scale-out Shopper",
        address: "Moi Avenue, Nairobi",
        phone: "+254712345678",
        paymentMethod: "M-Pesa",
        bag: JSON.stringify([{ productId, size: "45 × 45 cm", color: "Ochre & Charcoal", quantity: 1 }]),
        idempotencyKey: "scale-out-checkout-0001",
      }),
      redirect: "manual",
    });
    const orderId = /\/payment-instructions\/([a-z0-9]+)$/.exec(checkout.headers.get("location") ?? "")?.[1];
    if (!orderId) throw new Error(`The checkout failed with ${checkout.status}`);
    const announcedMs = await Promise.race([
      announced(orderId, placedAt),
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error("No live event on the other process")), LIVE_WITHIN_MS)),
    ]);
    const ordersPage = await (await fetch(`${second.baseURL}/admin/orders`, { headers: { Cookie: cookie } })).text();

    const image = readFileSync(path.join(root, "tests", "e2e", "fixtures", "terracotta.png"));
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "terracotta.png");
    const upload = await fetch(`${first.baseURL}/admin/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: first.baseURL },
      body: form,
    });
    const { url } = (await upload.json()) as { url: string };
    const served = await Promise.all(
      [first, second].map(async (shop) => Buffer.from(await (await fetch(`${shop.baseURL}${url}`)).arrayBuffer())),
    );

    return {
      sessionSharedAcrossProcesses: dashboard.status === 200,
      orderAnnouncedOnOtherProcessMs: announcedMs,
      orderListedOnOtherProcess: ordersPage.includes(`#${orderId.slice(0, 6)}`),
      uploadServedByBoth: served[0]!.length > 0 && served[0]!.equals(served[1]!),
    };
  } finally {
    abort.abort();
    await Promise.all([first.stop(), second.stop()]);
  }
}

async function main() {
  if (!postgresUrl()) throw new Error("Scale-out needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL).");
  const figures = await scaleOutFigures();
  console.log(figures);
  writeResult("scale-out", figures);
  const held = figures.sessionSharedAcrossProcesses && figures.orderListedOnOtherProcess && figures.uploadServedByBoth;
  if (!held) process.exit(1);
}

if (process.argv[1]?.endsWith("scale-out.ts")) await main();
