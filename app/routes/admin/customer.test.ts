import { expect, test } from "vitest";
import { CONSENT_ALREADY_WITHDRAWN_MESSAGE, CONSENT_WITHDRAWN_MESSAGE } from "~/domain/customers";
import { agreedToMarketing, consentHistory, recordConsentChange } from "~/server/consent.server";
import { db } from "~/server/db/database.server";
import { givenStoredOrder } from "../../../tests/setup/builders";
import { staffForms } from "../../../tests/setup/staff-forms";
import { anonymiseConfirmation } from "~/domain/anonymise";
import * as customer from "./customer";
import * as customerData from "./customer-data";
import * as customers from "./customers";

// The Customers pages' loaders and the customer page's one action, Withdraw consent (issue 25), as a browser
// reaches them: who may, what is refused, and what is recorded.

const SHOP = "http://shop.test";
const context = { cspNonce: "", clientAddress: "203.0.113.9" };
const { cookies } = staffForms(customer, "/admin/customers", "customer.test");

/** The page's form as a browser posts it, answered with its data and status, or the Response it threw. */
async function withdraw(
  phone: string,
  fields: Record<string, string>,
  { cookie = cookies.owner, origin = SHOP }: { cookie?: string; origin?: string } = {},
) {
  try {
    const result = (await customer.action({
      request: new Request(`${SHOP}/admin/customers/${phone}`, {
        method: "POST",
        headers: { Origin: origin, Cookie: cookie },
        body: new URLSearchParams(fields),
      }),
      params: { phone },
      context,
    } as never)) as unknown as { data?: unknown; init?: { status?: number } | null } & Record<string, unknown>;
    return "data" in result && "init" in result
      ? { ...(result.data as object), status: result.init?.status ?? 200 }
      : { ...result, status: 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/** A page's loader data, with its status when it is not 200. */
async function loaded(load: () => Promise<unknown>) {
  const result = (await load()) as { data?: unknown; init?: { status?: number } | null } & Record<string, unknown>;
  return "data" in result && "init" in result ? { ...(result.data as object), status: result.init?.status ?? 200 } : result;
}
const customerPage = (phone: string) =>
  loaded(() =>
    customer.loader({
      request: new Request(`${SHOP}/admin/customers/${phone}`, { headers: { Cookie: cookies.owner } }),
      params: { phone },
      context,
    } as never),
  );
const customersPage = (query: string) =>
  loaded(() =>
    customers.loader({
      request: new Request(`${SHOP}/admin/customers${query}`, { headers: { Cookie: cookies.owner } }),
      params: {},
      context,
    } as never),
  );

async function agreedCustomer(phone: string) {
  await givenStoredOrder({ clientName: "Neema Achieng", clientPhone: phone });
  const digits = phone.replace(/\D/g, "");
  await recordConsentChange(await db(), digits, {
    agreed: true,
    at: new Date("2026-11-01T09:00:00Z"),
    source: "checkout",
    staffEmail: null,
  });
  return digits;
}

test("an owner withdraws a customer's consent: it is recorded with who, and a second click changes nothing", async () => {
  const digits = await agreedCustomer("+254703100001");
  expect(await withdraw(digits, { intent: "withdraw-consent" })).toEqual({ ok: true, message: CONSENT_WITHDRAWN_MESSAGE, status: 200 });
  expect(await agreedToMarketing(digits)).toBe(false);
  expect(await consentHistory(digits)).toEqual([
    expect.objectContaining({ agreed: false, source: "staff", staffEmail: "owner@customer.test" }),
    expect.objectContaining({ agreed: true, source: "checkout" }),
  ]);
  expect(await withdraw(digits, { intent: "withdraw-consent" })).toEqual({
    ok: true,
    message: CONSENT_ALREADY_WITHDRAWN_MESSAGE,
    status: 200,
  });
  expect(await consentHistory(digits)).toHaveLength(2);
});

test("a developer may withdraw consent too", async () => {
  const digits = await agreedCustomer("+254703100002");
  expect(await withdraw(digits, { intent: "withdraw-consent" }, { cookie: cookies.developer })).toMatchObject({ ok: true, status: 200 });
  expect(await consentHistory(digits)).toContainEqual(expect.objectContaining({ agreed: false, staffEmail: "dev@customer.test" }));
});

test("signed out, from another site, an unknown intent, a bad or unknown phone: refused, and consent stays", async () => {
  const digits = await agreedCustomer("+254703100003");
  expect(await withdraw(digits, { intent: "withdraw-consent" }, { cookie: "" })).toMatchObject({
    status: 302,
    location: expect.stringMatching(/^\/admin\/login/),
  });
  expect(await withdraw(digits, { intent: "withdraw-consent" }, { origin: "https://evil.example" })).toMatchObject({ status: 403 });
  expect(await withdraw(digits, { intent: "delete-everything" })).toMatchObject({ ok: false, status: 400 });
  expect(await withdraw(digits, {})).toMatchObject({ ok: false, status: 400 });
  expect(await withdraw("not-a-phone", { intent: "withdraw-consent" })).toEqual({ ok: false, message: "Customer not found.", status: 404 });
  expect(await withdraw("254799999999", { intent: "withdraw-consent" })).toEqual({
    ok: false,
    message: "Customer not found.",
    status: 404,
  });
  expect(await agreedToMarketing(digits)).toBe(true);
});

test("a customer's page opens by their digits; a bad or unknown phone is not found", async () => {
  const digits = await agreedCustomer("+254 703 100 004");
  expect(await customerPage(digits)).toMatchObject({
    customer: { name: "Neema Achieng", phone: "+254703100004", agreedToMarketing: true },
  });
  for (const phone of ["+254703100004", "2547031", "254703100004x", "1".repeat(40), "254799999999"]) {
    expect(await customerPage(phone), phone).toMatchObject({ customer: null, status: 404 });
  }
});

test("the list reads its search, sort and page from the address, falling back on anything out of range", async () => {
  await agreedCustomer("+254703100005");
  expect(await customersPage("?q=%2B254%20703%20100%20005&sort=recent")).toMatchObject({
    query: { q: "+254 703 100 005", sort: "recent", page: 1 },
    total: 1,
    customers: [{ phoneDigits: "254703100005", agreedToMarketing: true }],
  });
  expect(await customersPage("?page=-3&sort=cheapest")).toMatchObject({ query: { q: "", sort: "spent", page: 1 }, page: 1 });
  expect(await customersPage("?page=1e300&q=254703100005")).toMatchObject({ query: { page: 1 }, page: 1, total: 1 });
});

/** Download data as a browser asks for it. */
async function download(phone: string, query = "", cookie = cookies.owner) {
  try {
    const response = (await customerData.loader({
      request: new Request(`${SHOP}/admin/customers/${phone}/data.json${query}`, { headers: { Cookie: cookie } }),
      params: { phone },
      context,
    } as never)) as Response;
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, body: {} };
    throw thrown;
  }
}

test("Download data gives everything held about the phone as a JSON file, to staff only", async () => {
  const digits = await agreedCustomer("+254 733 900 101");
  const answer = await download(digits);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="customer-${digits}.json"`);
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  expect(answer.body).toMatchObject({
    phone: `+${digits}`,
    orders: [{ name: "Neema Achieng" }],
    consent: [{ agreed: true, source: "checkout" }],
  });
  expect((await download(digits, "?email=not-an-email")).status).toBe(400);
  expect((await download("254799999998")).status).toBe(404);
  expect((await download(digits, "", "")).status).toBe(302);
});

test("Anonymise asks first, naming the phone; confirmed, it removes the customer and says what went", async () => {
  const digits = await agreedCustomer("+254 733 900 102");
  const asked = await withdraw(digits, { intent: "anonymise", email: "neema@example.com" });
  expect(asked).toMatchObject({
    ok: false,
    status: 409,
    confirm: anonymiseConfirmation(`+${digits}`),
    values: { email: "neema@example.com" },
  });
  expect((asked as { confirm?: string }).confirm).toBe(
    `Remove the name, phone, address and email of +${digits} from every order, payment, message and subscription? Amounts and items are kept. This cannot be undone.`,
  );
  expect(await withdraw(digits, { intent: "anonymise", email: "neema", confirmed: "yes" })).toMatchObject({
    ok: false,
    status: 400,
    field: "email",
  });
  expect((await customerPage(digits)).status).toBeUndefined();

  const done = await withdraw(digits, { intent: "anonymise", email: "", confirmed: "yes" });
  expect(done).toEqual({
    ok: true,
    status: 200,
    message: "Customer anonymised: 1 order, 0 payments, 0 messages and 0 subscriptions no longer name them.",
  });
  expect(await customerPage(digits)).toMatchObject({ customer: null, status: 404 });
  expect((await download(digits)).status).toBe(404);
  expect(await agreedToMarketing(digits)).toBe(false);
  expect(await withdraw(digits, { intent: "anonymise", confirmed: "yes" }, { cookie: cookies.developer })).toMatchObject({ status: 404 });
});
