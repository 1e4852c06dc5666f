import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { startShop } from "../tests/e2e/support/shop-server";
import { type Answer, deepStock, placeOrder, priceCents, UNLIMITED } from "./checkout";
import { type Engine, engines, newShopPlace, quick, round, writeLargeShop, writeResult } from "./support";

/**
 * Browsing while shoppers check out (issue 10, item 8): shop pages (home, shop, a product) at 50 connections,
 * first alone, then while orders arrive at 20 a second. An order changes what a cached page shows only when
 * it sells a product out, so browsing should keep at least 80% of its rate (the median of three rounds).
 */
const LARGE_SHOP = quick ? { products: 2_000, orders: 5_000 } : { products: 10_000, orders: 50_000 };
const CONNECTIONS = 50;
const SECONDS = quick ? 3 : 20;
const ORDERS_PER_SECOND = 20;
const AIM = 0.8;
// A shared 2-core machine varies by a few percent from run to run: the full run measures three rounds
// (browsing alone, then with checkout, each time) and reports the round with the median share.
const ROUNDS = quick ? 1 : 3;

export type MixedFigures = {
  connections: number;
  seconds: number;
  browsingAlone: { requestsPerSecond: number; p99Ms: number };
  browsingWithCheckout: { requestsPerSecond: number; p99Ms: number };
  keptShare: number;
  /** The share each round kept, in the order measured. */
  roundShares: number[];
  checkout: { aimedPerSecond: number; ordersPerSecond: number; placed: number; refused: number; noAnswer: number };
  browsingErrors: number;
};

function browse(baseURL: string, paths: readonly string[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseURL,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { "Accept-Encoding": "gzip, br" },
        requests: paths.map((path) => ({ path })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Places orders at a steady rate until `stop`, one unit of a deep-stock product each, from many shoppers. */
function checkoutAtRate(baseURL: string, run: string, stop: Promise<unknown>) {
  const answers: Answer[] = [];
  const pending: Promise<void>[] = [];
  let n = 0;
  const timer = setInterval(() => {
    const i = n++;
    const product = deepStock[i % deepStock.length]!;
    const order = { key: `${run}-${i}`, lines: [{ n: product, quantity: 1 }], totalCents: priceCents(product) };
    pending.push(placeOrder(baseURL, run, order).then((answer) => void answers.push(answer)));
  }, 1000 / ORDERS_PER_SECOND);
  return stop.then(async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return answers;
  });
}

const figuresOf = (result: autocannon.Result) => ({ requestsPerSecond: round(result.requests.average, 0), p99Ms: result.latency.p99 });

export async function mixedFigures(engine: Engine): Promise<MixedFigures> {
  const place = await newShopPlace(engine);
  await writeLargeShop(place, LARGE_SHOP);
  const shop = await startShop({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, env: UNLIMITED });
  try {
    const sitemap = await (await fetch(`${shop.baseURL}/sitemap.xml`)).text();
    const slug = /\/product\/([a-z0-9-]+-bench[0-9]+)</.exec(sitemap)?.[1] ?? "";
    const paths = ["/", "/products", `/product/${slug}`];
    await browse(shop.baseURL, paths); // warm-up
    const rounds: { alone: autocannon.Result; together: autocannon.Result; answers: Answer[]; share: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await browse(shop.baseURL, paths);
      const browsing = browse(shop.baseURL, paths);
      const answers = await checkoutAtRate(shop.baseURL, `mixed${randomUUID().replaceAll("-", "").slice(0, 12)}`, browsing);
      const together = await browsing;
      rounds.push({ alone, together, answers, share: together.requests.average / alone.requests.average });
    }
    const { alone, together, answers, share } = [...rounds].sort((x, y) => x.share - y.share)[Math.floor(ROUNDS / 2)]!;
    const placed = answers.filter((a) => a.kind === "placed").length;
    const allAnswers = rounds.flatMap((r) => r.answers);
    const figures: MixedFigures = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      browsingAlone: figuresOf(alone),
      browsingWithCheckout: figuresOf(together),
      keptShare: round(share, 2),
      roundShares: rounds.map((r) => round(r.share, 2)),
      checkout: {
        aimedPerSecond: ORDERS_PER_SECOND,
        ordersPerSecond: round(placed / SECONDS, 1),
        placed,
        refused: allAnswers.filter((a) => a.kind === "refused").length,
        noAnswer: allAnswers.filter((a) => a.kind === "no answer").length,
      },
      browsingErrors: rounds.reduce(
        (sum, r) => sum + r.alone.errors + r.alone.timeouts + r.alone.non2xx + r.together.errors + r.together.timeouts + r.together.non2xx,
        0,
      ),
    };
    console.log(`${engine}:`, figures);
    return figures;
  } finally {
    await shop.stop();
  }
}

async function main() {
  let failures = 0;
  for (const engine of engines()) {
    const figures = await mixedFigures(engine);
    writeResult(`mixed-${engine}`, figures);
    // Correctness fails the run; the rate aim is reported, since a shared machine's speed varies.
    failures += figures.browsingErrors + figures.checkout.refused + figures.checkout.noAnswer;
    if (figures.keptShare < AIM) console.warn(`${engine}: browsing kept ${figures.keptShare * 100}% of its rate, under the ${AIM * 100}% aim`);
  }
  if (failures > 0) process.exit(1);
}

if (process.argv[1]?.endsWith("mixed.ts")) await main();
