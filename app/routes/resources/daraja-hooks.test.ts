import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test, vi } from "vitest";
import { type MpesaConfig, readConfig } from "~/server/config.server";
import { callbackUrls } from "~/server/daraja.server";
import { db } from "~/server/db/database.server";
import { payments } from "~/server/db/schema.server";
import { writeSiteDocument } from "~/server/site-documents.server";
import { action } from "./daraja-hooks";
import { mpesaShopSettings } from "../../../tests/setup/shop-settings";

// Who may post to the shop's M-Pesa callback addresses (issue 21, decision 044): only the addresses with this
// shop's secret, and when Site Settings says so, only from Safaricom's published networks.

const environment = {
  PUBLIC_URL: "https://duka.example",
  MPESA_CONSUMER_KEY: "sim-key",
  MPESA_CONSUMER_SECRET: "sim-secret",
  MPESA_PASSKEY: "sim-passkey",
  MPESA_SHORTCODE: "174379",
  // Nothing listens here: a confirmation the shop records is asked about in vain, and waits.
  MPESA_BASE_URL: "http://127.0.0.1:9",
  MPESA_INITIATOR_NAME: "sim-initiator",
  MPESA_SECURITY_CREDENTIAL: "sim-credential",
};

let shop: MpesaConfig = readConfig(environment).mpesa!;
vi.mock("~/server/daraja.server", async (original) => ({ ...(await original<object>()), mpesaSettings: () => shop }));

const NEW_SECRET = "8f0d5c2a9e7b4163a5d8c0f1e2b3a4d5";
const OLDER_SECRET = "0123456789abcdef0123456789abcdef";
/** The secret shops used before MPESA_CALLBACK_SECRET, derived from the consumer secret (decision 036). */
const DERIVED_SECRET = createHmac("sha256", "sim-secret").update("duka callbacks 174379").digest("hex").slice(0, 32);

beforeEach(async () => {
  shop = readConfig(environment).mpesa!;
  await writeSiteDocument("settings", mpesaShopSettings());
});

function post(secret: string, hook: string, body: unknown, clientAddress = "196.201.214.200") {
  return action({
    request: new Request(`https://duka.example/hooks/daraja/${secret}/${hook}`, { method: "POST", body: JSON.stringify(body) }),
    params: { secret, hook },
    context: { cspNonce: "", clientAddress },
  } as Parameters<typeof action>[0]);
}

/** A paybill confirmation for this shop, naming no order. */
const confirmation = (receipt: string) => ({
  TransID: receipt,
  TransTime: "20260302091500",
  TransAmount: "1200.00",
  BusinessShortCode: "174379",
  BillRefNumber: "NOSUCHORDER",
  MSISDN: "2547 ***** 126",
  FirstName: "Wanjiru",
});

const recorded = async (receipt: string) => (await (await db()).select().from(payments).where(eq(payments.receipt, receipt))).length > 0;

test("unset, MPESA_CALLBACK_SECRET leaves the addresses as they were: the secret derived from the consumer secret", async () => {
  expect(callbackUrls(shop).confirmation).toBe(`https://duka.example/hooks/daraja/${DERIVED_SECRET}/paybill-confirmation`);
  expect((await post(DERIVED_SECRET, "express", {})).status).toBe(200);
  expect((await post(NEW_SECRET, "express", {})).status).toBe(404);
});

test("once MPESA_CALLBACK_SECRET is set, the addresses carry it and the derived secret is refused", async () => {
  shop = readConfig({ ...environment, MPESA_CALLBACK_SECRET: NEW_SECRET.toUpperCase() }).mpesa!;
  expect(callbackUrls(shop)).toEqual({
    express: `https://duka.example/hooks/daraja/${NEW_SECRET}/express`,
    confirmation: `https://duka.example/hooks/daraja/${NEW_SECRET}/paybill-confirmation`,
    validation: `https://duka.example/hooks/daraja/${NEW_SECRET}/paybill-validation`,
    paybillCheck: `https://duka.example/hooks/daraja/${NEW_SECRET}/paybill-check`,
    paybillCheckTimeout: `https://duka.example/hooks/daraja/${NEW_SECRET}/paybill-check-timeout`,
  });
  expect((await post(NEW_SECRET, "express", {})).status).toBe(200);
  expect((await post(DERIVED_SECRET, "express", {})).status).toBe(404);
  expect((await post(DERIVED_SECRET, "paybill-confirmation", confirmation("SIMOLDADDR"))).status).toBe(404);
  expect(await recorded("SIMOLDADDR")).toBe(false);
});

