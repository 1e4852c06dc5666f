import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AbuseFigures } from "./abuse";
import type { CatalogueImportFigures } from "./catalogue-import";
import type { CheckoutFigures, PaidFigures } from "./checkout";
import type { CustomersFigures } from "./customers";
import type { LighthouseFigures } from "./lighthouse";
import type { MemoryFigures } from "./memory";
import type { PageFigures } from "./load";
import type { MixedFigures } from "./mixed";
import type { NotifyCrashFigures } from "./notify-crash";
import type { FleetFigures } from "./fleet";
import type { ScaleOutFigures } from "./scale-out";
import type { SearchFigures } from "./search";
import { root } from "./support";

/** Writes BENCHMARKS.md from the figures in bench/results/, each with the command that produced it. */
type Result<T> = {
  measuredAt: string;
  machine: { cpu: string; memoryGiB: number; node: string; platform: string; speedCheckMs?: number };
  figures: T;
};

const results = path.join(root, "bench", "results");
function read<T>(name: string): Result<T> | undefined {
  const file = path.join(results, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Result<T>) : undefined;
}

const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
const engineName = { pglite: "PGlite", postgres: "PostgreSQL" } as const;
const when = (result: Result<unknown>) =>
  result.measuredAt.slice(0, 16).replace("T", " ") +
  " UTC" +
  (result.machine.speedCheckMs === undefined ? "" : `, speed check ${result.machine.speedCheckMs} ms`);
const missing = (command: string) => `Not measured yet: \`${command}\`.`;

const sections: string[] = [];
const anyResult = read<unknown>("load-pglite") ?? read<unknown>("lighthouse");
sections.push(`# Benchmarks

Every figure here comes from \`npm run bench\` (PostgreSQL figures with \`BENCH_DATABASE_URL\` set to a database the
benchmarks may empty); each table names the command that produced it, and the raw figures are in \`bench/results/\`.
CI runs \`npm run bench -- --quick\` (a few seconds each), which fails on any error, lost order or wrong total.

${anyResult ? `Machine: ${anyResult.machine.cpu}, ${anyResult.machine.memoryGiB} GiB, Node ${anyResult.machine.node}, ${anyResult.machine.platform}.` : ""}`);

type Load = { largeShop: { products: number; orders: number }; connections: number; seconds: number; pages: PageFigures[] };
for (const engine of ["pglite", "postgres"] as const) {
  const load = read<Load>(`load-${engine}`);
  sections.push(`## Pages under load, ${engineName[engine]}

\`npx tsx bench/load.ts\`${engine === "postgres" ? " with `BENCH_DATABASE_URL`" : ""} — aim: ≥ 400 requests/s at p99 ≤ 100 ms.

${
  load
    ? `${load.figures.largeShop.products.toLocaleString("en")} products, ${load.figures.largeShop.orders.toLocaleString("en")} orders; autocannon on loopback, ${load.figures.connections} connections for ${load.figures.seconds} s per page (${when(load)}).

${table(
  ["page", "path", "requests/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors"],
  load.figures.pages.map((p) => [p.page, `\`${p.path}\``, p.requestsPerSecond, p.p50Ms, p.p99Ms, p.requests, p.non2xx, p.errors]),
)}`
    : missing("npx tsx bench/load.ts")
}`);
}

