import { config } from "./config.server";
import { startControlChannel } from "./control.server";
import { closeShopDatabase, shopDatabase } from "./db/database.server";
import { stopListening } from "./events.server";
import { closeBatchedRateLimits, sweepRateLimits } from "./rate-limit.server";

let stopControlChannel: (() => Promise<void>) | undefined;

/** Opens, migrates and seeds the database before the first request, and opens the staff command channel. */
export async function prepareShop(): Promise<{ database: "pglite" | "postgres"; uploadsDir: string }> {
  const database = await shopDatabase();
  await sweepRateLimits(new Date(Date.now() - 86_400_000));
  if (database.kind === "pglite") stopControlChannel = startControlChannel(config().dataDir);
  return { database: database.kind, uploadsDir: config().uploadsDir };
}

/** Closes everything prepareShop opened, so the process can exit with the database clean. */
export async function closeShop(): Promise<void> {
  await stopControlChannel?.();
  stopControlChannel = undefined;
  await stopListening();
  await closeBatchedRateLimits();
  await closeShopDatabase();
}
