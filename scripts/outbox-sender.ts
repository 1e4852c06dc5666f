import { parseArgs } from "node:util";
import { z } from "zod";
import { readConfig } from "../app/server/config.server";
import { openPostgres } from "../app/server/db/client.server";
import { setShopDatabase } from "../app/server/db/database.server";
import { sendDueNotifications } from "../app/server/notifications.server";

/**
 * One shop process's outbox sender and nothing else: sends what is due through the configured gateways, as each
 * process's background loop does, against the PostgreSQL database DATABASE_URL names, until it is stopped. The
 * campaign crash test (app/server/campaign-delivery.test.ts) runs several at once and kills one mid-send. Prints
 * "sending" once it has started, and stops when its standard input closes. `--clock-start MS --clock-speed N`: its
 * clock runs N times as fast from MS (the same for every process of a run), so a killed process's lease passes in
 * seconds rather than 30. `--shop-name`: the name its email comes from.
 */
const optionsSchema = z.object({
  "clock-start": z.coerce
    .number()
    .int()
    .positive()
    .default(() => Date.now()),
  "clock-speed": z.coerce.number().positive().max(100).default(1),
  "shop-name": z.string().min(1).default("Duka"),
});

const { values } = parseArgs({
  options: { "clock-start": { type: "string" }, "clock-speed": { type: "string" }, "shop-name": { type: "string" } },
});
const options = optionsSchema.parse(values);
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name the PostgreSQL database the other processes send from.");

const start = options["clock-start"];
const now = () => new Date(start + (Date.now() - start) * options["clock-speed"]);
const shop = await openPostgres(url);
// Opened as it is: the shop processes that share it have migrated it.
setShopDatabase(shop);
const configured = readConfig();
const senders = { sms: configured.sms, mail: configured.mail, shopName: options["shop-name"] };
// Stops when its input closes: the process that started it has gone, killed or not.
process.stdin.once("end", () => process.exit(0)).resume();
process.stdout.write("sending\n");
for (;;) {
  if ((await sendDueNotifications(senders, now(), shop.db)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
}
