import { SEND_LEASE_MS } from "../app/server/notifications.server";
import { startNotifySim } from "../scripts/notify-sim";
import { startShop } from "../tests/e2e/support/shop-server";
import { type Engine, engines, newShopPlace, quick, runScript, writeResult } from "./support";

/**
 * Issue 12's crash test: the shop is killed (SIGKILL) while it sends 500 SMS from its outbox, then started
 * again on the same data. Every message must reach the gateway; one sent twice is allowed only if it was in
 * flight at the kill (claimed, and taken by the gateway, but not yet marked sent), and is counted.
 */
const MESSAGES = 500;
const KILL_AFTER = quick ? 100 : 200;
// The gateway takes each message at once and answers 300 ms later, so at the kill a batch has reached it
// while the shop still waits for its answer: those messages are sent again after their lease.
const GATEWAY_ANSWER_MS = 300;
// A claimed message is sent again once its 30 s lease has passed (decision 038); then some slack.
const ALL_SENT_WITHIN_MS = 90_000;
// Done when the gateway has heard nothing for longer than a lease: nothing claimed is left to send again.
const QUIET_MS = SEND_LEASE_MS + 5_000;
// One process claims at most a batch of 20 at a time.
const MOST_IN_FLIGHT = 20;

export type NotifyCrashFigures = {
  messages: number;
  receivedBeforeKill: number;
  restartMs: number;
  /** From the first start until every message had reached the gateway at least once. */
  secondsToAllSent: number;
  /** The outbox's states at the end: every message 'sent'. */
  states: Record<string, number>;
  received: number;
  distinct: number;
  sentTwice: number;
};

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function notifyCrashFigures(engine: Engine): Promise<NotifyCrashFigures> {
  const place = await newShopPlace(engine);
  const run = `crash${Date.now()}`;
  await runScript(place, "bench/outbox-messages.ts", ["--queue", "--count", String(MESSAGES), "--run", run]);
  const sim = await startNotifySim({ smsPort: 0, smtpPort: 0, answerDelayMs: GATEWAY_ANSWER_MS });
  const env = { ...sim.env, PUBLIC_URL: "https://duka.test" };
  const mine = () => sim.smsMessages().filter((sms) => sms.message.startsWith(`${run} `));
  try {
    const started = performance.now();
    let shop = await startShop({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, env });
    await until(() => mine().length >= KILL_AFTER, 60_000, `${KILL_AFTER} messages`);
    await shop.crash();
    const receivedBeforeKill = mine().length;
    const restarting = performance.now();
    shop = await startShop({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, env });
    const restartMs = Math.round(performance.now() - restarting);
    let secondsToAllSent = 0;
    let lastArrival = Date.now();
    let seen = 0;
    try {
      await until(() => new Set(mine().map((sms) => sms.message)).size >= MESSAGES, ALL_SENT_WITHIN_MS, "every message");
      const allArrived = performance.now();
      await until(
        () => {
          if (mine().length !== seen) [seen, lastArrival] = [mine().length, Date.now()];
          return Date.now() - lastArrival > QUIET_MS;
        },
        ALL_SENT_WITHIN_MS,
        "the gateway to fall quiet",
      );
      secondsToAllSent = Math.round((allArrived - started) / 100) / 10;
    } finally {
      await shop.stop();
    }
    const states = JSON.parse((await runScript(place, "bench/outbox-messages.ts", ["--states", "--run", run])).trim().split("\n").at(-1)!) as Record<string, number>;
    const received = mine().length;
    const distinct = new Set(mine().map((sms) => sms.message)).size;
    const figures: NotifyCrashFigures = {
      messages: MESSAGES,
      receivedBeforeKill,
      restartMs,
      secondsToAllSent,
      states,
      received,
      distinct,
      sentTwice: received - distinct,
    };
    console.log(`${engine}:`, figures);
    return figures;
  } finally {
    await sim.stop();
  }
}

async function main() {
  let failures = 0;
  for (const engine of engines()) {
    const figures = await notifyCrashFigures(engine);
    writeResult(`notify-crash-${engine}`, figures);
    if (figures.distinct !== MESSAGES || figures.states.sent !== MESSAGES || figures.sentTwice > MOST_IN_FLIGHT) failures++;
  }
  if (failures > 0) process.exit(1);
}

if (process.argv[1]?.endsWith("notify-crash.ts")) await main();