const memory = read<MemoryFigures>("memory-pglite");
sections.push(`## Memory of one process on PGlite

\`npx tsx bench/memory.ts\` — aim (a seller's 1 GB server): idle under 300 MB resident, under 600 MB at its highest
through the load benchmark. The built shop is started as the image starts it (package.json's \`npm start\` command
with \`MALLOC_ARENA_MAX=2\`); its resident memory (RSS) is read from /proc 5 s after it answers, with its highest
(VmHWM, start-up included).

${
  memory
    ? `${table(
        ["start", "took", "idle MB", "highest MB"],
        [
          ["First, on an empty folder (migrations, the sample shop and its images)", `${memory.figures.firstStart.startMs} ms`, memory.figures.firstStart.idleMB, memory.figures.firstStart.peakMB],
          ["Second, on the same folder", `${memory.figures.secondStart.startMs} ms`, memory.figures.secondStart.idleMB, memory.figures.secondStart.peakMB],
          [
            `The load benchmark's shop (${memory.figures.load.products.toLocaleString("en")} products, ${memory.figures.load.orders.toLocaleString("en")} orders), through its pages under load (${memory.figures.load.seconds} s)`,
            `${memory.figures.load.startMs} ms`,
            `${memory.figures.load.idleMB}; ${memory.figures.load.afterLoadMB} after the load`,
            memory.figures.load.peakAfterLoadMB,
          ],
        ],
      )}

Measured ${when(memory)}; ${memory.figures.load.errors} failed requests under load.`
    : missing("npx tsx bench/memory.ts")
}

Where it went, measured on 2026-11-28 (the sample shop; idle RSS 5 s after start, highest in brackets). Before:
first start 952 MB (982), second start 553 MB (572). PGlite alone on the second start's folder was 294 MB, of which
PostgreSQL's 128 MB of shared buffers were resident in its WebAssembly memory; the shop on PostgreSQL instead was
555 MB and 310 MB. Each change, in turn: 32 MB of shared buffers, 743 MB (884) and 483 MB, with the load benchmark's
pages as fast as before; a server build without a dynamic \`import()\` (tsx, which loads it, rewrote the whole
1.2 MB file with a source map: importing the build took 333 MB under tsx, 213 MB after, 118 MB under plain node),
823 MB (940) and 433 MB; a new data folder made on a thread of its own, 763 MB (953) and 388 MB (424). What is left
on a first start is PGlite's initdb (about 800 MB at its highest, alone in a script) and the sample shop's images
through sharp (about 190 MB kept by glibc's per-thread arenas, 90 MB with \`MALLOC_ARENA_MAX=2\`).

Then (decision 065, all with \`MALLOC_ARENA_MAX=2\`, idle after a second start): under tsx 451–470 MB; the start
bundled into \`build/start.js\` and run by plain node, 295–299 MB, and ready in 1.6 s instead of 2.8–3.2 s; sharp
loaded with the first image and without its operation cache, 285–296 MB. The load benchmark's large shop then reached
569 and 631 MB at its highest in two runs; with 4 MB young generations (\`--max-semi-space-size=4\`), 478 and 533 MB,
with the pages' requests per second within the runs' spread. A first start: a new folder unpacked from the empty
database the build packed, instead of initdb, 440–512 MB at its highest instead of 777–790 MB; with the sample
images' widths prepared by the build, 296–387 MB, idle near 300 MB, ready in 3.7 s instead of 11–13 s.`);

// Hand-measured: the "before" is an older commit, so no result file holds it.
sections.push(`## Variants: the same pages before and after (issue 22)

\`npx tsx bench/load.ts\`, PGlite, 10,000 products (a third with 12 size and colour variants after the change) and
50,000 orders, 50 connections for 20 s per page. Both runs were made one after the other on 2026-11-27 between 20:19
and 20:28 UTC. The "before" run is commit 8a700a3, with its own generator and no variants. The machine was an Intel
Xeon, about half as fast as the AMD EPYC of the other tables, so compare within this table only.

${table(
  ["page", "before, requests/s", "after, requests/s", "kept", "after, p99 ms"],
  [
    ["Home", 569, 637, "112%", 168],
    ["Shop", 500, 571, "114%", 162],
    ["Shop, filtered (size M, which now counts variant stock)", 778, 746, "96%", 144],
    ["Shop, searched", 597, 567, "95%", 170],
    ["Product", 775, 801, "103%", 140],
    ["Product with 12 variants (new)", "—", 670, "86% of the plain product page", 161],
  ],
)}

The 86% did not hold when the two product pages were measured in turn, 8 s each at 50 connections on one freshly
written large shop (22:25 UTC): the plain page made 730, 979, 706, 999 and 889 requests/s, the page with 12 variants
894, 725, 858, 845 and 860, so 97% of it on average, within the runs' spread. Its HTML is 35.8 KB against 27.5 KB
(12 offers in the structured data, the variants in the page's data, the options' sold-out marks).

Checkout (\`bench/checkout.ts\`'s run without a fault, PGlite, 2,000 orders from 50 shoppers, where the ordered products
with an id divisible by 3 sell from their variants), before and after in turn on the same Intel machine, 2026-11-27
21:50–22:05 UTC: before 37 and 39 orders/s, after 41 and 35; 0 errors, lost orders or wrong totals in each. Variants
cost checkout nothing measurable (the lock reads the variants in one more statement); the ≥ 120 orders/s aim was set
on the AMD machine, where this checkout made 128, and this machine made 37–41 of it with or without variants.`);

const checkoutRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  for (const kind of ["checkout", "checkout-delivery", "crash"] as const) {
    const result = read<CheckoutFigures>(`${kind}-${engine}`);
    if (!result) continue;
    const f = result.figures;
    checkoutRows.push([
      engineName[engine],
      kind === "crash"
        ? `killed after ${f.crash!.answeredBeforeKill} orders, restarted in ${f.crash!.restartMs} ms, ${f.crash!.resubmitted} resubmitted`
        : kind === "checkout-delivery"
          ? "no fault, delivery offered (3 zones and a pick-up point, chosen in turn)"
          : "no fault",
      f.orders,
      f.clients,
      kind === "crash" ? "—" : f.ordersPerSecond,
      f.errors,
      f.lostOrders,
      f.duplicateOrders,
      f.wrongTotals,
      f.halfWritten,
      when(result),
    ]);
  }
}
sections.push(`## Checkout under load, and a crash in the middle of it

\`npx tsx bench/checkout.ts\` — aim: ≥ 150 orders/s; errors, lost orders and wrong totals all 0. The crash run kills
the shop (SIGKILL) once a third of the orders are answered, starts it again on the same data, and lets every shopper
whose answer never came resubmit the same form.

${
  checkoutRows.length > 0
    ? table(
        ["engine", "run", "orders", "clients", "orders/s", "errors", "lost", "doubled", "wrong totals", "half-written", "measured"],
        checkoutRows,
      )
    : missing("npx tsx bench/checkout.ts")
}`);

const paidRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  const result = read<PaidFigures>(`paid-${engine}`);
  if (!result) continue;
  const f = result.figures;
  paidRows.push([engineName[engine], f.orders, f.requests, f.requestsPerSecond, f.seconds, f.paid, f.lostPayments, f.doublyPaid, f.wrongAmounts, when(result)]);
}
sections.push(`## Every order paid through M-Pesa Express

\`npx tsx bench/checkout.ts\` (its last run) — aim: lost, doubly paid and wrong all 0. Orders are placed, then each
shopper presses 'Pay now with M-Pesa' (50 at a time); the local Daraja simulator (\`scripts/mpesa-sim.ts\`) pays
each request and calls the shop back 200 ms later. The database is then read: each order Paid by one payment of
exactly its total.

${
  paidRows.length > 0
    ? table(["engine", "orders", "requests sent", "requests/s", "seconds to all paid", "paid", "lost", "doubly paid", "wrong amounts", "measured"], paidRows)
    : missing("npx tsx bench/checkout.ts")
}`);

const mixedRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  const result = read<MixedFigures>(`mixed-${engine}`);
  if (!result) continue;
  const f = result.figures;
  mixedRows.push([
    engineName[engine],
    `${f.browsingAlone.requestsPerSecond} (p99 ${f.browsingAlone.p99Ms} ms)`,
    `${f.browsingWithCheckout.requestsPerSecond} (p99 ${f.browsingWithCheckout.p99Ms} ms)`,
    `${Math.round(f.keptShare * 100)}%`,
    f.roundShares.map((share) => `${Math.round(share * 100)}%`).join(", "),
    `${f.checkout.ordersPerSecond} of ${f.checkout.aimedPerSecond}`,
    f.checkout.refused + f.checkout.noAnswer,
    f.browsingErrors,
    when(result),
  ]);
}
sections.push(`## Browsing while shoppers check out

\`npx tsx bench/mixed.ts\` — aim: browsing keeps ≥ 80% of its rate while orders arrive at 20 a second. Home, shop
and a product page in turn at 50 connections, first alone, then with the orders, three rounds of 20 s each; the
row is the round with the median share. An order drops cached pages only when it sells a product out or brings one
back (decision 034); PGlite runs on its own thread and a checkout is 7 database round trips (decision 037).

${
  mixedRows.length > 0
    ? table(
        ["engine", "browsing alone, requests/s", "browsing with checkout, requests/s", "kept", "each round", "orders/s", "orders refused or lost", "browsing errors", "measured"],
        mixedRows,
      )
    : missing("npx tsx bench/mixed.ts")
}`);

