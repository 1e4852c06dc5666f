import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { defaultNotificationTemplates } from "~/domain/notifications.schema";
import { shortOrderId } from "~/domain/order-id";
import { queueDailyDigest } from "./daily-digest.server";
import { db } from "./db/database.server";
import { notifications, orders, products } from "./db/schema.server";
import { writeSiteDocument } from "./site-documents.server";
import { addStaff } from "./staff.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// The staff's daily summary (issue 12), queued from 07:00 shop time (Africa/Nairobi, UTC+3, in the tests) once a
// day. Each test asks on a day of its own, as one process remembers the day it has done.

const MAIL = { mail: { smtpUrl: "smtp://127.0.0.1:2525", from: "shop@duka.test" } };
let unpaidOrderId = "";

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings({ storeName: "Duka <Crafts>", staffEmails: "books@duka.test" }));
  await addStaff({ email: "wanjiru@duka.test", password: "a long enough password", role: "owner" });
  await addStaff({ email: "dev@duka.test", password: "a long enough password", role: "developer" });
  await (await db()).delete(products);
  const low = await givenProduct({ name: "Kiondo Sisal Handbag", priceCents: 2_450_00, stock: 4 });
  await givenProduct({ name: "Maasai Shuka", priceCents: 1_200_00, stock: 50 });
  unpaidOrderId = (await givenOrder({ name: "Achieng <b>Otieno</b>", lines: [{ productId: low.id, quantity: 2 }] })).id;
});

const digestsOf = async (date: string) =>
  (await db())
    .select()
    .from(notifications)
    .where(eq(notifications.message, "staff-daily-digest"))
    .orderBy(asc(notifications.recipient))
    .then((rows) => rows.filter((row) => row.key.startsWith(`daily-digest:${date}:`)));

test("from 07:00 the owners and the extra addresses get one summary of the unpaid orders and the products running low", async () => {
  expect(await queueDailyDigest(new Date("2026-11-20T03:59:00Z"), MAIL)).toBe(false);
  expect(await digestsOf("2026-11-20")).toEqual([]);

  expect(await queueDailyDigest(new Date("2026-11-20T04:00:00Z"), MAIL)).toBe(true);
  const queued = await digestsOf("2026-11-20");
  expect(queued.map((m) => [m.recipient, m.channel, m.state])).toEqual([
    ["books@duka.test", "email", "pending"],
    ["wanjiru@duka.test", "email", "pending"],
  ]);
  const [email] = queued;
  expect(email!.subject).toBe("Duka <Crafts>: today's summary");
  expect(email!.body).toContain(`- #${shortOrderId(unpaidOrderId)} Achieng <b>Otieno</b>, KSH 4,900, placed `);
  // 4 in stock, 2 held by the unpaid order.
  expect(email!.body).toContain("Products running low:\n- Kiondo Sisal Handbag: 2 left");
  expect(email!.body).not.toContain("Maasai Shuka");
  expect(email!.html).toContain("Achieng &lt;b&gt;Otieno&lt;/b&gt;");

  // Later the same day, nothing more.
  expect(await queueDailyDigest(new Date("2026-11-20T15:00:00Z"), MAIL)).toBe(false);
  expect(await digestsOf("2026-11-20")).toHaveLength(2);
});

test("without an email server, no summary is queued: it would be stale before it could be sent", async () => {
  expect(await queueDailyDigest(new Date("2026-11-21T05:00:00Z"), { mail: undefined })).toBe(false);
  expect(await digestsOf("2026-11-21")).toEqual([]);
});

test("a summary switched off under Site Content → Notifications is not queued", async () => {
  const templates = defaultNotificationTemplates();
  await writeSiteDocument("messageTemplates", { ...templates, "staff-daily-digest": { ...templates["staff-daily-digest"], enabled: false } });
  expect(await queueDailyDigest(new Date("2026-11-22T05:00:00Z"), MAIL)).toBe(false);
  expect(await digestsOf("2026-11-22")).toEqual([]);
  await writeSiteDocument("messageTemplates", templates);
});

test("a day with nothing unpaid and nothing low sends no summary", async () => {
  const database = await db();
  await database.update(products).set({ stock: 100 });
  await database.delete(notifications);
  await database.update(orders).set({ paymentStatus: "Paid" }).where(eq(orders.id, unpaidOrderId));
  expect(await queueDailyDigest(new Date("2026-11-23T05:00:00Z"), MAIL)).toBe(false);
  expect(await digestsOf("2026-11-23")).toEqual([]);
});
