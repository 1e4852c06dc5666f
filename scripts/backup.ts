import path from "node:path";
import { finish, runOnShop } from "./cli";

/** `npm run backup [-- <folder>]`: a consistent copy of the database and the uploads, by default in backups/. */
async function main(args: string[]) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
  const target = path.resolve(args[0] ?? path.join("backups", `duka-${stamp}`));
  const result = (await runOnShop({ command: "backup", target })) as { tables: Record<string, number> };
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(`Backed up ${rows} rows and the uploads to ${target}`);
}

finish(main(process.argv.slice(2)));
