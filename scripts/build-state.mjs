import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** What `npm run build` makes for the server: the pages, and the start program bundled into one file (decision 065). */
const builtFiles = ["build/server/index.js", "build/start.js"].map((file) => path.join(root, file));
const sources = ["app", "public", "server.ts", "scripts/start.ts", "vite.config.ts", "react-router.config.ts", "package.json", "tsconfig.json"];

export const builtStart = path.join(root, "build", "start.js");

function newestChange(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** Whether there is a build, and whether it was made after every source it is made from changed. */
export function buildState() {
  const built = Math.min(...builtFiles.map(newestChange));
  if (built === 0) return "missing";
  return built >= Math.max(...sources.map((source) => newestChange(path.join(root, source)))) ? "current" : "stale";
}
