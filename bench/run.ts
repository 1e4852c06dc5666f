import { spawnSync } from "node:child_process";
import { postgresUrl, quick, root } from "./support";

/**
 * `npm run bench`: every benchmark in turn, each in its own process so none inherits another's warm caches,
 * then BENCHMARKS.md from the results. PostgreSQL figures need BENCH_DATABASE_URL (a database the benchmarks
 * may empty). `npm run bench -- --quick` is the short version CI runs: a few seconds each, failing on any
 * error, lost order or wrong total rather than on speed.
 */
const steps: { name: string; command: string[]; needsPostgres?: boolean; full?: boolean }[] = [
  { name: "bundle", command: ["tsx", "bench/bundle.ts", "--check"], full: true },
  { name: "load", command: ["tsx", "bench/load.ts"] },
  { name: "memory", command: ["tsx", "bench/memory.ts"] },
  { name: "checkout and crash", command: ["tsx", "bench/checkout.ts"] },
  { name: "browsing while checking out", command: ["tsx", "bench/mixed.ts"] },
  { name: "browsing under hostile bodies", command: ["tsx", "bench/abuse.ts"] },
  { name: "notifications with a crash", command: ["tsx", "bench/notify-crash.ts"] },
  { name: "catalogue import", command: ["tsx", "bench/catalogue-import.ts"] },
  { name: "search", command: ["tsx", "bench/search.ts"], full: true },
  { name: "customers", command: ["tsx", "bench/customers.ts"], full: true },
  // With fewer runs it is part of every `npm test` and `npm run test:pg` already.
  { name: "hostile input", command: ["vitest", "run", "--project", "integration", "app/routes/hostile-input.test.ts"], full: true },
  { name: "scale-out", command: ["tsx", "bench/scale-out.ts"], needsPostgres: true },
  { name: "fleet: three processes behind Caddy, restarted, killed and cut off", command: ["tsx", "bench/fleet.ts"], needsPostgres: true },
  { name: "lighthouse", command: ["tsx", "bench/lighthouse.ts"], full: true },
  { name: "report", command: ["tsx", "bench/report.ts"], full: true },
];

const failed: string[] = [];
for (const step of steps) {
  if (step.full && quick) continue;
  if (step.needsPostgres && !postgresUrl()) {
    console.log(`\n==> ${step.name}: skipped (set BENCH_DATABASE_URL to a PostgreSQL database it may empty)`);
    continue;
  }
  console.log(`\n==> ${step.name}`);
  const started = performance.now();
  const [command, ...args] = step.command;
  const env = { ...process.env, HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? "300" };
  const result = spawnSync(`node_modules/.bin/${command}`, [...args, ...(quick && command === "tsx" ? ["--quick"] : [])], {
    cwd: root,
    stdio: "inherit",
    env,
  });
  // How long each took, so a step that makes CI slow shows in its log.
  console.log(`<== ${step.name}: ${Math.round((performance.now() - started) / 1000)} s`);
  if (result.status !== 0) failed.push(step.name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
