import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/support/chromium";
import { startShop } from "../tests/e2e/support/shop-server";
import { newShopPlace, quick, round, writeResult } from "./support";

/**
 * Lighthouse (mobile: a mid-range phone on a slow 4G network, simulated) on the home page, the shop and a
 * product page of the sample shop, in Debian's Chromium; the median of 3 runs by performance score.
 */
const RUNS = quick ? 1 : 3;

export type LighthouseFigures = {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  totalKb: number;
  failedAudits: string[];
};

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function figuresOf(page: string, path: string, report: Report): LighthouseFigures {
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const audit = (id: string) => report.audits[id]?.numericValue ?? 0;
  return {
    page,
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    cls: round(audit("cumulative-layout-shift"), 3),
    tbtMs: Math.round(audit("total-blocking-time")),
    totalKb: round(audit("total-byte-weight") / 1024, 1),
    // What kept a category from 100, so the report says what to fix.
    failedAudits: Object.values(report.categories)
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

export async function lighthouseFigures(): Promise<LighthouseFigures[]> {
  const place = await newShopPlace("pglite");
  const shop = await startShop({ dataDir: place.dataDir });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
  try {
    const sitemap = await (await fetch(`${shop.baseURL}/sitemap.xml`)).text();
    const product = /\/product\/[a-z0-9-]+(?=<)/.exec(sitemap)?.[0] ?? "/";
    const pages = [
      { page: "Home", path: "/" },
      { page: "Shop", path: "/products" },
      { page: "Product", path: product },
    ];
    const figures: LighthouseFigures[] = [];
    for (const { page, path } of pages) {
      const runs: LighthouseFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${shop.baseURL}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
        if (!result) throw new Error(`Lighthouse gave no report for ${path}`);
        runs.push(figuresOf(page, path, result.lhr));
      }
      const median = runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
      console.log(median);
      figures.push(median);
    }
    return figures;
  } finally {
    chrome.kill();
    await shop.stop();
  }
}

async function main() {
  writeResult("lighthouse", { runs: RUNS, pages: await lighthouseFigures() });
}

if (process.argv[1]?.endsWith("lighthouse.ts")) await main();
