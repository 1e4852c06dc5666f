import { describe, expect, test } from "vitest";
import { loggableFields, loggablePath, maskPersonalText } from "./log-privacy";

describe("maskPersonalText", () => {
  test.each([
    ["Order for +254712345678 failed", "Order for +254 ••• ••• 678 failed"],
    ["typed +254 712 345 678.", "typed +254 ••• ••• 678."],
    ["typed +254-712-345-678", "typed +254 ••• ••• 678"],
    ["Daraja wrote 254712345678", "Daraja wrote +254 ••• ••• 678"],
    ["a local 0712345678 number", "a local +071 ••• ••• 678 number"],
    ["two: +254711111111, +255722222222", "two: +254 ••• ••• 111, +255 ••• ••• 222"],
    ["550 <wanjiku@example.com>: no such user", "550 <w•••@example.com>: no such user"],
  ])("%s", (text, masked) => {
    expect(maskPersonalText(text)).toBe(masked);
  });

  test.each([
    "ws_CO_191220191020363925",
    "request 550e8400-e29b-41d4-a716-446655440000",
    "order AFB123456789 is paid",
    "took 1234 ms for 12 rows",
    "at 2026-11-28T12:59:15.123Z",
    "short 712345678",
  ])("leaves %s as it is", (text) => {
    expect(maskPersonalText(text)).toBe(text);
  });

  test("a failed query's parameters are hidden, whatever they are", () => {
    const message = 'Failed query: insert into "orders" ("client_name", "client_phone") values ($1, $2)\nparams: Achieng Otieno,+254712345678';
    expect(maskPersonalText(message)).toBe('Failed query: insert into "orders" ("client_name", "client_phone") values ($1, $2)\nparams: [hidden]');
  });
});

describe("loggableFields", () => {
  test("bodies, secrets, names and addresses are hidden, and phones masked, however deep", () => {
    expect(
      loggableFields({
        body: '{"phone":"+254712345678"}',
        order: { clientName: "Achieng Otieno", clientAddress: "Kimathi Street", clientPhone: "+254712345678", total: 1200 },
        headers: { authorization: "Bearer abc", Cookie: "duka_session=abc" },
        phones: ["+254712345678"],
        status: 200,
      }),
    ).toEqual({
      body: "[hidden]",
      order: { clientName: "[hidden]", clientAddress: "[hidden]", clientPhone: "+254 ••• ••• 678", total: 1200 },
      headers: { authorization: "[hidden]", Cookie: "[hidden]" },
      phones: ["+254 ••• ••• 678"],
      status: 200,
    });
  });

  test("an error keeps its type, message and stack, masked, its parameters hidden, and its cause", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      detail: "Key (phone)=(+254712345678) already exists.",
    });
    const failed = Object.assign(new Error("Failed query: select 1\nparams: Achieng,+254712345678", { cause }), {
      params: ["Achieng", "+254712345678"],
    });
    const { err } = loggableFields({ err: failed }) as { err: Record<string, unknown> };
    expect(err).toMatchObject({
      type: "Error",
      message: "Failed query: select 1\nparams: [hidden]",
      params: "[hidden]",
      cause: { type: "Error", message: "duplicate key value violates unique constraint", detail: "Key (phone)=(+254 ••• ••• 678) already exists." },
    });
    expect(err.stack).toContain("params: [hidden]");
    expect(JSON.stringify(err)).not.toContain("712345678");
  });
});

describe("loggablePath", () => {
  test("fills in a route's parameters, masking phones, and names secrets rather than showing them", () => {
    expect(loggablePath("/product/:slug", { slug: "kiondo-basket" })).toBe("/product/kiondo-basket");
    expect(loggablePath("/orders-by-phone/:phone?", { phone: "+254712345678" })).toBe("/orders-by-phone/+254 ••• ••• 678");
    expect(loggablePath("/orders-by-phone/:phone?", {})).toBe("/orders-by-phone");
    expect(loggablePath("/hooks/daraja/:secret/:hook", { secret: "0123abcd", hook: "express" })).toBe("/hooks/daraja/:secret/express");
    expect(loggablePath("/newsletter/confirm/:token", { token: "tok" })).toBe("/newsletter/confirm/:token");
    expect(loggablePath("/", {})).toBe("/");
  });

  test("an address no route names is shown masked", () => {
    expect(loggablePath("/*", { "*": "call/+254712345678" })).toBe("/call/+254 ••• ••• 678");
  });
});