const abuse = read<AbuseFigures>("abuse");
sections.push(`## Browsing under hostile traffic

\`npx tsx bench/abuse.ts\` — aim: every oversized body refused with 413, the shop's RSS within 100 MB of its level while
browsing alone, browsing ≥ 90% of its rate; 20 clients post 50 MB bodies (chunked and with a Content-Length, 8 Mbit/s
each) to /track, /checkout and /newsletter while shoppers browse; three rounds of 20 s, PGlite (decision 046). Then
one client tries to hold all the stock with made-up phone numbers: it must hold no more than the per-address cap
(decision 043).

${
  abuse
    ? table(
        ["browsing alone, requests/s", "under attack, requests/s", "kept", "each round", "bodies sent", "answered 413", "RSS idle / browsing / attacked (MB)", "browsing errors", "one client held (units, cap)", "measured"],
        [
          [
            `${abuse.figures.browsingAlone.requestsPerSecond} (p99 ${abuse.figures.browsingAlone.p99Ms} ms)`,
            `${abuse.figures.browsingUnderAttack.requestsPerSecond} (p99 ${abuse.figures.browsingUnderAttack.p99Ms} ms)`,
            `${Math.round(abuse.figures.keptShare * 100)}%`,
            abuse.figures.roundShares.map((share) => `${Math.round(share * 100)}%`).join(", "),
            abuse.figures.attack.sent,
            abuse.figures.attack.refused413,
            `${abuse.figures.memory.idleMB} / ${abuse.figures.memory.peakBrowsingMB} / ${abuse.figures.memory.peakMB}`,
            abuse.figures.browsingErrors,
            `${abuse.figures.holdingStock.unitsHeld} in ${abuse.figures.holdingStock.placed} orders (cap ${abuse.figures.holdingStock.perAddressCap})`,
            when(abuse),
          ],
        ],
      )
    : missing("npx tsx bench/abuse.ts")
}`);

const notifyRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  const result = read<NotifyCrashFigures>(`notify-crash-${engine}`);
  if (!result) continue;
  const f = result.figures;
  notifyRows.push([
    engineName[engine],
    f.messages,
    f.receivedBeforeKill,
    f.restartMs,
    f.secondsToAllSent,
    f.distinct,
    f.sentTwice,
    Object.entries(f.states)
      .map(([state, count]) => `${count} ${state}`)
      .join(", "),
    when(result),
  ]);
}
sections.push(`## SMS through the outbox, and a crash in the middle of it

\`npx tsx bench/notify-crash.ts\` — 500 SMS waiting in the outbox; the shop starts, sends them to the local
gateway stand-in (which takes each at once and answers 300 ms later), is killed (SIGKILL) once 200 have arrived,
and is started again on the same data. Every message must arrive; one may arrive twice only if it was on its way
at the kill (claimed, with its answer not yet back), and is sent again when its 30 s lease ends (decision 038).

${
  notifyRows.length > 0
    ? table(["engine", "messages", "arrived before the kill", "restart ms", "seconds until each had arrived", "arrived", "arrived twice", "outbox at the end", "measured"], notifyRows)
    : missing("npx tsx bench/notify-crash.ts")
}`);

const searchRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  const result = read<{ products: number; rounds: number; queries: SearchFigures[] }>(`search-${engine}`);
  for (const q of result?.figures.queries ?? []) {
    searchRows.push([
      engineName[engine],
      result!.figures.products.toLocaleString("en"),
      `\`${q.query}\``,
      q.kind,
      q.matches,
      q.p50Ms,
      q.p99Ms,
      when(result!),
    ]);
  }
}
sections.push(`## Search at 100,000 products

\`npx tsx bench/search.ts\` — aim: p99 ≤ 20 ms. The catalogue module against the database (no HTTP): a page of results
with its total, and the search box's suggestions.

${searchRows.length > 0 ? table(["engine", "products", "query", "what", "matches", "p50 ms", "p99 ms", "measured"], searchRows) : missing("npx tsx bench/search.ts")}`);

const customerRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  const result = read<{ orders: number; rounds: number; queries: CustomersFigures[] }>(`customers-${engine}`);
  for (const q of result?.figures.queries ?? []) {
    customerRows.push([
      engineName[engine],
      result!.figures.orders.toLocaleString("en"),
      q.what,
      q.search ? `\`${q.search}\`` : "",
      q.matches,
      q.p50Ms,
      q.p99Ms,
      when(result!),
    ]);
  }
}
sections.push(`## Customers at 50,000 orders

\`npx tsx bench/customers.ts\` — aim: p99 < 200 ms on PGlite. The customers module against the database (no HTTP): a
page of 50 customers (each phone's totals, kept by triggers on the orders) with how many match, for each sort, deep
in the list, and searched.
Every generated order has a phone of its own, so there are as many customers as orders.

${
  customerRows.length > 0
    ? table(["engine", "orders", "what", "search", "customers", "p50 ms", "p99 ms", "measured"], customerRows)
    : missing("npx tsx bench/customers.ts")
}`);

