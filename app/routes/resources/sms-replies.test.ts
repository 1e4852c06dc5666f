import { beforeAll, expect, test } from "vitest";
import { agreedToMarketing, consentHistory, recordConsentChange } from "~/server/consent.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/database.server";
import { smsRepliesUrl } from "~/server/sms.server";
import { action } from "./sms-replies";

// Replies to the shop's SMS (issue 25): a STOP forwarded by the gateway withdraws consent at once.

beforeAll(async () => {
  Object.assign(process.env, { AT_USERNAME: "duka", AT_API_KEY: "at-key-for-tests", PUBLIC_URL: "https://duka.test" });
  await recordConsentChange(await db(), "254722000111", {
    agreed: true,
    at: new Date("2026-11-01T09:00:00Z"),
    source: "checkout",
    staffEmail: null,
  });
});

async function reply(fields: Record<string, string> | string, secret?: string) {
  const url = smsRepliesUrl(config().sms!, "https://duka.test");
  const given = secret ?? url.split("/").at(-2)!;
  const request = new Request(url, {
    method: "POST",
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
    headers: typeof fields === "string" ? { "Content-Type": "application/json" } : {},
  });
  return action({ request, params: { secret: given }, context: {} } as Parameters<typeof action>[0]);
}

test("a STOP reply withdraws the phone's consent at once; any other reply changes nothing", async () => {
  expect((await reply({ from: "+254722000111", to: "20880", text: "Asante, nice kikoi!", id: "ATXid_1" })).status).toBe(200);
  expect(await agreedToMarketing("254722000111")).toBe(true);

  expect((await reply({ from: "+254722000111", to: "20880", text: " stop ", id: "ATXid_2", date: "2026-11-28 09:00:00" })).status).toBe(
    200,
  );
  expect(await agreedToMarketing("254722000111")).toBe(false);
  expect(await consentHistory("254722000111")).toMatchObject([{ agreed: false, source: "sms-reply", staffEmail: null }, { agreed: true }]);
  // Sent again by the gateway: still one withdrawal.
  expect((await reply({ from: "+254722000111", text: "STOP" })).status).toBe(200);
  expect(await consentHistory("254722000111")).toHaveLength(2);
});

test("an address with another secret is not found, and a body that is not a form is refused", async () => {
  expect((await reply({ from: "+254722000111", text: "STOP" }, "0".repeat(32))).status).toBe(404);
  expect((await reply("{not a form")).status).toBe(400);
});
