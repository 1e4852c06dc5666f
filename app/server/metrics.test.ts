import { expect, test } from "vitest";
import { loader as eventsLoader } from "~/routes/resources/events";
import { givenStoredOrder } from "../../tests/setup/builders";
import { db } from "./db/database.server";
import { notifications, paymentRequests } from "./db/schema.server";
import { metricsAnswer, sweepSucceeded } from "./metrics.server";
import { sharedPage } from "./page-cache.server";
import { newRecordId } from "./random.server";

const TOKEN = "0123456789abcdef0123456789abcdef";

async function scrape(): Promise<string> {
  const response = await metricsAnswer(`Bearer ${TOKEN}`, TOKEN);
  expect(response.status).toBe(200);
  return response.text();
}

/** A sample's value in Prometheus text, e.g. value(text, 'duka_outbox_waiting'); undefined when absent. */
function value(text: string, sample: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

test("/metrics is off (404) while METRICS_TOKEN is unset, whatever the request carries", async () => {
  const response = await metricsAnswer(`Bearer ${TOKEN}`, undefined);
  expect(response.status).toBe(404);
  expect(await response.text()).toBe("Not found.");
});

test("/metrics answers 401 without the bearer token, or with another", async () => {
  for (const authorization of [null, "", `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${btoa(`metrics:${TOKEN}`)}`, TOKEN]) {
    const response = await metricsAnswer(authorization, TOKEN);
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
    expect(await response.text()).toBe("The metrics need the bearer token METRICS_TOKEN.");
  }
});

test("with the token, every metric is there in Prometheus's text format", async () => {
  sweepSucceeded("Sending notifications");
  const response = await metricsAnswer(`bearer  ${TOKEN}`, TOKEN);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const text = await response.text();
  for (const name of [
    "duka_http_request_duration_seconds histogram",
    "duka_db_pool_connections gauge",
    "duka_outbox_waiting gauge",
    "duka_outbox_oldest_due_age_seconds gauge",
    "duka_mpesa_requests_waiting gauge",
    "duka_sweep_last_success_timestamp_seconds gauge",
    "duka_live_streams_open gauge",
    "duka_page_cache_hits_total counter",
    "duka_page_cache_misses_total counter",
    "process_resident_memory_bytes gauge",
    "nodejs_eventloop_lag_seconds gauge",
  ]) {
    expect(text).toContain(`# TYPE ${name}\n`);
  }
  const succeeded = value(text, 'duka_sweep_last_success_timestamp_seconds{sweep="Sending notifications"}');
  expect(succeeded).toBeCloseTo(Date.now() / 1000, -1);
});

test("the database pool's connections are counted on PostgreSQL, and absent on PGlite", async () => {
  const text = await scrape();
  if (process.env.DATABASE_URL) {
    expect(value(text, 'duka_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'duka_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'duka_db_pool_connections{state="waiting"}')).toBe(0);
  } else {
    expect(text).not.toContain("duka_db_pool_connections{");
  }
});

test("the outbox and M-Pesa gauges count what waits in the database when scraped", async () => {
  const before = await scrape();
  expect(value(before, "duka_outbox_waiting")).toBe(0);
  expect(value(before, "duka_outbox_oldest_due_age_seconds")).toBe(0);
  expect(value(before, "duka_mpesa_requests_waiting")).toBe(0);

  const now = Date.now();
  const message = (state: "pending" | "sent", dueMsAgo: number) => ({
    id: newRecordId(),
    key: `test:${newRecordId()}`,
    message: "order-placed",
    channel: "sms" as const,
    recipient: "+254712345678",
    body: "Thank you for your order.",
    state,
    nextAttemptAt: new Date(now - dueMsAgo),
  });
  await (await db()).insert(notifications).values([message("pending", 90_000), message("pending", -60_000), message("sent", 600_000)]);
  const order = await givenStoredOrder();
  const request = (state: "waiting" | "paid") => ({
    id: newRecordId(),
    orderId: order.id,
    phoneMasked: "+254 ••• ••• 678",
    amountCents: 1_200_00,
    state,
    checkoutRequestId: `ws_CO_${newRecordId()}`,
    requestedAt: new Date(now),
  });
  await (await db()).insert(paymentRequests).values([request("waiting"), request("waiting"), request("paid")]);

  const after = await scrape();
  // Two waiting (one due for 90 s, one not yet due), the one sent not counted.
  expect(value(after, "duka_outbox_waiting")).toBe(2);
  expect(value(after, "duka_outbox_oldest_due_age_seconds")).toBeGreaterThanOrEqual(89);
  expect(value(after, "duka_outbox_oldest_due_age_seconds")).toBeLessThan(120);
  expect(value(after, "duka_mpesa_requests_waiting")).toBe(2);
});

test("the page cache counts a first view as a miss and the next as a hit", async () => {
  const render = async () => new Response("<p>Kiondo Basket</p>", { status: 200 });
  const visit = { url: new URL("http://shop.test/product/metrics-kiondo"), cookie: "", nonce: "n", clientAddress: "203.0.113.9" };
  const before = await scrape();
  await sharedPage(visit, render);
  await sharedPage(visit, render);
  const after = await scrape();
  for (const counter of ['duka_page_cache_misses_total{page="catalogue"}', 'duka_page_cache_hits_total{page="catalogue"}']) {
    expect((value(after, counter) ?? 0) - (value(before, counter) ?? 0)).toBe(1);
  }
});

test("live streams are counted while open", async () => {
  const abort = new AbortController();
  const request = new Request("http://shop.test/events?topics=products", { signal: abort.signal });
  const response = await eventsLoader({ request, params: {}, context: { cspNonce: "", clientAddress: "203.0.113.10" } } as Parameters<
    typeof eventsLoader
  >[0]);
  const reader = response.body!.getReader();
  await reader.read();
  expect(value(await scrape(), "duka_live_streams_open")).toBe(1);
  abort.abort();
  await expect.poll(async () => value(await scrape(), "duka_live_streams_open")).toBe(0);
});
