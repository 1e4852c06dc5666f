import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { CHECKOUTS_PER_HOUR } from "~/domain/checkout";
import { consentHistory } from "~/server/consent.server";
import { writeSiteDocument } from "~/server/site-documents.server";
import { action } from "./checkout";
import { givenProduct } from "../../../tests/setup/builders";
import { mpesaShopSettings } from "../../../tests/setup/shop-settings";

const typed = {
  name: "Achieng Otieno",
  address: "Kimathi Street, Nairobi",
  phone: "+254 712 345 678",
  paymentMethod: "M-Pesa",
  // A product the shop does not sell: each try is refused with 409, and each still counts.
  bag: JSON.stringify([{ productId: "nosuchproduct", size: "", color: "", quantity: 1 }]),
};

async function checkout(fields: Record<string, string>) {
  const request = new Request("http://shop.test/checkout", { method: "POST", body: new URLSearchParams(fields) });
  const result = await action({ request, params: {}, context: { cspNonce: "", clientAddress: "203.0.113.9" } } as Parameters<
    typeof action
  >[0]);
  const { data, init } = result as unknown as { data: { problem: string | null; values: Record<string, string> }; init: ResponseInit };
  return { ...data, status: init.status, headers: new Headers(init.headers) };
}

test("a phone number's eleventh checkout in an hour is answered 429 with a message, keeping everything typed", async () => {
  for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) {
    expect((await checkout({ ...typed, idempotencyKey: randomUUID() })).status).toBe(409);
  }
  const form = { ...typed, idempotencyKey: randomUUID() };
  const refused = await checkout(form);
  expect(refused.status).toBe(429);
  expect(refused.problem).toMatch(
    /^Too many orders tried from this phone number, browser or connection\. Please try again in 60 minutes; your bag and details are kept\.$/,
  );
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3_500);
  expect(refused.values).toEqual(form);

  // Another shopper behind the same address is not refused.
  expect((await checkout({ ...typed, phone: "+254 733 000 111", idempotencyKey: randomUUID() })).status).toBe(409);
});

test("a form sent again after its order was placed finds that order, even once its phone is over the limit", async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  await givenProduct({ id: "resent1", name: "Kikoi Wrap", stock: 5 });
  const phone = "+254 722 555 666";
  const form = {
    ...typed,
    phone,
    bag: JSON.stringify([{ productId: "resent1", size: "", color: "", quantity: 1 }]),
    idempotencyKey: randomUUID(),
  };
  const request = () => new Request("http://shop.test/checkout", { method: "POST", body: new URLSearchParams(form) });
  const send = async () =>
    (await action({ request: request(), params: {}, context: { cspNonce: "", clientAddress: "198.51.100.7" } } as Parameters<
      typeof action
    >[0])) as Response;

  const first = await send();
  expect(first.status).toBe(302);
  for (let i = 1; i < CHECKOUTS_PER_HOUR; i++) await checkout({ ...typed, phone, idempotencyKey: randomUUID() });
  expect((await checkout({ ...typed, phone, idempotencyKey: randomUUID() })).status).toBe(429);

  const again = await send();
  expect(again.status).toBe(302);
  expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
});

test("the ticked Send me news and offers box records the phone's consent with the order; unticked, none", async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
  const product = await givenProduct({ stock: 5 });
  const bag = JSON.stringify([{ productId: product.id, size: "", color: "", quantity: 1 }]);
  const place = async (fields: Record<string, string>) => {
    const request = new Request("http://shop.test/checkout", {
      method: "POST",
      body: new URLSearchParams({ ...typed, bag, idempotencyKey: randomUUID(), ...fields }),
    });
    return (await action({ request, params: {}, context: { cspNonce: "", clientAddress: "198.51.100.30" } } as Parameters<
      typeof action
    >[0])) as Response;
  };
  expect((await place({ phone: "+254 733 200 001", marketing: "yes" })).status).toBe(302);
  expect((await place({ phone: "+254 733 200 002" })).status).toBe(302);
  expect(await consentHistory("254733200001")).toMatchObject([{ agreed: true, source: "checkout" }]);
  expect(await consentHistory("254733200002")).toEqual([]);
});
