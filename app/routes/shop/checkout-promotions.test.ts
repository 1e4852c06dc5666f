import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { orderById } from "~/server/orders.server";
import { switchPromotion } from "~/server/promotions.server";
import { writeSiteDocument } from "~/server/site-documents.server";
import { action } from "./checkout";
import { givenProduct, givenPromotion } from "../../../tests/setup/builders";
import { mpesaShopSettings } from "../../../tests/setup/shop-settings";

// Checkout's Discount code field (issue 24): Apply answers with what a code gives or why not, keeping what was typed,
// and placing the order refuses a code that cannot be used on the code field.

const owner = staffActor("owner@duka.test");
const ksh = (shillings: number) => shillings * 100;

type Answer = { errors: Record<string, string>; values: Record<string, string>; applied?: { code: string | null } | null; posted?: { bag: unknown[] } };

async function post(fields: Record<string, string>, clientAddress = "203.0.113.40") {
  const request = new Request("http://shop.test/checkout", { method: "POST", body: new URLSearchParams(fields) });
  const result = await action({ request, params: {}, context: { cspNonce: "", clientAddress } } as Parameters<typeof action>[0]);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), answer: undefined };
  const { data, init } = result as unknown as { data: Answer; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, answer: data };
}

const bag = JSON.stringify([{ productId: "promo-kikoi", size: "", color: "", quantity: 2 }]); // KSH 3,000
const typed = { name: "Wanjiru Kamau", address: "Moi Avenue, Nairobi", phone: "+254 711 222 333", paymentMethod: "M-Pesa", bag };
const now = Date.now();
const day = 24 * 60 * 60_000;

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  await givenProduct({ id: "promo-kikoi", name: "Kikoi Wrap", priceCents: ksh(1_500), stock: 50 });
  await givenPromotion({ code: "KARIBU10" });
  await switchPromotion(await givenPromotion({ code: "OFFNOW" }), false, 1, owner);
  await givenPromotion({ code: "OLDSALE", endsAt: new Date(now - day) });
  await givenPromotion({ code: "SOONSALE", startsAt: new Date(now + day) });
  await givenPromotion({ code: "BIGSPEND", minSubtotalCents: ksh(5_000) });
  await givenPromotion({ code: "ONCEEACH", usesPerPhone: 1 });
  await givenPromotion({ code: "ONEONLY", totalUses: 1 });
});

describe("Apply", () => {
  test("a code that may be used is applied, in capitals, with the bag it was checked against; nothing is written", async () => {
    const form = { ...typed, code: " karibu10 ", intent: "apply-code", idempotencyKey: randomUUID() };
    const { status, answer } = await post(form);
    expect(status).toBe(200);
    expect(answer?.errors).toEqual({});
    expect(answer?.applied?.code).toBe("KARIBU10");
    expect(answer?.values).toEqual({ ...form, code: "KARIBU10" });
    expect(answer?.posted?.bag).toHaveLength(1);
  });

  test.each([
    ["NOSUCHCODE", "This code is not valid."],
    ["OFFNOW", "This code is not valid."],
    ["OLDSALE", "This code has expired."],
    ["SOONSALE", "This code is not active yet."],
    ["BIGSPEND", "Spend KSH 5,000 to use this code."],
  ])("%s is refused with '%s', keeping everything typed", async (code, message) => {
    const form = { ...typed, code, intent: "apply-code", idempotencyKey: randomUUID() };
    const { status, answer } = await post(form);
    expect(status).toBe(400);
    expect(answer?.errors).toEqual({ code: message });
    expect(answer?.applied).toBeNull();
    expect(answer?.values).toEqual(form);
  });

  test("an empty code removes the one applied", async () => {
    const { status, answer } = await post({ ...typed, code: "", intent: "apply-code", idempotencyKey: randomUUID() });
    expect(status).toBe(200);
    expect(answer?.applied).toBeNull();
  });
});

describe("placing the order", () => {
  test("the code's discount is on the order, decided by the server", async () => {
    const { status, location } = await post({ ...typed, code: "karibu10", idempotencyKey: randomUUID() });
    expect(status).toBe(302);
    const order = await orderById(location!.split("/").pop()!);
    expect(order).toMatchObject({ totalCents: ksh(2_700), discountCents: ksh(300), discounts: [{ label: "KARIBU10", amountCents: ksh(300) }] });
  });

  test("a code used up meanwhile, or already used by this phone, is the code field's error; everything typed is kept", async () => {
    expect((await post({ ...typed, phone: "+254 700 100 200", code: "ONEONLY", idempotencyKey: randomUUID() })).status).toBe(302);
    const form = { ...typed, phone: "+254 700 100 201", code: "ONEONLY", idempotencyKey: randomUUID() };
    const usedUp = await post(form, "203.0.113.41");
    expect(usedUp.status).toBe(409);
    expect(usedUp.answer?.errors).toEqual({ code: "This code has been used up." });
    expect(usedUp.answer?.values).toEqual(form);

    expect((await post({ ...typed, code: "ONCEEACH", idempotencyKey: randomUUID() }, "203.0.113.42")).status).toBe(302);
    const again = await post({ ...typed, code: "onceeach", idempotencyKey: randomUUID() }, "203.0.113.43");
    expect(again.status).toBe(409);
    expect(again.answer?.errors).toEqual({ code: "You have already used this code." });
  });
});
