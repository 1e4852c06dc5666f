import { ConfigurationError, readConfig } from "../app/server/config.server";
import { openConfiguredDatabase, type ShopDatabase } from "../app/server/db/client.server";
import { dataDirHolder } from "../app/server/db/data-dir-lock.server";
import { closeShopDatabase, setShopDatabase } from "../app/server/db/database.server";
import { prepareSchema } from "../app/server/db/migrate.server";
import { type ControlRequest, runControlRequest, sendControlRequest } from "../app/server/control.server";

/** Who holds the PGlite data directory ("process 4120 on shop-1"): the running shop, if one does. */
export function runningShop(): string | undefined {
  const config = readConfig();
  return config.databaseUrl ? undefined : dataDirHolder(config.dataDir);
}

/** Opens the configured database (creating and migrating a fresh one) for a command that runs on its own. */
export async function openForCommand(): Promise<ShopDatabase> {
  const database = await openConfiguredDatabase();
  await prepareSchema(database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  setShopDatabase(database);
  return database;
}

/**
 * Runs a staff or backup request: inside the running shop when it owns the data directory (over its local
 * socket), otherwise against the database directly.
 */
export async function runOnShop(request: ControlRequest): Promise<unknown> {
  const config = readConfig();
  if (runningShop()) {
    const reply = await sendControlRequest(config.dataDir, request).catch(() => {
      throw new ConfigurationError(
        `The shop is running but its command channel in ${config.dataDir} did not answer; stop the shop and try again.`,
      );
    });
    if (!reply.ok) throw new Error(reply.error);
    return reply.result;
  }
  await openForCommand();
  try {
    return await runControlRequest(request);
  } finally {
    await closeShopDatabase();
  }
}

/** Ends a command: a problem is one sentence on stderr (the stack only with DEBUG set), exit code 1. */
export function finish(work: Promise<void>) {
  work.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      if (error instanceof Error && process.env.DEBUG) console.error(error.stack);
      process.exit(1);
    },
  );
}
