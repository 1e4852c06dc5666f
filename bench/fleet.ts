import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import S3rver from "s3rver";
import { startNotifySim } from "../scripts/notify-sim";
import { MAX_SMS_PER_DAY } from "../app/domain/sms-limits";
import { LISTEN_APPLICATION_NAME } from "../app/server/db/client.server";
import { shopPid } from "../tests/e2e/support/shop-memory";
import { freePort, type ShopServer, startShop } from "../tests/e2e/support/shop-server";
import { type Answer, placeOrder, UNLIMITED } from "./checkout";
import { newShopPlace, percentile, postgresUrl, quick, root, runScript, STAFF_EMAIL, STAFF_PASSWORD, staffCookie, writeResult } from "./support";

/**
 * Issue 26's fleet: three shop processes on one PostgreSQL behind Caddy (deploy/Caddyfile, on loopback), under mixed
 * browsing and checkout load. Mid-run one process is restarted with a SIGTERM (as a rolling restart does), one is
 * killed with a SIGKILL and started again, and the LISTEN connection of the third is cut with pg_terminate_backend.
 * Reported: failed requests (none may fail around the SIGTERM), orders lost or doubled (none), outbox messages sent
 * twice (only those in flight at the kill), the seconds until live updates resumed on the cut process, and an image
 * uploaded through one process served by the others. Images live in a real S3 implementation (s3rver).
 */
const SHOPPERS = quick ? 8 : 24;
/** Seconds into the run of each event, and its end. */
const TIMELINE = quick ? { sigterm: 4, sigkill: 26, listenCut: 40, end: 52 } : { sigterm: 10, sigkill: 40, listenCut: 65, end: 90 };
const MESSAGES = quick ? 500 : 2_000;
/** The gateway answers each SMS after this long, so the kill finds some in flight. */
const GATEWAY_ANSWER_MS = 300;
/** One process claims at most a batch of 20 messages at a time. */
const MOST_IN_FLIGHT = 20;
const CHECKOUT_SHARE = 0.25;
const RESUBMISSIONS = 10;

type Outcome = { at: number; ok: boolean; status: number; what: string };

export type FleetFigures = {
  processes: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p95Ms: number;
  failedRequests: { total: number; aroundSigterm: number; aroundSigkill: number; aroundListenCut: number; byStatus: Record<string, number> };
  sigterm: { drainedAndExitedMs: number; restartedMs: number };
  sigkill: { restartedMs: number };
  checkouts: { answered: number; placed: number; resubmitted: number; lost: number; doubled: number };
  /** The outbox's SMS: how many had reached the gateway when the second process was killed, and in the end. */
  messages: { queued: number; receivedAtKill: number; received: number; distinct: number; sentTwice: number };
  liveUpdatesResumedSeconds: number;
  uploadServedByOthers: boolean;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await wait(50);
  }
}

/** The local TCP ports of a process's sockets (Linux /proc), to tell its database connections from others'. */
function localPorts(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1));
    } catch {
      // Closed meanwhile.
    }
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9]!)) ports.add(Number.parseInt(columns[1]!.split(":")[1]!, 16));
    }
  }
  return ports;
}

