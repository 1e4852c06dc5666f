import { ConfigurationError } from "../app/server/config.server";
import { closeShopDatabase, db } from "../app/server/db/database.server";
import { writeDemoOrders, writeSampleDataOnce } from "../app/server/db/seed.server";
import { finish, openForCommand, runningShop } from "./cli";

/** `npm run seed [-- --demo-orders]`: the sample shop into an empty database, and optionally 3 demo orders. */
async function main(args: string[]) {
  const holder = runningShop();
  if (holder) throw new ConfigurationError(`The shop is running (${holder}); stop it first, then run the seed.`);
  await openForCommand();
  try {
    const database = await db();
    console.log((await writeSampleDataOnce(database)) ? "Wrote the sample shop." : "The sample shop was already written.");
    if (args.includes("--demo-orders")) console.log(`Added ${await writeDemoOrders(database)} demo orders.`);
  } finally {
    await closeShopDatabase();
  }
}

finish(main(process.argv.slice(2)));
