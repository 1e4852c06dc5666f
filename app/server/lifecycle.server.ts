import { sql } from "drizzle-orm";
import { config } from "./config.server";
import { startControlChannel } from "./control.server";
import { closeShopDatabase, shopDatabase } from "./db/database.server";
import { stopListening } from "./events.server";
import { closeBatchedRateLimits, RATE_LIMIT_SWEEP_MS, sweepRateLimits } from "./rate-limit.server";
import { registerPaybillUrls } from "./daraja.server";
import { confirmPaybillPayments, queryUnansweredRequests } from "./payments.server";
import { cancelUnpaidOrdersPastHold } from "./unpaid-orders.server";
import { queueDueReminders } from "./payment-reminders.server";
import { closeMail } from "./mail.server";
import { configuredSenders, sendDueNotifications } from "./notifications.server";
import { queueDailyDigest } from "./daily-digest.server";
import { readSiteDocument } from "./site-documents.server";
import { removeDetailsPastRetention } from "./anonymise.server";
import { markReady, shopState, startDraining } from "./shop-state.server";
import { log } from "./log.server";
import { sweepSucceeded } from "./metrics.server";

let stopControlChannel: (() => Promise<void>) | undefined;

/** Work each process repeats in the background, each with the way to stop it. */
const sweeps = new Set<() => Promise<void>>();

/**
 * Runs `work` now (for what piled up while the shop was stopped) and every `everyMs`, in the background: one
 * run at a time in this process, a failed run logged and tried again at the next.
 */
function startSweep(what: string, everyMs: number, work: (signal: AbortSignal) => Promise<unknown>) {
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work(stop.signal)
      .then(
        () => sweepSucceeded(what),
        (error: unknown) => log().error({ err: error, sweep: what }, `${what} failed.`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  sweeps.add(async () => {
    clearInterval(timer);
    stop.abort();
    // A run under way stops after its current batch, which commits or rolls back whole.
    await running;
  });
}

/** How often the shop looks for unpaid orders past the hold time (decision 033). */
const HOLD_SWEEP_MS = 60_000;
/** How often the shop looks for unpaid orders due a payment reminder (decision 055). */
const REMINDER_SWEEP_MS = 60_000;
/** How often the shop asks M-Pesa about requests no callback answered (decision 036). */
const PAYMENT_QUERY_SWEEP_MS = 15_000;
/** How often the shop looks for orders past the retention setting (issue 25): details go within the hour. */
const RETENTION_SWEEP_MS = 3_600_000;
/** How often each process looks in the outbox for SMS and emails due (issue 12). */
const NOTIFICATION_SWEEP_MS = 2_000;

/**
 * Opens, migrates and seeds the database before the first request, and opens the staff command channel.
 * server.ts reaches it only through the server build's entry module, never by import (decision 001).
 */
export async function prepareShop(): Promise<{ database: "pglite" | "postgres" }> {
  const database = await shopDatabase();
  if (database.kind === "pglite") stopControlChannel = startControlChannel(config().dataDir);
  // In the background: a long backlog (a first start with the setting) must not delay serving.
  startSweep("Forgetting old rate-limit counts", RATE_LIMIT_SWEEP_MS, (signal) => sweepRateLimits(new Date(), signal));
  startSweep("Cancelling unpaid orders past the hold time", HOLD_SWEEP_MS, (signal) => cancelUnpaidOrdersPastHold(new Date(), { signal }));
  startSweep("Removing personal details past the retention", RETENTION_SWEEP_MS, (signal) =>
    removeDetailsPastRetention(new Date(), { signal }),
  );
  const mpesa = config().mpesa;
  if (mpesa) {
    void registerPaybillUrls(mpesa).then((registered) => {
      if (!registered.ok) log().error(`Registering the paybill addresses with M-Pesa failed: ${registered.message}`);
    });
    startSweep("Asking M-Pesa about unanswered payment requests", PAYMENT_QUERY_SWEEP_MS, () => queryUnansweredRequests(mpesa));
    // Paybill payments wait for M-Pesa to confirm them (decision 044); the hook asks at once, this catches the rest.
    startSweep("Confirming paybill payments with M-Pesa", PAYMENT_QUERY_SWEEP_MS, () => confirmPaybillPayments(mpesa));
  }
  // Without an SMS provider a reminder could only be logged as not sent.
  if (config().sms) startSweep("Queuing payment reminders", REMINDER_SWEEP_MS, (signal) => queueDueReminders(new Date(), { signal }));
  if (config().sms || config().mail) {
    startSweep("Sending notifications", NOTIFICATION_SWEEP_MS, async (signal) => {
      await queueDailyDigest(new Date());
      const senders = configuredSenders((await readSiteDocument("settings")).storeName);
      // A full batch means more are due: carry on rather than wait for the next turn, unless the process is
      // stopping, when the other processes (or this one's next start) send the rest.
      while (!signal.aborted && (await sendDueNotifications(senders)) > 0);
    });
  }
  markReady();
  return { database: database.kind };
}


/** How long /readyz waits for the database before calling the process not ready. */
const READINESS_QUERY_MS = 2_000;

/**
 * For the proxy's health checks (/readyz): ready once start-up work is done, while the database answers, and
 * until the process starts stopping (decision 064).
 */
export async function readiness(): Promise<{ ready: boolean; status: string }> {
  const state = shopState();
  if (state !== "ready") return { ready: false, status: state };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), READINESS_QUERY_MS);
  });
  try {
    await Promise.race([(await shopDatabase()).db.execute(sql`select 1`), timeout]);
    return { ready: true, status: "ready" };
  } catch {
    return { ready: false, status: "database unavailable" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts stopping: /readyz answers 503 so the proxy sends new requests elsewhere, and live streams end with a
 * hint to reconnect (to another process). Returns how long to go on serving what still arrives meanwhile.
 */
export function drainShop(): number {
  startDraining();
  return config().shutdownGraceMs;
}

/** Closes everything prepareShop opened, so the process can exit with the database clean. */
export async function closeShop(): Promise<void> {
  await Promise.all([...sweeps].map((stop) => stop()));
  sweeps.clear();
  await stopControlChannel?.();
  stopControlChannel = undefined;
  await stopListening();
  await closeBatchedRateLimits();
  closeMail();
  await closeShopDatabase();
}
