import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { type ConsentChange, hasConsent } from "~/domain/consent";
import { agreedToMarketing, agreedToMarketingSql, consentHistory, recordConsentChange, withdrawConsent } from "./consent.server";
import { db } from "./db/database.server";
import { placeOrder } from "./orders.server";
import { writeSiteDocument } from "./site-documents.server";
import { checkoutInput, givenProduct } from "../../tests/setup/builders";
import { mpesaShopSettings } from "../../tests/setup/shop-settings";

// Consent to marketing (issue 25, decision 057): kept per phone as a list of changes, the latest deciding.

const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));
let phones = 0;
const newPhoneDigits = () => `2547330${String(++phones).padStart(5, "0")}`;
const lineOf = (product: { id: string }) => ({ productId: product.id, size: "", color: "", quantity: 1 });

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

test("the SQL that lists who agreed decides as hasConsent does, ties included", async () => {
  // Histories from a fixed pseudo-random walk: changes on few minutes, so that ties are common.
  let seed = 7;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  const database = await db();
  const histories = new Map<string, ConsentChange[]>();
  for (let phone = 0; phone < 60; phone++) {
    const digits = newPhoneDigits();
    const changes = Array.from({ length: next(5) }, (): ConsentChange => ({
      agreed: next(2) === 0,
      at: at(next(4)),
      source: "staff",
      staffEmail: null,
    }));
    histories.set(digits, changes);
    for (const change of changes) await recordConsentChange(database, digits, change);
  }
  const fromSql = await database
    .select({ digits: sql<string>`phone.digits`, agreed: agreedToMarketingSql(sql`phone.digits`) })
    .from(sql`unnest(${sql.raw(`array[${[...histories.keys()].map((d) => `'${d}'`).join(",")}]`)}::text[]) as phone(digits)`);
  expect(fromSql).toHaveLength(histories.size);
  for (const row of fromSql) expect(row.agreed, row.digits).toBe(hasConsent(histories.get(row.digits)!));
  // The walk gave both answers, and ties.
  expect(new Set(fromSql.map((row) => row.agreed))).toEqual(new Set([true, false]));
});

test("ticking Send me news and offers at checkout records consent with the order; unticked records nothing", async () => {
  const product = await givenProduct({ stock: 5 });
  const ticked = "+254 733 100 200";
  const placed = await placeOrder(checkoutInput([lineOf(product)], { phone: ticked, marketing: true }), at(10));
  expect(placed.ok).toBe(true);
  expect(await consentHistory("254733100200")).toEqual([{ agreed: true, at: at(10), source: "checkout", staffEmail: null }]);
  expect(await agreedToMarketing("254733100200")).toBe(true);

  const unticked = "+254 733 100 201";
  expect((await placeOrder(checkoutInput([lineOf(product)], { phone: unticked }), at(11))).ok).toBe(true);
  expect(await consentHistory("254733100201")).toEqual([]);
  expect(await agreedToMarketing("254733100201")).toBe(false);
});

test("a refused order records no consent, and a form sent again records it once", async () => {
  const soldOut = await givenProduct({ stock: 0 });
  const refused = await placeOrder(checkoutInput([lineOf(soldOut)], { phone: "+254733100300", marketing: true }), at(12));
  expect(refused.ok).toBe(false);
  expect(await consentHistory("254733100300")).toEqual([]);

  const product = await givenProduct({ stock: 5 });
  const form = checkoutInput([lineOf(product)], { phone: "+254733100301", marketing: true });
  const first = await placeOrder(form, at(13));
  const again = await placeOrder(form, at(14));
  expect(again).toEqual(first);
  expect(await consentHistory("254733100301")).toHaveLength(1);
});

test("withdrawing is recorded once, with who did it; a later tick at checkout agrees again", async () => {
  const product = await givenProduct({ stock: 5 });
  await placeOrder(checkoutInput([lineOf(product)], { phone: "+254733100400", marketing: true }), at(20));
  expect(await withdrawConsent("254733100400", "staff", "owner@duka.test", at(21))).toEqual({ withdrawn: true });
  expect(await agreedToMarketing("254733100400")).toBe(false);
  // A second click, or a STOP sent twice, finds nothing to withdraw.
  expect(await withdrawConsent("254733100400", "sms-reply", null, at(22))).toEqual({ withdrawn: false });
  expect(await consentHistory("254733100400")).toEqual([
    { agreed: false, at: at(21), source: "staff", staffEmail: "owner@duka.test" },
    { agreed: true, at: at(20), source: "checkout", staffEmail: null },
  ]);

  await placeOrder(checkoutInput([lineOf(product)], { phone: "+254733100400", marketing: true }), at(30));
  expect(await agreedToMarketing("254733100400")).toBe(true);
  // A phone that never agreed has nothing to withdraw.
  expect(await withdrawConsent("254733100499", "opt-out-link", null, at(31))).toEqual({ withdrawn: false });
});
