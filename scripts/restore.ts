import path from "node:path";
import { restoreBackup } from "../app/server/backup.server";
import { ConfigurationError } from "../app/server/config.server";
import { closeShopDatabase, db } from "../app/server/db/database.server";
import { imageStore } from "../app/server/image-store.server";
import { finish, openForCommand, runningShop } from "./cli";

/** `npm run restore -- <folder>`: brings a backup back into an empty DATA_DIR or database. */
async function main(args: string[]) {
  if (!args[0]) throw new Error("Usage: npm run restore -- <backup folder>");
  const holder = runningShop();
  if (holder) throw new ConfigurationError(`The shop is running (${holder}); stop it before restoring a backup.`);
  const source = path.resolve(args[0]);
  await openForCommand();
  try {
    const result = await restoreBackup(await db(), imageStore(), source);
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows and the uploads from ${source}`);
    if (result.leftOut > 0) {
      const files = result.leftOut === 1 ? "1 file" : `${result.leftOut} files`;
      console.log(`Left out ${files} from its uploads folder: only the shop's own images are restored.`);
    }
  } finally {
    await closeShopDatabase();
  }
}

finish(main(process.argv.slice(2)));
