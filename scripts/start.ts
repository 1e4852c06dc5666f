import { deployed } from "./production";
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { ConfigurationError, projectRoot, readConfig } from "../app/server/config.server";
import { checkDatabaseAccess } from "../app/server/db/client.server";
import { isConfigurationError, startServer } from "../server";

const root = projectRoot();
const builtServer = path.join(root, "build", "server", "index.js");
const sources = ["app", "public", "vite.config.ts", "react-router.config.ts", "package.json", "tsconfig.json"];

function newestChange(entry: string): number {
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

/**
 * Builds when there is no build, or when a source file changed after it was made; a deployment (NODE_ENV set to
 * production) serves the build it was given and only says when there is none.
 */
function buildIfStale() {
  const built = newestChange(builtServer);
  if (deployed) {
    if (built === 0) throw new ConfigurationError("There is no build in build/; run `npm run build` before starting (the Docker image does it when it is built).");
    return;
  }
  const changed = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
  if (built > 0 && built >= changed) return;
  console.log(built === 0 ? "Building the shop (first start)…" : "Sources changed since the last build: rebuilding…");
  const result = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("The build failed; see the messages above.");
}

const portSchema = z.coerce.number().int().min(0).max(65_535);

/** Fails fast, before a build, when the port is taken. */
function checkPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new ConfigurationError(`Port ${port} is already in use; stop the program using it or set PORT to another port.`)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function main() {
  readConfig();
  const port = portSchema.safeParse(process.env.PORT ?? 3000);
  if (!port.success) throw new ConfigurationError(`PORT must be a number from 0 to 65535, not "${process.env.PORT}".`);
  const host = process.env.HOST || "0.0.0.0";
  await checkDatabaseAccess();
  if (port.data !== 0) await checkPortFree(port.data, host);
  buildIfStale();
  await startServer({ port: port.data, host });
}

main().catch((error: unknown) => {
  console.error(isConfigurationError(error) ? `Duka cannot start: ${error.message}` : error);
  process.exit(1);
});
