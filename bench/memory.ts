import { readFileSync } from "node:fs";
import { shopPid } from "../tests/e2e/support/shop-memory";
import { removeDataDir, startShop } from "../tests/e2e/support/shop-server";
import { LARGE_SHOP, measurePages } from "./load";
import { newShopPlace, quick, round, writeLargeShop, writeResult } from "./support";

/**
 * The memory of one shop process on PGlite (issue 26: a seller's 1 GB server), read from Linux's /proc: its
 * resident memory (RSS) once idle and its highest (VmHWM, which also counts start-up). Three starts of the built
 * shop: a first start on an empty folder (migrations and the sample shop with its images), a second start on the
 * same folder, and the load benchmark's large shop under bench/load.ts's pages (short with --quick). Aim: idle
 * under 300 MB, highest under 600 MB through the load.
 */
const IDLE_AIM_MB = 300;
const PEAK_AIM_MB = 600;
/** How long a started shop is left alone before its idle memory is read: its start-up sweeps have run by then. */
const SETTLE_MS = 5_000;

type Start = { startMs: number; idleMB: number; peakMB: number };
export type MemoryFigures = {
  idleAimMB: number;
  peakAimMB: number;
  firstStart: Start;
  secondStart: Start;
  load: Start & { products: number; orders: number; seconds: number; peakAfterLoadMB: number; afterLoadMB: number; errors: number };
};

function memoryMB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kB = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: round(kB("VmRSS") / 1024, 0), peak: round(kB("VmHWM") / 1024, 0) };
}

/** Starts the built shop on `dataDir`, leaves it idle and reads its memory; then `then` runs before it stops. */
async function measureStart<T>(dataDir: string, then: (baseURL: string, pid: number) => Promise<T>): Promise<[Start, T]> {
  const started = performance.now();
  // As the image starts it (Dockerfile): glibc keeps two memory pools, not one per busy thread (decision 065).
  const shop = await startShop({ dataDir, env: { TRUST_PROXY: "1", MALLOC_ARENA_MAX: "2" } });
  try {
    const startMs = Math.round(performance.now() - started);
    const pid = shopPid(shop.baseURL);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const { rss, peak } = memoryMB(pid);
    return [{ startMs, idleMB: rss, peakMB: peak }, await then(shop.baseURL, pid)];
  } finally {
    await shop.stop();
  }
}

async function main() {
  const place = await newShopPlace("pglite");
  const [firstStart] = await measureStart(place.dataDir, async () => {});
  console.log(`First start: idle ${firstStart.idleMB} MB, highest ${firstStart.peakMB} MB`);
  const [secondStart] = await measureStart(place.dataDir, async () => {});
  console.log(`Second start: idle ${secondStart.idleMB} MB, highest ${secondStart.peakMB} MB`);
  removeDataDir(place.dataDir);

  const large = await newShopPlace("pglite");
  await writeLargeShop(large, LARGE_SHOP);
  const [loadStart, underLoad] = await measureStart(large.dataDir, async (baseURL, pid) => {
    const started = performance.now();
    const pages = await measurePages("pglite", baseURL);
    const after = memoryMB(pid);
    return {
      seconds: Math.round((performance.now() - started) / 1000),
      peakAfterLoadMB: after.peak,
      afterLoadMB: after.rss,
      errors: pages.reduce((sum, page) => sum + page.errors + page.non2xx, 0),
    };
  });
  removeDataDir(large.dataDir);
  const load = { ...loadStart, ...LARGE_SHOP, ...underLoad };
  console.log(`Large shop: idle ${load.idleMB} MB, highest through the load ${load.peakAfterLoadMB} MB, ${load.errors} errors`);

  const figures: MemoryFigures = { idleAimMB: IDLE_AIM_MB, peakAimMB: PEAK_AIM_MB, firstStart, secondStart, load };
  writeResult("memory-pglite", figures);
  if (load.errors > 0) throw new Error(`${load.errors} requests failed under load.`);
  // The quick run (CI) checks the figures are made, not the machine's memory; the full run reports against the aims.
  if (!quick) {
    const over = [
      ...[firstStart, secondStart, load].filter((start) => start.idleMB >= IDLE_AIM_MB).map((start) => `idle ${start.idleMB} MB`),
      ...(load.peakAfterLoadMB >= PEAK_AIM_MB ? [`highest ${load.peakAfterLoadMB} MB under load`] : []),
    ];
    if (over.length > 0) console.log(`Over the aims: ${over.join(", ")}.`);
  }
}

await main();