const importRows: (string | number)[][] = [];
for (const engine of ["pglite", "postgres"] as const) {
  const result = read<CatalogueImportFigures>(`catalogue-import-${engine}`);
  if (!result) continue;
  const f = result.figures;
  importRows.push([
    engineName[engine],
    f.rows.toLocaleString("en"),
    f.products.toLocaleString("en"),
    f.previewMs,
    f.importMs,
    f.againPreviewMs,
    f.againImportMs,
    f.rounds.map((round) => round.importMs).join(", "),
    when(result),
  ]);
}
sections.push(`## Catalogue import: 10,000 Shopify rows

\`npx tsx bench/catalogue-import.ts\` — aim: seconds. A Shopify product export of 10,000 rows (products on one to six
variant rows, HTML bodies, tags, one in ten a draft; images excluded) imported into the sample shop through the
import module (no HTTP): the preview (read, plan and keep it), the confirmed import (one transaction, decision
040), and the same file again, which must leave every product unchanged. Median of 3 rounds, each on a new shop.

${
  importRows.length > 0
    ? table(["engine", "rows", "products", "preview ms", "import ms", "same file: preview ms", "same file: import ms", "import ms per round", "measured"], importRows)
    : missing("npx tsx bench/catalogue-import.ts")
}`);

// Hand-written from the reports kept with --reports: what blocked, and the change that made it less.
const LIGHTHOUSE_FINDINGS = `Before and after hydrating what is below the fold once the page has settled (decision 051: the footer, and the
home page's collection, questions and contact) and grouping money's thousands by hand instead of \`Intl.NumberFormat\`,
on the Intel machine: "before" is the sample shop at 17:55 UTC (5 runs) and the large shop at 21:55 UTC (3 runs),
"after" both at 22:00–22:15 UTC (3 runs), load average 2–3 from other work on the 2 cores throughout.

${table(
  ["shop", "page", "before: performance, median / worst", "before: TBT ms, worst", "after: performance, median / worst", "after: TBT ms, worst"],
  [
    ["sample shop", "Home", "97 / 80", 792, "97 / 93", 276],
    ["sample shop", "Shop", "97 / 83", 620, "99 / 96", 181],
    ["sample shop", "Product", "89 / 81", 725, "98 / 98", 59],
    ["sample shop", "Product, Kiondo Sisal Handbag", "96 / 79", 824, "98 / 98", 41],
    ["10,000 products", "Home", "97 / 87", 427, "97 / 96", 170],
    ["10,000 products", "Shop", "98 / 97", 89, "98 / 96", 129],
    ["10,000 products", "Product", "96 / 95", 199, "98 / 95", 209],
    ["10,000 products", "Product with 12 variants", "98 / 88", 420, "98 / 96", 152],
  ],
)}

Where the blocking came from (Chromium traces of the same pages at this machine's speed, which Lighthouse
multiplies by 4; a task counts toward TBT beyond 50 ms, so beyond 12.5 ms here):
- The first \`Intl.NumberFormat\` a page made loaded the browser's locale data: 20–140 ms in a fresh page, the one task
  after first paint that was long on every page, up to 200 ms of TBT alone. app/domain/money.ts now groups
  thousands by hand, with the same text.
- Hydration and the router's start: creating the router and reading the page's data (14–19 ms), React's commit of
  the hydrated page (14–23 ms), its effects (15–21 ms: live updates, link discovery, the bag), each just over the
  12.5 ms line. Parts below the fold now hydrate after load, when the browser is idle or at the first touch, so the
  commit is smaller; their server HTML works meanwhile. The shop's filter sidebar stays as it was: its selects are
  controlled, and a choice made before it hydrated was lost.
- Style and layout of the first paint and HTML parsing come before first paint, so they weigh on FCP and LCP, not TBT.
- The spread between runs is the machine: the same build gave TBT 56 ms and 792 ms on Home minutes apart, with
  "other" (tasks Lighthouse cannot attribute) growing with it; at load average 8–12 the same pages gave TBT
  300–3,600 ms. Every page's median is 97 or more; the worst run of the sample shop's home page was 93 (TBT 276 ms).`;
