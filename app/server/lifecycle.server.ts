import { config } from "./config.server";
import { startControlChannel } from "./control.server";
import { closeShopDatabase, shopDatabase } from "./db/database.server";
import { stopListening } from "./events.server";
import { closeBatchedRateLimits, sweepRateLimits } from "./rate-limit.server";
import { cancelUnpaidOrdersPastHold } from "./unpaid-orders.server";

let stopControlChannel: (() => Promise<void>) | undefined;

/** How often the shop looks for unpaid orders past the hold time (decision 033). */
const HOLD_SWEEP_MS = 60_000;
let holdSweeps: { timer: ReturnType<typeof setInterval>; stop: AbortController } | undefined;
let holdSweep: Promise<void> | undefined;

/** One sweep at a time in this process; a failed one is logged and the next minute tries again. */
function sweepUnpaidOrders(signal: AbortSignal) {
  holdSweep ??= cancelUnpaidOrdersPastHold(new Date(), undefined, signal)
    .then(
      () => {},
      (error: unknown) => console.error("Cancelling unpaid orders past the hold time failed:", error),
    )
    .finally(() => {
      holdSweep = undefined;
    });
}

/** Opens, migrates and seeds the database before the first request, and opens the staff command channel. */
export async function prepareShop(): Promise<{ database: "pglite" | "postgres"; uploadsDir: string }> {
  const database = await shopDatabase();
  await sweepRateLimits(new Date(Date.now() - 86_400_000));
  if (database.kind === "pglite") stopControlChannel = startControlChannel(config().dataDir);
  // At start too, for orders that passed the hold while the shop was stopped; in the background, as a long
  // backlog (a first start with the setting) must not delay serving.
  const stop = new AbortController();
  sweepUnpaidOrders(stop.signal);
  holdSweeps = { timer: setInterval(() => sweepUnpaidOrders(stop.signal), HOLD_SWEEP_MS), stop };
  holdSweeps.timer.unref();
  return { database: database.kind, uploadsDir: config().uploadsDir };
}

/** Closes everything prepareShop opened, so the process can exit with the database clean. */
export async function closeShop(): Promise<void> {
  clearInterval(holdSweeps?.timer);
  holdSweeps?.stop.abort();
  holdSweeps = undefined;
  // A sweep under way stops after its current batch, which commits or rolls back whole.
  await holdSweep;
  await stopControlChannel?.();
  stopControlChannel = undefined;
  await stopListening();
  await closeBatchedRateLimits();
  await closeShopDatabase();
}
