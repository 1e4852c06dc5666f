import { sql } from "drizzle-orm";
import { closeShopDatabase, db } from "../app/server/db/database.server";
import { queryRows } from "../app/server/db/client.server";
import { queueNotifications } from "../app/server/notifications.server";

/**
 * Benchmark fixture, run with the shop stopped on its DATA_DIR (or DATABASE_URL). `--queue --count N --run R`
 * writes N SMS into the outbox, due now, each to its own number, for the shop to send when it starts;
 * `--states --run R` prints how many of run R's messages are in each state, as JSON.
 */
const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const run = argument("--run") ?? "bench";
if (process.argv.includes("--queue")) {
  const count = Number(argument("--count") ?? 500);
  const someGateway = { username: "bench", apiKey: "bench", senderId: undefined, baseUrl: "http://127.0.0.1:9" };
  const messages = Array.from({ length: count }, (_, i) => {
    // None ends in 0000, which the stand-in gateway treats as a blacklisted number.
    const to = `+2547${String(10_000_001 + i * 7).padStart(8, "1")}`;
    return { key: `${run}-${i}:sms:${to}`, message: "order-placed", channel: "sms" as const, recipient: to, body: `${run} message ${i}` };
  });
  await (await db()).transaction((tx) => queueNotifications(tx, messages, new Date(), { sms: someGateway, mail: undefined }));
} else {
  const rows = await queryRows<{ state: string; count: number }>(
    await db(),
    sql`select state, count(*)::int as count from notifications where key like ${`${run}-%`} group by state`,
  );
  console.log(JSON.stringify(Object.fromEntries(rows.map((r) => [r.state, r.count]))));
}
await closeShopDatabase();