const lighthouse = read<{ runs: number; pages: LighthouseFigures[] }>("lighthouse");
// Lighthouse's groups of main-thread work, in the order the table shows them.
const MAIN_THREAD = [
  ["scriptEvaluation", "script evaluation"],
  ["scriptParseCompile", "parse & compile"],
  ["styleLayout", "style & layout"],
  ["parseHTML", "HTML parsing"],
  ["other", "other"],
] as const;
const lighthouseTables = (figures: { runs: number; pages: LighthouseFigures[] }) =>
  [...new Set(figures.pages.map((p) => p.shop))]
    .map(
      (shop) => `${shop === "sample shop" ? "The sample shop" : `The large shop (${shop})`}, ${figures.runs} runs a page:

${table(
  ["page", "performance, median / worst", "TBT ms, every run", "LCP ms", "CLS", ...MAIN_THREAD.map(([, name]) => `${name} ms`), "longest task ms", "accessibility, best practices, SEO"],
  figures.pages
    .filter((p) => p.shop === shop)
    .map((p) => [
      p.page,
      `${p.performance} / ${p.worst?.performance ?? p.performance}`,
      (p.tbtRunsMs ?? [p.tbtMs]).join(", "),
      p.lcpMs,
      p.cls,
      ...MAIN_THREAD.map(([group]) => p.mainThreadMs?.[group] ?? "—"),
      p.longestTaskMs ?? "—",
      `${p.accessibility}, ${p.bestPractices}, ${p.seo}`,
    ]),
)}`,
    )
    .join("\n\n");
sections.push(`## Lighthouse, mobile

\`npx tsx bench/lighthouse.ts\` — Lighthouse 12 with Debian's Chromium, its default mobile settings (a mid-range
phone on slow 4G, simulated), on the sample shop as \`npm start\` first writes it and on the large benchmark shop;
the median of the runs by performance score, and the worst run (\`--runs N\`, 5 by default; \`--reports <folder>\`
keeps each run's report, whose long-tasks, bootup-time and mainthread-work-breakdown audits say what blocked). Aim:
95+ performance with LCP ≤ 2.5 s, CLS ≤ 0.1 and Total Blocking Time under 200 ms, 100 for the rest. The main-thread
columns are what each page spends: Lighthouse's simulated phone (4× this machine's CPU) during the load, in ms, for
the median run; React's hydration is script evaluation, most of it in the framework chunk.${lighthouse ? ` Measured ${when(lighthouse)}.` : ""}

${lighthouse ? lighthouseTables(lighthouse.figures) : missing("npx tsx bench/lighthouse.ts")}

${LIGHTHOUSE_FINDINGS}`);

const scaleOut = read<ScaleOutFigures>("scale-out");
sections.push(`## Two processes on one PostgreSQL

\`BENCH_DATABASE_URL=… npx tsx bench/scale-out.ts\` — two shops on two ports, one database, one \`UPLOADS_DIR\`.

${
  scaleOut
    ? table(
        ["check", "result"],
        [
          ["a session made on one is valid on the other", scaleOut.figures.sessionSharedAcrossProcesses ? "yes" : "NO"],
          ["an order placed through one reaches the other's staff live", `${scaleOut.figures.orderAnnouncedOnOtherProcessMs} ms`],
          ["the order is on the other's orders page", scaleOut.figures.orderListedOnOtherProcess ? "yes" : "NO"],
          ["an image uploaded through one is served by both", scaleOut.figures.uploadServedByBoth ? "yes" : "NO"],
        ],
      )
    : missing("BENCH_DATABASE_URL=… npx tsx bench/scale-out.ts")
}`);

const fleet = read<FleetFigures>("fleet");
sections.push(`## Three processes behind Caddy: a rolling restart, a crash and a lost connection

\`BENCH_DATABASE_URL=… npx tsx bench/fleet.ts\` — three shops on one PostgreSQL behind Caddy from Debian with the
deployment's own \`deploy/Caddyfile\`, under browsing and checkout load. One process gets a SIGTERM (it drains for
10 s, exits and is started again), one a SIGKILL while the outbox sends (started again), and the third's LISTEN
connection is cut with \`pg_terminate_backend\`.${fleet ? ` Measured ${when(fleet)}.` : ""}

${
  fleet
    ? table(
        ["figure", "result"],
        [
          ["requests through Caddy", `${fleet.figures.requests} in ${fleet.figures.seconds} s (${fleet.figures.requestsPerSecond}/s, p95 ${fleet.figures.p95Ms} ms)`],
          ["failed around the SIGTERM (aim 0)", fleet.figures.failedRequests.aroundSigterm],
          ["failed around the SIGKILL (those in flight)", fleet.figures.failedRequests.aroundSigkill],
          ["failed around the LISTEN cut", fleet.figures.failedRequests.aroundListenCut],
          ["failed in all, by status", `${fleet.figures.failedRequests.total} ${JSON.stringify(fleet.figures.failedRequests.byStatus)}`],
          ["SIGTERM to exit (the drain), then back", `${fleet.figures.sigterm.drainedAndExitedMs} ms, ${fleet.figures.sigterm.restartedMs} ms`],
          ["checkouts placed, resubmitted, lost, doubled", `${fleet.figures.checkouts.placed}, ${fleet.figures.checkouts.resubmitted}, ${fleet.figures.checkouts.lost}, ${fleet.figures.checkouts.doubled}`],
          ["outbox SMS: sent at the kill, distinct, sent twice", `${fleet.figures.messages.receivedAtKill} of ${fleet.figures.messages.queued}, ${fleet.figures.messages.distinct}, ${fleet.figures.messages.sentTwice}`],
          ["live updates back on the cut process", `${fleet.figures.liveUpdatesResumedSeconds} s`],
          ["an image uploaded through one, served by the others", fleet.figures.uploadServedByOthers ? "yes" : "NO"],
        ],
      )
    : missing("BENCH_DATABASE_URL=… npx tsx bench/fleet.ts")
}`);

