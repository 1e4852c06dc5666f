import { spawnSync } from "node:child_process";
import net from "node:net";
import { z } from "zod";
import { ConfigurationError, projectRoot, readConfig } from "../app/server/config.server";
import { checkDatabaseAccess } from "../app/server/db/client.server";
import { isConfigurationError, startServer } from "../server";

type BuildState = "missing" | "stale" | "current";

/** `npm run build` when the build is missing or stale (scripts/start.mjs decides; a deployment never builds). */
function build(state: BuildState) {
  if (state === "current") return;
  console.log(state === "missing" ? "Building the shop (first start)…" : "Sources changed since the last build: rebuilding…");
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: projectRoot(), stdio: ["ignore", "ignore", "inherit"] });
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

async function checkThenServe(state: BuildState) {
  readConfig();
  const port = portSchema.safeParse(process.env.PORT ?? 3000);
  if (!port.success) throw new ConfigurationError(`PORT must be a number from 0 to 65535, not "${process.env.PORT}".`);
  const host = process.env.HOST || "0.0.0.0";
  await checkDatabaseAccess();
  if (port.data !== 0) await checkPortFree(port.data, host);
  build(state);
  await startServer({ port: port.data, host });
}

/**
 * The shop's start, run by scripts/start.mjs: configuration, the database and the port are checked before a build
 * so that a mistake is told in one sentence without waiting for one. Bundled into build/start.js by `npm run build`.
 */
export async function start(state: BuildState) {
  try {
    await checkThenServe(state);
  } catch (error) {
    console.error(isConfigurationError(error) ? `Duka cannot start: ${error.message}` : error);
    process.exit(1);
  }
}
