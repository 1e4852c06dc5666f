import { ConfigurationError } from "../app/server/config.server";
import { openConfiguredDatabase } from "../app/server/db/client.server";
import { describeMigrations, migrate, missingMigrations } from "../app/server/db/migrate.server";
import { finish, runningShop } from "./cli";

/**
 * How long a migration statement may wait for a lock. Past it the step fails and changes nothing (the migrations
 * run in one transaction), rather than queueing every request behind a table it is waiting for (decision 063).
 */
const LOCK_TIMEOUT_MS = 10_000;
/** PostgreSQL's code for a lock not obtained in time. */
const LOCK_NOT_AVAILABLE = "55P03";

/** `npm run migrate`: the release step that applies the migrations this release needs, once (decision 063). */
async function main() {
  const holder = runningShop();
  if (holder) throw new ConfigurationError(`The shop is running (${holder}) and keeps its own database up to date; nothing to do.`);
  const database = await openConfiguredDatabase({ lockTimeoutMs: LOCK_TIMEOUT_MS });
  try {
    const missing = await missingMigrations(database);
    await migrate(database).catch((error: unknown) => {
      const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code !== LOCK_NOT_AVAILABLE) throw error;
      throw new ConfigurationError(
        `A migration waited more than ${LOCK_TIMEOUT_MS / 1_000} s for a lock (another migration, or long transactions on the tables it changes) and nothing was changed; run it again.`,
      );
    });
    console.log(missing.length === 0 ? "The database is up to date." : `Applied ${describeMigrations(missing)}.`);
  } finally {
    await database.close();
  }
}

finish(main());