const bundle = read<unknown>("bundle") as unknown as
  { routes: { route: string; firstLoadJsKb: number; firstLoadJsBrotliKb: number; cssKb: number }[] } | undefined;
sections.push(`## Storefront JavaScript

\`npm run bench:bundle\` — first-load JavaScript per storefront route, as the server sends it; budget 120 KB gzip.

${
  bundle
    ? table(
        ["route", "JS gzip KB", "JS brotli KB", "CSS gzip KB"],
        bundle.routes.map((r) => [`\`${r.route}\``, r.firstLoadJsKb, r.firstLoadJsBrotliKb, r.cssKb]),
      )
    : missing("npm run bench:bundle")
}

Variants and sale prices (issue 22) added 0.7–1.3 KB gzip per route (the variant rules, the sale price, the bag's
per-variant limits), and hydrating below the fold later (decision 051) 0.2–0.3 KB; every route stays under the
120 KB budget.`);

sections.push(`## Hostile input

\`HOSTILE_RUNS=300 npx vitest run app/routes/hostile-input.test.ts\` — random and hostile bodies posted to every action,
public and admin: every answer is a success or a 4xx with a message, never a 5xx, and no row is left corrupt. CI runs
it with fewer runs in every \`npm test\` and \`npm run test:pg\`.`);

