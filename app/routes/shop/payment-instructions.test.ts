import { beforeAll, expect, test, vi } from "vitest";
import { staffActor } from "~/domain/audit";
import { MPESA_PROMPTS_PER_PHONE } from "~/domain/mpesa";
import { PAY_NOW_BUTTON } from "~/domain/pay-now";
import { readConfig } from "~/server/config.server";
import { setOrderArchived, setOrderStatus } from "~/server/order-admin.server";
import { writeSiteDocument } from "~/server/site-documents.server";
import { action, loader } from "./payment-instructions";
import { startMpesaSimulator } from "../../../scripts/mpesa-sim";
import { givenOrder } from "../../../tests/setup/builders";
import { mpesaShopSettings } from "../../../tests/setup/shop-settings";

// The payment page offers 'Pay now with M-Pesa' only for an order that can still be paid, as the request
// itself is only sent for one: never a button that is then refused.

// M-Pesa Express configured; no request reaches Daraja here, as none is sent for an order that cannot be paid,
// except in the test of the prompt limit, which points it at a simulator.
const environment = {
  PUBLIC_URL: "http://127.0.0.1:9",
  MPESA_CONSUMER_KEY: "sim-key",
  MPESA_CONSUMER_SECRET: "sim-secret",
  MPESA_PASSKEY: "sim-passkey",
  MPESA_SHORTCODE: "174379",
  MPESA_BASE_URL: "http://127.0.0.1:9",
};
let mpesa = readConfig(environment).mpesa;
vi.mock("~/server/daraja.server", async (original) => ({ ...(await original<object>()), mpesaSettings: () => mpesa }));

const staff = staffActor("owner@duka.test");

beforeAll(async () => {
  await writeSiteDocument("settings", mpesaShopSettings());
});

/** An unpaid order of Wanjiru's, placed through checkout. */
async function givenUnpaidOrder() {
  return (await givenOrder({ phone: "+254712345670" })).id;
}

const args = (orderId: string, request = new Request(`http://shop.test/payment-instructions/${orderId}`)) =>
  ({ request, params: { orderId }, context: { cspNonce: "", clientAddress: "197.232.61.10" } }) as unknown as Parameters<typeof loader>[0] &
    Parameters<typeof action>[0];

/** What the page shows of M-Pesa Express: null when it offers no 'Pay now with M-Pesa'. */
async function payNowOffered(orderId: string) {
  const page = (await loader(args(orderId))) as { payNow: unknown };
  return page.payNow;
}

async function payNow(orderId: string, phone = "0712 345 670") {
  const request = new Request(`http://shop.test/payment-instructions/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ phone }),
  });
  const answer = (await action(args(orderId, request))) as unknown as Response | { data: { problem?: string; phone: string }; init: ResponseInit };
  if (answer instanceof Response) return { status: answer.status };
  return { status: answer.init.status, problem: answer.data.problem, phone: answer.data.phone, retryAfter: new Headers(answer.init.headers).get("Retry-After") };
}

test(`an open unpaid order is offered '${PAY_NOW_BUTTON}', its phone field filled with the order's phone`, async () => {
  const orderId = await givenUnpaidOrder();
  expect(await payNowOffered(orderId)).toEqual({ phone: "+254712345670", status: null, secondsUntilResend: 0 });
});

test(`an archived unpaid order is not offered '${PAY_NOW_BUTTON}', and a request for it is refused`, async () => {
  const orderId = await givenUnpaidOrder();
  expect((await setOrderArchived(orderId, true, staff)).ok).toBe(true);
  expect(await payNowOffered(orderId)).toBeNull();
  expect(await payNow(orderId)).toMatchObject({ status: 409, problem: "This order is already paid or cancelled." });
});

test(`neither is a cancelled or a paid order`, async () => {
  const cancelled = await givenUnpaidOrder();
  const paid = await givenUnpaidOrder();
  expect((await setOrderStatus(cancelled, { status: "Cancelled" }, staff)).ok).toBe(true);
  expect((await setOrderStatus(paid, { paymentStatus: "Paid" }, staff)).ok).toBe(true);
  expect(await payNowOffered(cancelled)).toBeNull();
  expect(await payNowOffered(paid)).toBeNull();
});

test("once a number has had its prompts for the hour, the form answers 429 with when to try again, keeping the number typed", async () => {
  const simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: 60_000 });
  mpesa = readConfig({ ...environment, MPESA_BASE_URL: simulator.baseUrl }).mpesa;
  try {
    // Typed as the shopper typed it, to a number other than the order's.
    const typed = "0722 000 313";
    for (let i = 0; i < MPESA_PROMPTS_PER_PHONE; i++) expect(await payNow(await givenUnpaidOrder(), typed)).toEqual({ status: 303 });
    expect(await payNow(await givenUnpaidOrder(), typed)).toEqual({
      status: 429,
      problem: "Too many payment requests to this number or from this connection. Please try again in 60 minutes, or pay with the instructions below.",
      phone: typed,
      retryAfter: expect.stringMatching(/^3[56]\d\d$/),
    });
    expect(simulator.pushes).toHaveLength(MPESA_PROMPTS_PER_PHONE);
  } finally {
    mpesa = readConfig(environment).mpesa;
    await simulator.stop();
  }
});
