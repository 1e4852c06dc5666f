import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
export const root = path.resolve(import.meta.dirname, "..");
export const STAFF_EMAIL = "owner@bench.test";
export const STAFF_PASSWORD = "a long enough bench password";

export type Engine = "pglite" | "postgres";

/** The engines to measure: PGlite always, PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names one. */
export function engines(): Engine[] {
  return postgresUrl() ? ["pglite", "postgres"] : ["pglite"];
}

export const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "";

/** `--quick`: a few seconds per figure, for CI; the full runs are what BENCHMARKS.md reports. */
export const quick = process.argv.includes("--quick");

/** Where a shop for one measurement lives: a new PGlite folder, or the PostgreSQL database emptied. */
export type ShopPlace = { engine: Engine; dataDir: string; databaseUrl?: string };

export async function newShopPlace(engine: Engine): Promise<ShopPlace> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-bench-"));
  if (engine === "pglite") return { engine, dataDir };
  const databaseUrl = postgresUrl();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
  } finally {
    await client.end();
  }
  return { engine, dataDir, databaseUrl };
}

const envFor = (place: ShopPlace) => ({ ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "" });

/** Runs one of the project's scripts (tsx) against a shop place, with the shop stopped. */
export async function runScript(place: ShopPlace, script: string, args: string[] = [], env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...envFor(place), ...env },
    maxBuffer: 10 * 1024 * 1024,
  });
  return stdout;
}

/** The sample shop grown to the given size, and a staff member to sign in as. */
export async function writeLargeShop(place: ShopPlace, counts: { products: number; orders: number }) {
  console.log(await runScript(place, "bench/large-shop.ts", ["--products", String(counts.products), "--orders", String(counts.orders)]));
  await runScript(place, "scripts/staff.ts", ["add", STAFF_EMAIL], { STAFF_PASSWORD });
}

/** A staff session cookie from the real sign-in form. */
export async function staffCookie(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/admin/login`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: STAFF_EMAIL, password: STAFF_PASSWORD }),
    redirect: "manual",
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in failed with ${response.status}`);
  return cookie;
}

/** The machine the figures were measured on, for BENCHMARKS.md. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    speedCheckMs: speedCheckMs(),
  };
}

/**
 * A fixed piece of work on one core, timed as the figures are written (best of three, lower is faster). A
 * shared virtual machine's speed changes from hour to hour; this says how fast it was for these figures.
 */
function speedCheckMs(): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    let sum = 0;
    for (let i = 0; i < 100_000_000; i++) sum += i % 7;
    if (sum < 0) throw new Error("unreachable");
    best = Math.min(best, performance.now() - start);
  }
  return Math.round(best);
}

/** Writes one benchmark's figures to bench/results/{name}.json (quick runs to bench/results/quick/, not kept). */
export function writeResult(name: string, figures: unknown) {
  const folder = path.join(root, "bench", "results", ...(quick ? ["quick"] : []));
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), quick, figures }, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, file)}`);
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