test("while MPESA_CALLBACK_SECRET_PREVIOUS names the secret it replaced, callbacks on their way to the old addresses still arrive", async () => {
  shop = readConfig({ ...environment, MPESA_CALLBACK_SECRET: NEW_SECRET, MPESA_CALLBACK_SECRET_PREVIOUS: DERIVED_SECRET }).mpesa!;
  expect(callbackUrls(shop).express).toContain(NEW_SECRET);
  expect((await post(NEW_SECRET, "express", {})).status).toBe(200);
  expect((await post(DERIVED_SECRET, "paybill-confirmation", confirmation("SIMINFLIGHT"))).status).toBe(200);
  expect(await recorded("SIMINFLIGHT")).toBe(true);
  expect((await post(OLDER_SECRET, "express", {})).status).toBe(404);
});

test.each([
  [{ MPESA_CALLBACK_SECRET: "not-hex-at-all-not-hex-at-all-not-hex" }, /^MPESA_CALLBACK_SECRET: must be 32 to 128 hexadecimal characters/],
  [{ MPESA_CALLBACK_SECRET: "abc123" }, /^MPESA_CALLBACK_SECRET: must be 32 to 128 hexadecimal characters/],
  [{ MPESA_CALLBACK_SECRET_PREVIOUS: NEW_SECRET }, /^MPESA_CALLBACK_SECRET_PREVIOUS: set it only beside MPESA_CALLBACK_SECRET/],
  [{ MPESA_INITIATOR_NAME: "sim-initiator", MPESA_SECURITY_CREDENTIAL: "" }, /^MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL: .* both set together\.$/],
])("the shop refuses to start with %j, in one sentence", (changes, message) => {
  expect(() => readConfig({ ...environment, ...changes })).toThrow(message);
});

test("with 'only Safaricom' on, posts from outside Safaricom's networks are refused and recorded nowhere; inside, they are taken", async () => {
  await writeSiteDocument("settings", mpesaShopSettings({ mpesaCallbacksFromSafaricomOnly: true }));
  const secret = DERIVED_SECRET;
  for (const address of ["203.0.113.5", "196.201.215.1", "196.201.211.255", "2c0f:fe38:2001:7f::1", "::ffff:10.0.0.1", ""]) {
    const refused = await post(secret, "paybill-confirmation", confirmation("SIMOUTSIDE"), address);
    expect(refused.status, address).toBe(403);
  }
  expect((await post(secret, "paybill-validation", confirmation("SIMOUTSIDE"), "203.0.113.5")).status).toBe(403);
  expect(await recorded("SIMOUTSIDE")).toBe(false);

  // Safaricom's published addresses, also as a dual-stack server reports an IPv4 client.
  for (const [receipt, address] of [
    ["SIMINSIDE1", "196.201.214.200"],
    ["SIMINSIDE2", "196.201.213.44"],
    ["SIMINSIDE3", "::ffff:196.201.212.138"],
  ] as const) {
    expect((await post(secret, "paybill-confirmation", confirmation(receipt), address)).status).toBe(200);
    expect(await recorded(receipt)).toBe(true);
  }
});

test("with 'only Safaricom' off, as by default, posts from any address are taken", async () => {
  expect((await post(DERIVED_SECRET, "paybill-confirmation", confirmation("SIMANYWHERE"), "203.0.113.5")).status).toBe(200);
  expect(await recorded("SIMANYWHERE")).toBe(true);
});