sections.push(`## What changed the figures

Measured while profiling (\`node --cpu-prof\` on the shop, autocannon with 50 connections on loopback for 6–20 s;
checkout with 50 concurrent shoppers), before each change and after it; decisions 010, 022, 025 and 026 say why.

${table(
  ["page", "shop", "before", "after", "change"],
  [
    [
      "Home",
      "sample shop, PGlite",
      "26 req/s, p99 4,418 ms",
      "77 req/s, p99 4,416 ms",
      "`npm start` serves React's production build (NODE_ENV)",
    ],
    [
      "Home",
      "sample shop, PGlite",
      "77 req/s",
      "103–181 req/s",
      "site documents, categories, filter choices cached until a change is announced",
    ],
    [
      "Home",
      "sample shop, PGlite",
      "103–181 req/s, p99 ~4 s",
      "1,356 req/s, p99 61 ms",
      "pages shared by signed-out shoppers, dropped on any change",
    ],
    ["Admin orders", "10,000 / 50,000, PGlite", "25 req/s", "37–43 req/s", "order counts cached; generated shop vacuumed"],
    ["Admin report, year", "2,000 / 5,000, PGlite", "4 req/s", "90 req/s (10,000 / 50,000)", "report figures cached per period and day"],
    [
      "Search results",
      "10,000 products, PGlite",
      "27 ms p50 (five LIKEs, a full scan)",
      "see the table above at 100,000",
      "one generated search column with a trigram index",
    ],
    [
      "Tracking",
      "10,000 / 50,000, PGlite",
      "133 req/s, p99 3,679 ms",
      "174 req/s",
      "order lookups counted in memory, written to the shared table once a second",
    ],
    [
      "Tracking",
      "10,000 / 50,000, PGlite",
      "174 req/s",
      "2,695 req/s, p99 44 ms",
      "tracking pages kept per tracking id (every view still counted); counts written 200 clients a statement",
    ],
    [
      "Admin orders",
      "10,000 / 50,000, PGlite",
      "46 req/s, 235 KB of HTML",
      "67 req/s, 174 KB",
      "back-office icons from an SVG sprite instead of inline SVG (four per row)",
    ],
    [
      "Search results, `kiondo`",
      "100,000 products, PGlite",
      "74 ms p50, 89 ms p99",
      "15 ms p50, 16–27 ms p99",
      "categories a search names taken from the cached list, so the count uses the trigram index",
    ],
    [
      "Search suggestions, `kiondo`",
      "100,000 products, PGlite",
      "24 ms p50, 26 ms p99",
      "0.9 ms p50, 2 ms p99",
      "names starting with the text read in order through an index on lower(name)",
    ],
    ["Checkout", "10,000 / 50,000, PGlite", "134 orders/s", "143 orders/s", "only the product columns checkout prices and checks"],
    [
      "First-load JS, /products",
      "—",
      "120.2 KB gzip (over budget)",
      "119.3 KB gzip, 103.2 KB brotli",
      "precompressed assets, React Router's production build",
    ],
    [
      "Lighthouse, Kiondo Sisal Handbag",
      "sample shop",
      "performance 85, CLS 0.211",
      "performance 98, CLS 0",
      "no web font for body text; Fraunces headings `font-display: optional` (the breadcrumb reflowed when Inter arrived)",
    ],
    [
      "Lighthouse, every page measured",
      "sample shop and 10,000 products",
      "performance 85–97, LCP 2.3–3.0 s",
      "performance 97–99, LCP 2.0–2.5 s",
      "script preloads at low priority; 67 KB of fonts down to 18 KB; card pictures sized to the grid",
    ],
    [
      "Lighthouse, Home",
      "sample shop",
      "LCP 2,463–2,655 ms",
      "LCP 2,330–2,445 ms",
      "the later hero slides' pictures (69 KB, fetched at high priority though transparent) wait for the page's load",
    ],
    [
      "Browsing while checking out",
      "10,000 / 50,000, PGlite",
      "70% kept; 9.8 ms of the serving thread per checkout",
      "see the table above; 3.9 ms on the serving thread, 5.1 ms on PGlite's",
      "PGlite on a worker thread; a checkout in 7 round trips instead of 13 (decision 037)",
    ],
  ],
)}

Short of the aims, and why:
- The admin Orders page (40–64 requests/s) and a year's report (84–106) are rendered for each signed-in staff
  member: 50 orders with their controls (174 KB of HTML) or the report's tables, about 10–15 ms of React and
  React Router per view on this machine, with their data read fresh or from the report cache. A shop has a
  handful of staff, whose open pages mostly fetch data (\`.data\`) rather than HTML.
- Checkout on PGlite: 128 orders/s in the run above, 159 in a run earlier the same day on the same path. PGlite
  runs one statement at a time, and each checkout sums the open orders' lines for its products,
  which grows as the benchmark piles 2,000 unpaid orders onto 95 products. Keeping each product's held quantity
  in a column, changed with every order change, would make that constant; it is not done yet. PostgreSQL: 265–307.
- Browsing while checking out: the aim is met at the median, by less than this machine's spread from run to run.
  PGlite kept 82% in the run above (rounds 80%, 82%, 84%). An hour earlier, with the same checkout code, it kept
  78% (rounds 78%, 78%, 91%). PostgreSQL kept 80% in the run above and 88% an hour earlier. The load generator shares
  the 2 cores with the shop, so any work a checkout adds takes from browsing.
- Search results at 100,000 products: p99 12–31 ms for queries matching 6,000–12,000 products (p50 9–20 ms),
  because the shop shows the exact number of matches, and counting them visits every matching row. Suggestions
  are within 7 ms.
- Lighthouse LCP is within 2.5 s on every page measured, but close to it on the home pages. Lighthouse simulates
  the slow 4G load from a trace of a fast load on this machine, and it counts every file that finished before that
  load's first paint. So the page's JavaScript weighs on LCP whenever this machine paints slowly. That JavaScript is
  about 100 KB brotli, fetched at low priority, and none of the first paint needs it. The sample shop's home page
  measured 2,231 ms and 2,524 ms in two runs ten minutes apart, with the same storefront code, before its later
  slides' pictures were held back.

This machine's speed changes from hour to hour: the same code served the home page at 1,699 requests/s at 01:30 UTC,
1,369 at 03:40 and 730 at 04:30 (checkout on PGlite 159, 128 and 70 orders/s). Results now record a speed check (a
fixed loop, best of three; lower is faster) so runs can be compared; the load and checkout tables above are from the
03:40 run, which predates it.`);

writeFileSync(path.join(root, "BENCHMARKS.md"), `${sections.join("\n\n")}\n`);
console.log("Wrote BENCHMARKS.md");