/** A real S3 implementation (s3rver) on loopback with an empty bucket, and the S3_* settings that reach it. */
async function startS3(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "duka-fleet-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = (await server.run()) as AddressInfo;
  const env = {
    S3_BUCKET: "duka-fleet",
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  client.destroy();
  return { env, stop: () => server.close() };
}

/** Caddy from Debian in front of the three processes, with the deployment's own Caddyfile. */
async function startCaddy(port: number, upstreams: number[]): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const home = mkdtempSync(path.join(os.tmpdir(), "duka-caddy-"));
  const caddy: ChildProcess = spawn("caddy", ["run", "--config", path.join(root, "deploy", "Caddyfile"), "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      CADDY_ADMIN: "off",
      SHOP_DOMAIN: `http://127.0.0.1:${port}`,
      SHOP_UPSTREAMS: upstreams.map((p) => `127.0.0.1:${p}`).join(" "),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  caddy.stderr?.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (caddy.exitCode !== null) throw new Error(`Caddy stopped:\n${output}`);
      return fetch(`${baseURL}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    30_000,
    "Caddy",
  );
  return {
    baseURL,
    stop: async () => {
      const exited = new Promise((resolve) => caddy.once("exit", resolve));
      caddy.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A staff member's live stream on one process: resolves with the ms from `since` until it carries the event of one
 * of the orders `placedAfter` holds (orders placed elsewhere after `since`).
 */
async function liveAgainAfter(baseURL: string, cookie: string, signal: AbortSignal): Promise<(since: number, placedAfter: Set<string>) => Promise<number>> {
  const response = await fetch(`${baseURL}/events?topics=orders`, { headers: { Cookie: cookie }, signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(": connected")) text += decoder.decode((await reader.read()).value);
  return async (since, placedAfter) => {
    text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("The live stream ended");
      text += decoder.decode(value);
      const ids = [...text.matchAll(/"id":"([a-z0-9]+)"/g)].map((m) => m[1]!);
      if (ids.some((id) => placedAfter.has(id))) return Math.round(performance.now() - since);
    }
  };
}

export async function fleetFigures(): Promise<FleetFigures> {
  const place = await newShopPlace("postgres");
  const databaseUrl = place.databaseUrl!;
  // The release step first, then the processes, which never migrate.
  // Images, the sample shop's too, go to the object store from the start.
  const store = await startS3();
  await runScript(place, "scripts/migrate.ts");
  await runScript(place, "bench/large-shop.ts", ["--products", "300", "--orders", "300"], store.env);
  await runScript(place, "scripts/staff.ts", ["add", STAFF_EMAIL], { STAFF_PASSWORD });
  const run = `fleet${Date.now()}`;
  const sim = await startNotifySim({ smsPort: 0, smtpPort: 0, answerDelayMs: GATEWAY_ANSWER_MS });
  const mine = () => sim.smsMessages().filter((sms) => sms.message.startsWith(`${run} `));
  const ports = [await freePort(), await freePort(), await freePort()];
  const envFor = (i: number) => {
    return {
      ...UNLIMITED,
      ...sim.env,
      PUBLIC_URL: "https://duka.test",
      TRUST_PROXY: "loopback",
      MIGRATE: "off",
      ...store.env,
      DUKA_PROCESSES: "3",
      SHUTDOWN_GRACE_SECONDS: "10",
      DUKA_PROCESS_NAME: `shop-${i + 1}`,
    };
  };
  const start = (i: number, documents?: Record<string, object>) =>
    startShop({ databaseUrl, dataDir: place.dataDir, port: ports[i], env: envFor(i), documents });
  // One after another: the first builds the shop if its sources changed since the last build.
  const shops: ShopServer[] = [];
  // The day's SMS budget raised above the queued messages and the order confirmations (decision 048).
  for (const i of [0, 1, 2]) shops.push(await start(i, i === 0 ? { settings: { smsPerDay: MAX_SMS_PER_DAY } } : undefined));
  const caddy = await startCaddy(await freePort(), ports);
  const abort = new AbortController();
  let stopLoad = false;
  let load: Promise<unknown> = Promise.resolve();
  const outcomes: Outcome[] = [];
  const durations: number[] = [];
  const answers = new Map<string, Answer>();
  let resubmitted = 0;
  const began = performance.now();
  const seconds = () => (performance.now() - began) / 1_000;

  try {
    const sitemap = await (await fetch(`${caddy.baseURL}/sitemap.xml`)).text();
    const productPages = [...sitemap.matchAll(/<loc>[^<]*?(\/product\/[^<]+)<\/loc>/g)].map((m) => m[1]!).slice(0, 40);
    const pages = ["/", "/products", "/products?sort=price-asc", "/about", "/track", ...productPages];
    const cookie = await staffCookie(shops[0]!.baseURL);

    const record = (what: string, status: number, startedAt: number) => {
      durations.push(performance.now() - startedAt);
      outcomes.push({ at: seconds(), ok: status >= 200 && status < 400, status, what });
    };
    let checkoutNumber = 0;
    const shopper = async (n: number) => {
      let i = 0;
      while (!stopLoad) {
        i++;
        if ((n * 31 + i * 17) % 100 < CHECKOUT_SHARE * 100) {
          const key = `${run}-${checkoutNumber++}`;
          const order = { key, lines: [{ n: 1 + ((n + i) % 18), quantity: 1 }] };
          for (let attempt = 0; attempt < RESUBMISSIONS; attempt++) {
            const startedAt = performance.now();
            const answer = await placeOrder(caddy.baseURL, run, order);
            record("checkout", answer.kind === "placed" ? 302 : answer.kind === "refused" ? answer.status : 0, startedAt);
            answers.set(key, answer);
            // As the checkout page does: a form that got no answer (or the proxy's) is sent again with its key.
            if (answer.kind === "placed" || (answer.kind === "refused" && answer.status < 500)) break;
            resubmitted++;
            await wait(500);
          }
        } else {
          const page = pages[(n * 7 + i) % pages.length]!;
          const startedAt = performance.now();
          const status = await fetch(`${caddy.baseURL}${page}`)
            .then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            })
            .catch(() => 0);
          record(page, status, startedAt);
        }
      }
    };
    load = Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)));

    // A SIGTERM, as a rolling restart sends; the process drains, exits, and is started again.
    await until(() => seconds() >= TIMELINE.sigterm, 600_000, "the SIGTERM");
    const sigtermAt = seconds();
    const drainStarted = performance.now();
    await shops[1]!.stop();
    const drainedAndExitedMs = Math.round(performance.now() - drainStarted);
    const restartStarted = performance.now();
    shops[1] = await start(1);
    const sigtermRestartedMs = Math.round(performance.now() - restartStarted);
    const sigtermEnd = seconds() + 3;
    if (TIMELINE.sigkill < sigtermEnd) throw new Error(`The SIGTERM's restart took until ${Math.round(sigtermEnd)} s, past the SIGKILL's time`);
    console.log(`${Math.round(seconds())} s: SIGTERM at ${Math.round(sigtermAt)} s, ${outcomes.filter((o) => !o.ok).length} failed requests so far`);

    // A SIGKILL while the outbox is sending: messages queued for the three processes, the kill once some have gone.
    await until(() => seconds() >= TIMELINE.sigkill, 600_000, "the SIGKILL");
    await runScript(place, "bench/outbox-messages.ts", ["--queue", "--count", String(MESSAGES), "--run", run]);
    await until(() => mine().length >= MESSAGES / 5, 60_000, "the first messages");
    const sigkillAt = seconds();
    const receivedAtKill = mine().length;
    await shops[2]!.crash();
    const killRestartStarted = performance.now();
    shops[2] = await start(2);
    const sigkillRestartedMs = Math.round(performance.now() - killRestartStarted);
    const sigkillEnd = seconds() + 3;
    console.log(`${Math.round(seconds())} s: SIGKILL at ${Math.round(sigkillAt)} s, ${outcomes.filter((o) => !o.ok).length} failed requests so far`);

    // The first process's LISTEN connection cut; how long until its live stream carries an order placed elsewhere.
    await until(() => seconds() >= TIMELINE.listenCut, 600_000, "the LISTEN cut");
    const liveAgain = await liveAgainAfter(shops[0]!.baseURL, cookie, abort.signal);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const listenCutAt = seconds();
    const cutAt = performance.now();
    const ports = [...localPorts(shopPid(shops[0]!.baseURL))];
    const cut = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and client_port = any($2)", [
      LISTEN_APPLICATION_NAME,
      ports,
    ]);
    await admin.end();
    if (cut.rowCount !== 1) throw new Error(`Expected the first process's one LISTEN connection, found ${cut.rowCount}`);
    let placing = true;
    const placedAfterCut = new Set<string>();
    const placeElsewhere = (async () => {
      for (let k = 0; placing; k++) {
        const answer = await placeOrder(shops[1]!.baseURL, run, { key: `${run}-live-${k}`, lines: [{ n: 1, quantity: 1 }] });
        if (answer.kind === "placed") placedAfterCut.add(answer.orderId);
        await wait(250);
      }
    })();
    const resumedMs = await Promise.race([liveAgain(cutAt, placedAfterCut), wait(60_000).then(() => Number.POSITIVE_INFINITY)]);
    placing = false;
    await placeElsewhere;

    // An image uploaded through one process, served by the others.
    const image = readFileSync(path.join(root, "tests", "e2e", "fixtures", "terracotta.png"));
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "terracotta.png");
    const upload = await fetch(`${shops[0]!.baseURL}/admin/upload`, { method: "POST", headers: { Cookie: cookie, Origin: shops[0]!.baseURL }, body: form });
    const { url } = (await upload.json()) as { url: string };
    const served = await Promise.all(shops.map(async (shop) => Buffer.from(await (await fetch(`${shop.baseURL}${url}`)).arrayBuffer())));

    await until(() => seconds() >= TIMELINE.end, 600_000, "the end of the run");
    stopLoad = true;
    await load;
    const loadSeconds = seconds();
    await until(() => new Set(mine().map((sms) => sms.message)).size >= MESSAGES, 120_000, "every message");

    // Every checkout's outcome against the database.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const stored = await client
      .query<{ id: string; idempotency_key: string }>("select id, idempotency_key from orders where idempotency_key like $1", [`${run}-%`])
      .finally(() => client.end());
    const byKey = new Map<string, string[]>();
    for (const row of stored.rows) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row.id]);
    const placed = [...answers].filter(([, answer]) => answer.kind === "placed");
    const lost = placed.filter(([key, answer]) => answer.kind === "placed" && !byKey.get(key)?.includes(answer.orderId)).length;
    const doubled = [...byKey.values()].filter((ids) => ids.length > 1).length;

    const failed = outcomes.filter((o) => !o.ok);
    for (const o of failed) console.log(`failed at ${o.at.toFixed(1)} s: ${o.status} ${o.what}`);
    const within = (from: number, to: number) => failed.filter((o) => o.at >= from && o.at <= to).length;
    const byStatus: Record<string, number> = {};
    for (const o of failed) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
    const received = mine().length;
    const distinct = new Set(mine().map((sms) => sms.message)).size;
    const sorted = [...durations].sort((a, b) => a - b);
    return {
      processes: shops.length,
      seconds: Math.round(loadSeconds),
      requests: outcomes.length,
      requestsPerSecond: Math.round(outcomes.length / loadSeconds),
      p95Ms: Math.round(percentile(sorted, 95)),
      failedRequests: {
        total: failed.length,
        aroundSigterm: within(sigtermAt, sigtermEnd),
        aroundSigkill: within(sigkillAt, sigkillEnd),
        aroundListenCut: within(listenCutAt, listenCutAt + 5),
        byStatus,
      },
      sigterm: { drainedAndExitedMs, restartedMs: sigtermRestartedMs },
      sigkill: { restartedMs: sigkillRestartedMs },
      checkouts: { answered: answers.size, placed: placed.length, resubmitted, lost, doubled },
      messages: { queued: MESSAGES, receivedAtKill, received, distinct, sentTwice: received - distinct },
      liveUpdatesResumedSeconds: Math.round(resumedMs / 100) / 10,
      uploadServedByOthers: served.every((bytes) => bytes.length > 0 && bytes.equals(served[0]!)),
    };
  } finally {
    stopLoad = true;
    await load;
    abort.abort();
    await caddy.stop();
    await Promise.all(shops.map((shop) => shop.stop()));
    await sim.stop();
    await store.stop();
  }
}

async function main() {
  if (!postgresUrl()) throw new Error("The fleet needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL).");
  const figures = await fleetFigures();
  console.log(JSON.stringify(figures, null, 2));
  writeResult("fleet", figures);
  const held =
    figures.failedRequests.aroundSigterm === 0 &&
    figures.checkouts.lost === 0 &&
    figures.checkouts.doubled === 0 &&
    figures.messages.distinct === figures.messages.queued &&
    figures.messages.sentTwice <= MOST_IN_FLIGHT &&
    Number.isFinite(figures.liveUpdatesResumedSeconds) &&
    figures.uploadServedByOthers;
  if (!held) process.exit(1);
}

if (process.argv[1]?.endsWith("fleet.ts")) await main();
