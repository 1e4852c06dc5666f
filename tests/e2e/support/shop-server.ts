import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..", "..");

/** What node runs for `npm start` (package.json), and so for the image's CMD: the shop is started as they start it. */
export const startArguments: string[] = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start
  .split(" ")
  .slice(1);

/** A port nothing listens on now, for a shop that must know its address before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type ShopServer = {
  baseURL: string;
  dataDir: string;
  /** What the shop printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a power cut would. */
  crash(): Promise<void>;
};

/** Where global-setup keeps the run's migrated sample shop (sampleShopTemplate), for shops to start from a copy. */
const TEMPLATE_DIR = "DUKA_E2E_TEMPLATE_DIR";

/**
 * A PGlite data folder migrated and holding the sample shop, made once per run (global-setup): each shop started
 * without a place of its own starts from a copy of it, in about 3 s where migrating and writing the sample shop
 * takes about 16 s on these machines. Its path is left in the environment, which Playwright's workers inherit.
 */
export async function sampleShopTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-template-"));
  await run(process.execPath, ["--import", "tsx", "tests/e2e/support/prepare-data-dir.ts"], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
  process.env[TEMPLATE_DIR] = dataDir;
  return dataDir;
}

/** A new data folder for a shop: a copy of the run's sample shop when there is one, else an empty folder. */
function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  const template = process.env[TEMPLATE_DIR];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the built shop as `npm start` would (migrations and sample data included) on a free port with a
 * temporary DATA_DIR (or on PostgreSQL with `databaseUrl`). Before it starts, `emptyTables` are emptied in the
 * order given (a shop without riders, say) and `documents` merges settings or content into it (e.g. an active
 * notification), through the shop's own code. `env` adds settings such as TRUST_PROXY or UPLOADS_DIR.
 */
export async function startShop(
  options: {
    documents?: Record<string, object>;
    emptyTables?: string[];
    dataDir?: string;
    databaseUrl?: string;
    env?: Record<string, string>;
    port?: number;
  } = {},
): Promise<ShopServer> {
  const dataDir = options.dataDir ?? (options.databaseUrl ? mkdtempSync(path.join(os.tmpdir(), "duka-e2e-")) : newDataDir());
  // The shop logs as in production (Vitest's own processes are quiet by default, decision 061): its output is kept for
  // failure messages and for tests that read its lines. It stops at once unless a test is about stopping: a test's
  // shop has no proxy to move its traffic away.
  const env = {
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    SHUTDOWN_GRACE_SECONDS: "0",
    ...options.env,
  };
  if (options.documents || options.emptyTables) {
    await run(process.execPath, ["--import", "tsx", "tests/e2e/support/prepare-data-dir.ts"], {
      cwd: root,
      env: {
        ...env,
        DUKA_TEST_DOCUMENTS: JSON.stringify(options.documents ?? {}),
        DUKA_TEST_EMPTY_TABLES: JSON.stringify(options.emptyTables ?? []),
      },
    });
  }
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const shop = spawn(process.execPath, startArguments, {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  shop.stdout.on("data", (chunk) => (output += chunk));
  shop.stderr.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`The shop stopped during start-up:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The shop did not start within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (shop.exitCode === null && shop.signalCode === null) {
      const exited = new Promise((r) => shop.once("exit", r));
      shop.kill(signal);
      await exited;
    }
  };
  return {
    baseURL,
    dataDir,
    output: () => output,
    stop: () => end("SIGTERM"),
    crash: () => end("SIGKILL"),
  };
}

export const removeDataDir = (dataDir: string) => rmSync(dataDir, { recursive: true, force: true });
