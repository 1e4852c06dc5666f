import { describe, expect, test } from "vitest";
import {
  ACCOUNT_REFERENCE_MAX,
  amountMatches,
  CALLBACK_SECRET_FORMAT,
  callbackUrlProblem,
  darajaBaseUrl,
  darajaTimestamp,
  FORBIDDEN_CALLBACK_WORDS,
  isPaidToShop,
  mpesaPhoneNumber,
  normaliseBillRef,
  orderCode,
  paymentCheckVerdict,
  paymentPromptLimits,
  readC2bConfirmation,
  readStkCallback,
  readStkQueryAnswer,
  readTransactionStatusResult,
  RESEND_WAIT_SECONDS,
  secondsUntilResend,
  stkPassword,
  stkPushRequest,
  stkQueryRequest,
  timeFromDaraja,
  tokenAuthorization,
  tokenUsableUntil,
  TRANSACTION_DESC_MAX,
  transactionDescription,
  transactionStatusRequest,
  validationAnswer,
  wholeShillings,
} from "./mpesa";
import {
  darajaErrorSchema,
  PAY_NOW_PHONE_MESSAGE,
  payNowSchema,
  registerUrlAnswerSchema,
  stkPushAnswerSchema,
  stkQueryAnswerSchema,
  tokenAnswerSchema,
  transactionStatusAnswerSchema,
} from "./mpesa.schema";

// Safaricom's sandbox paybill and its published passkey, as in Daraja's own examples.
const SANDBOX_SHORTCODE = "174379";
const SANDBOX_PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
const ORDER_ID = "k7m2q9xpd4hw8n3rt5vb";

describe("stkPassword", () => {
  test("is Daraja's documented example for the sandbox paybill", () => {
    expect(stkPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, "20160216165627")).toBe(
      "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3",
    );
  });

  test.each([
    ["600000", "passkey", "20261125013000"],
    ["7654321", "a".repeat(64), "20270101000000"],
    ["1", "", "20261231235959"],
  ])("is base64 of shortcode %j, passkey and timestamp run together", (shortcode, passkey, timestamp) => {
    const password = stkPassword(shortcode, passkey, timestamp);
    expect(Buffer.from(password, "base64").toString()).toBe(`${shortcode}${passkey}${timestamp}`);
  });

  test("changes with the timestamp, so each request signs its own time", () => {
    expect(stkPassword("174379", "key", "20261125013000")).not.toBe(stkPassword("174379", "key", "20261125013001"));
  });
});

describe("tokenAuthorization", () => {
  test("is HTTP Basic with the consumer key and secret", () => {
    expect(tokenAuthorization("key", "secret")).toBe(`Basic ${Buffer.from("key:secret").toString("base64")}`);
  });
});

describe("darajaTimestamp", () => {
  test.each([
    ["2026-11-24T22:30:00Z", "20261125013000", "after midnight in Nairobi, before midnight UTC"],
    ["2026-11-24T21:00:00Z", "20261125000000", "Nairobi's midnight exactly, written 00 not 24"],
    ["2026-11-24T20:59:59Z", "20261124235959", "the last second of the Nairobi day"],
    ["2026-11-25T00:30:00Z", "20261125033000", "after midnight in both"],
    ["2026-11-25T09:05:07Z", "20261125120507", "midday"],
    ["2026-11-30T21:15:00Z", "20261201001500", "across a month's end"],
    ["2026-02-28T22:00:00Z", "20260301010000", "across February's end"],
    ["2028-02-28T22:00:00Z", "20280229010000", "into a leap day"],
    ["2026-12-31T21:00:00Z", "20270101000000", "across the year's end"],
    ["2026-12-31T23:59:59Z", "20270101025959", "late on New Year's Eve UTC"],
    ["2026-06-15T12:00:00Z", "20260615150000", "in June: Nairobi keeps no summer time"],
  ])("%s is %s (%s)", (instant, stamp) => {
    expect(darajaTimestamp(new Date(instant))).toBe(stamp);
  });

  test("is always 14 digits", () => {
    for (let hour = 0; hour < 24; hour++) {
      expect(darajaTimestamp(new Date(Date.UTC(2026, 0, 1, hour, 0, 0)))).toMatch(/^\d{14}$/);
    }
  });
});

describe("timeFromDaraja", () => {
  test.each([
    ["20261125013000", "2026-11-24T22:30:00.000Z"],
    [20261125013000, "2026-11-24T22:30:00.000Z"],
    ["20270101000000", "2026-12-31T21:00:00.000Z"],
    [" 20191219102115 ", "2019-12-19T07:21:15.000Z"],
  ])("reads %j as Nairobi time: %s", (stamp, instant) => {
    expect(timeFromDaraja(stamp)?.toISOString()).toBe(instant);
  });

  test("is the inverse of darajaTimestamp", () => {
    const now = new Date("2026-11-24T22:30:17Z");
    expect(timeFromDaraja(darajaTimestamp(now))).toEqual(now);
  });

  test.each(["", "2026112501300", "202611250130000", "20261325013000", "20260230120000", "20261125243000", "abc"])(
    "refuses %j",
    (stamp) => {
      expect(timeFromDaraja(stamp)).toBeUndefined();
    },
  );
});

describe("mpesaPhoneNumber", () => {
  test.each([
    ["+254 712 345 678", "254712345678"],
    ["+254712345678", "254712345678"],
    ["+254-712-345-678", "254712345678"],
    ["0712345678", "254712345678"],
    ["0712 345 678", "254712345678"],
    ["254712345678", "254712345678"],
    ["712345678", "254712345678"],
    ["  0712345678  ", "254712345678"],
    ["+254 110 123 456", "254110123456"],
    ["0110123456", "254110123456"],
    ["110123456", "254110123456"],
    ["+254 0712 345 678", "254712345678"],
    ["00254712345678", "254712345678"],
    ["0799999999", "254799999999"],
  ])("%j is %j", (phone, number) => {
    expect(mpesaPhoneNumber(phone)).toBe(number);
  });

  test.each([
    ["empty", ""],
    ["spaces", "   "],
    ["another country's mobile", "+255 712 345 678"],
    ["another country's code, Kenyan-looking digits", "+1 712 345 678"],
    ["a landline", "020 123 4567"],
    ["a number starting 08", "0812345678"],
    ["too short", "071234567"],
    ["too long", "07123456789"],
    ["254 and too few digits", "25471234567"],
    ["254 and too many digits", "2547123456789"],
    ["letters", "0712 345 67a"],
    ["a plus in the middle", "254+712345678"],
    ["brackets", "(0712) 345 678"],
    ["dots", "0712.345.678"],
    ["a trailing hyphen", "0712345678-"],
    ["two plus signs", "++254712345678"],
    ["absurdly long", `0712345678${" ".repeat(40)}1`],
  ])("%s (%j) is not an M-Pesa number", (_, phone) => {
    expect(mpesaPhoneNumber(phone)).toBeUndefined();
  });

  test("every answer has the form Daraja accepts", () => {
    for (const phone of ["+254 712 345 678", "0110123456", "712345678", "+254 0712 345 678"]) {
      expect(mpesaPhoneNumber(phone)).toMatch(/^254[17]\d{8}$/);
    }
  });
});

describe("payNowSchema", () => {
  test("reads the 'M-Pesa phone number' field as Daraja wants it", () => {
    expect(payNowSchema.parse({ phone: " 0712 345 678 " })).toEqual({ phone: "254712345678" });
  });

  test("accepts the order's phone as stored", () => {
    expect(payNowSchema.parse({ phone: "+254712345678" })).toEqual({ phone: "254712345678" });
  });

  test.each([[""], ["+255712345678"], ["hello"], [`0712${"5".repeat(200)}`], [254712345678], [undefined]])(
    "refuses %j with the M-Pesa number message",
    (phone) => {
      const result = payNowSchema.safeParse({ phone });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([PAY_NOW_PHONE_MESSAGE]);
    },
  );

  test("the message gives an example", () => {
    expect(PAY_NOW_PHONE_MESSAGE).toBe("Please enter an M-Pesa number, e.g. 0712 345 678.");
  });
});

describe("orderCode", () => {
  test("is the first 10 characters of the order id in capitals", () => {
    expect(orderCode(ORDER_ID)).toBe("K7M2Q9XPD4");
  });

  test("fits Daraja's AccountReference: at most 12 letters and digits", () => {
    for (const id of [ORDER_ID, "zzzzzzzzzzzzzzzzzzzz", "23456789abcdefghijkm"]) {
      expect(orderCode(id)).toMatch(/^[A-Z0-9]+$/);
      expect(orderCode(id).length).toBeLessThanOrEqual(ACCOUNT_REFERENCE_MAX);
    }
  });

  test("two orders differing only after the 10th character share a code (hence 50 random bits)", () => {
    expect(orderCode("aaaaaaaaaab234567892")).toBe(orderCode("aaaaaaaaaac234567893"));
  });
});

describe("normaliseBillRef", () => {
  test.each([
    ["  ab c#123 ", "ABC123"],
    ["K7M2Q9XPD4", "K7M2Q9XPD4"],
    ["k7m2q9xpd4", "K7M2Q9XPD4"],
    ["#k7m2 q9xp d4", "K7M2Q9XPD4"],
    ["K7M2\tQ9XPD4\n", "K7M2Q9XPD4"],
    ["##", ""],
    ["", ""],
    ["k7m2-q9xpd4", "K7M2-Q9XPD4"],
  ])("%j reads as %j", (typed, normalised) => {
    expect(normaliseBillRef(typed)).toBe(normalised);
  });
});

describe("wholeShillings", () => {
  test.each([
    [120_000, 1200],
    [100, 1],
    [0, 0],
    [1250, 13],
    [1249, 12],
    [150, 2],
    [99_999_900, 999_999],
  ])("%i cents is KSH %i", (cents, shillings) => {
    expect(wholeShillings(cents)).toBe(shillings);
  });
});

describe("amountMatches", () => {
  test.each([
    [1200, 120_000],
    [1200.0, 120_000],
    [13, 1250],
    [1, 100],
  ])("KSH %d paid is the total of %i cents", (paid, total) => {
    expect(amountMatches(paid, total)).toBe(true);
  });

  test.each([
    ["underpaid", 1199, 120_000],
    ["overpaid", 1201, 120_000],
    ["paid with cents", 1200.5, 120_000],
    ["a cent short", 1199.99, 120_000],
    ["nothing", 0, 120_000],
    ["in cents by mistake", 120_000, 120_000],
    ["not a number", Number.NaN, 120_000],
    ["infinite", Number.POSITIVE_INFINITY, 120_000],
  ])("%s (KSH %d against %i cents) does not match", (_, paid, total) => {
    expect(amountMatches(paid, total)).toBe(false);
  });
});

describe("transactionDescription", () => {
  test.each([
    ["Duka", "Duka"],
    ["Amani Crafts", "Amani Crafts"],
    ["Amani's Crafts", "Amanis Crafts"],
    ["Mama Africa Designs", "Mama Africa"],
    ["Handcrafted Kenya", "Handcrafted"],
    ["Supercalifragilistic", "Supercalifrag"],
    ["Café Kitenge", "Cafe Kitenge"],
    ["Duka & Co.", "Duka Co"],
    ["  Kikoy   House  ", "Kikoy House"],
    ["Kanga-Kikoy-Shop", "Kanga Kikoy"],
    ["Shop 254 Nairobi", "Shop 254"],
    ["Thirteen char", "Thirteen char"],
    ["", "Order"],
    ["   ", "Order"],
    ["!!!", "Order"],
    ["ዱካ", "Order"],
  ])("%j is described as %j", (name, description) => {
    expect(transactionDescription(name)).toBe(description);
  });

  test("is never longer than Daraja allows, nor anything but letters, digits and spaces", () => {
    for (const name of ["A".repeat(100), "Mama Africa Designs Ltd", "x y z ".repeat(10), "Ünïcödé Ståre Nämé"]) {
      const description = transactionDescription(name);
      expect(description.length).toBeLessThanOrEqual(TRANSACTION_DESC_MAX);
      expect(description).toMatch(/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/);
    }
  });
});

describe("stkPushRequest", () => {
  const now = new Date("2026-11-24T22:30:00Z");
  const base = {
    shortcode: SANDBOX_SHORTCODE,
    passkey: SANDBOX_PASSKEY,
    amountCents: 120_000,
    phone: "254712345678",
    callbackUrl: "https://shop.example.co.ke/hooks/daraja/0f3a9c/stk",
    orderId: ORDER_ID,
    storeName: "Mama Africa Designs",
    now,
  };

  test("pays a paybill: the shortcode receives, and the order code is the account", () => {
    expect(stkPushRequest(base)).toEqual({
      BusinessShortCode: "174379",
      Password: stkPassword("174379", SANDBOX_PASSKEY, "20261125013000"),
      Timestamp: "20261125013000",
      TransactionType: "CustomerPayBillOnline",
      Amount: 1200,
      PartyA: "254712345678",
      PartyB: "174379",
      PhoneNumber: "254712345678",
      CallBackURL: "https://shop.example.co.ke/hooks/daraja/0f3a9c/stk",
      AccountReference: "K7M2Q9XPD4",
      TransactionDesc: "Mama Africa",
    });
  });

  test("pays a till: the till receives, the store number signs", () => {
    const request = stkPushRequest({ ...base, shortcode: "7654321", till: "1234567" });
    expect(request).toMatchObject({
      BusinessShortCode: "7654321",
      TransactionType: "CustomerBuyGoodsOnline",
      PartyB: "1234567",
      Password: stkPassword("7654321", SANDBOX_PASSKEY, "20261125013000"),
    });
  });

  test.each([[""], ["   "], [undefined]])("an empty till (%j) means the paybill", (till) => {
    const request = stkPushRequest({ ...base, till });
    expect(request.TransactionType).toBe("CustomerPayBillOnline");
    expect(request.PartyB).toBe(SANDBOX_SHORTCODE);
  });

  test("the amount is whole shillings, rounded half up", () => {
    expect(stkPushRequest({ ...base, amountCents: 1250 }).Amount).toBe(13);
  });

  test("the password and timestamp agree", () => {
    const request = stkPushRequest(base);
    expect(Buffer.from(request.Password, "base64").toString()).toBe(`174379${SANDBOX_PASSKEY}${request.Timestamp}`);
  });

  test("keeps the reference and description within Daraja's limits", () => {
    const request = stkPushRequest({ ...base, storeName: "A very long store name indeed" });
    expect(request.AccountReference.length).toBeLessThanOrEqual(ACCOUNT_REFERENCE_MAX);
    expect(request.TransactionDesc.length).toBeLessThanOrEqual(TRANSACTION_DESC_MAX);
  });

  test.each([
    ["nothing to pay", { amountCents: 0 }],
    ["less than a shilling", { amountCents: 40 }],
    ["a phone not in 254 form", { phone: "0712345678" }],
    ["a phone with a plus", { phone: "+254712345678" }],
    ["an id that is not an order's", { orderId: "" }],
  ])("refuses %s", (_, change) => {
    expect(() => stkPushRequest({ ...base, ...change })).toThrow(RangeError);
  });
});

describe("stkQueryRequest", () => {
  test("asks about a push, signed with Nairobi's time", () => {
    const query = stkQueryRequest({
      shortcode: SANDBOX_SHORTCODE,
      passkey: SANDBOX_PASSKEY,
      checkoutRequestId: "ws_CO_191220191020363925",
      now: new Date("2026-12-31T21:00:00Z"),
    });
    expect(query).toEqual({
      BusinessShortCode: "174379",
      Password: stkPassword("174379", SANDBOX_PASSKEY, "20270101000000"),
      Timestamp: "20270101000000",
      CheckoutRequestID: "ws_CO_191220191020363925",
    });
  });
});

describe("callbackUrlProblem", () => {
  test.each([
    "https://shop.example.co.ke/hooks/daraja/9f8e7d6c5b4a/stk",
    "https://duka.example.com/payments/confirm/0a1b2c3d",
    "https://shop.example.co.ke:8443/hooks/c2b",
    "http://localhost:3000/hooks/daraja/abc/stk",
    "http://127.0.0.1:4000/hooks/stk",
    "https://localhost/hooks/stk",
  ])("%s is usable", (url) => {
    expect(callbackUrlProblem(url)).toBeUndefined();
  });

  test.each([
    "http://shop.example.co.ke/hooks/stk",
    "http://192.168.1.10/hooks/stk",
    "http://localhost.example.com/hooks/stk",
    "ftp://shop.example.co.ke/hooks/stk",
  ])("%s is refused: not https", (url) => {
    expect(callbackUrlProblem(url)).toMatch(/https:\/\//);
  });

  test.each([
    ["mpesa", "https://shop.example.co.ke/mpesa/callback"],
    ["mpesa", "https://shop.example.co.ke/hooks/MPESA"],
    ["safaricom", "https://safaricom-payments.example.com/hooks"],
    ["exe", "https://shop.example.co.ke/hooks/execute"],
    ["cmd", "https://shop.example.co.ke/hooks/CMD"],
    ["sql", "https://shop.example.co.ke/hooks/mysql"],
    ["query", "https://shop.example.co.ke/hooks/stk?query=1"],
    ["mpesa", "http://localhost:3000/mpesa/stk"],
  ])("refuses a word Daraja forbids (%s) in %s", (word, url) => {
    const problem = callbackUrlProblem(url);
    expect(problem).toContain(`"${word}"`);
  });

  test.each(["", "not a url", "/hooks/stk", "shop.example.co.ke/hooks"])("%j is not a full address", (url) => {
    expect(callbackUrlProblem(url)).toMatch(/not a full web address/);
  });

  test("each problem is one plain sentence", () => {
    for (const url of ["nope", "http://shop.example.co.ke/x", "https://shop.example.co.ke/sql"]) {
      expect(callbackUrlProblem(url)).toMatch(/^The callback address [^\n]+\.$/);
    }
  });

  test("forbids Daraja's six words", () => {
    expect(FORBIDDEN_CALLBACK_WORDS).toEqual(["mpesa", "safaricom", "exe", "cmd", "sql", "query"]);
  });

  test("a hex secret can never spell a forbidden word", () => {
    const hex = /^[0-9a-f]+$/;
    for (const word of FORBIDDEN_CALLBACK_WORDS) expect(word).not.toMatch(hex);
    expect(callbackUrlProblem(`https://shop.example.co.ke/hooks/${"0123456789abcdef".repeat(4)}/stk`)).toBeUndefined();
  });
});

// Daraja's own success example, metadata in the documented order.
const paidCallback = (items: unknown[] = defaultItems(), extra: Record<string, unknown> = {}) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: "29115-34620561-1",
      CheckoutRequestID: "ws_CO_191220191020363925",
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
      CallbackMetadata: { Item: items },
      ...extra,
    },
  },
});
const defaultItems = () => [
  { Name: "Amount", Value: 1200.0 },
  { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
  { Name: "Balance" },
  { Name: "TransactionDate", Value: 20191219102115 },
  { Name: "PhoneNumber", Value: 254708374149 },
];
const failedCallback = (code: unknown, desc = "Request cancelled by user") => ({
  Body: {
    stkCallback: {
      MerchantRequestID: "29115-34620561-1",
      CheckoutRequestID: "ws_CO_191220191020363925",
      ResultCode: code,
      ResultDesc: desc,
    },
  },
});

describe("readStkCallback", () => {
  const paid = {
    kind: "paid",
    checkoutRequestId: "ws_CO_191220191020363925",
    merchantRequestId: "29115-34620561-1",
    amount: 1200,
    receipt: "NLJ7RT61SV",
    transactionDate: 20191219102115,
    phone: "254708374149",
  };

  test("reads a paid callback", () => {
    expect(readStkCallback(paidCallback())).toEqual(paid);
  });

  test("reads the metadata by name, in any order", () => {
    const reversed = defaultItems().reverse();
    const shuffled = [defaultItems()[3], defaultItems()[1], defaultItems()[4], defaultItems()[0], defaultItems()[2]];
    expect(readStkCallback(paidCallback(reversed))).toEqual(paid);
    expect(readStkCallback(paidCallback(shuffled))).toEqual(paid);
  });

  test("reads numbers sent as text as numbers", () => {
    const items = [
      { Name: "PhoneNumber", Value: "254708374149" },
      { Name: "TransactionDate", Value: "20191219102115" },
      { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
      { Name: "Amount", Value: "1200.00" },
    ];
    const outcome = readStkCallback(paidCallback(items, { ResultCode: "0" }));
    expect(outcome).toEqual(paid);
    expect(typeof (outcome?.kind === "paid" && outcome.amount)).toBe("number");
  });

  test("keeps a paid callback without date or phone, which the shop does not need", () => {
    const items = [
      { Name: "Amount", Value: 1 },
      { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
    ];
    expect(readStkCallback(paidCallback(items))).toMatchObject({ kind: "paid", amount: 1, transactionDate: null, phone: null });
  });

  test("ignores fields Daraja adds", () => {
    const body = paidCallback(defaultItems(), { NewField: "x" });
    expect(readStkCallback({ ...body, Extra: true, Body: { ...body.Body, Also: 1 } })).toEqual(paid);
  });

  test("ignores metadata items the shop does not read", () => {
    expect(readStkCallback(paidCallback([...defaultItems(), { Name: "Something", Value: "else" }]))).toEqual(paid);
  });

  test.each([
    [1032, "Request cancelled by user"],
    [1037, "DS timeout user cannot be reached"],
    [1, "The balance is insufficient for the transaction"],
    [2001, "The initiator information is invalid"],
    [1019, "Transaction has expired"],
    [17, "Rule limited"],
    [9999, "Something new"],
  ])("reads a failure with code %i", (code, desc) => {
    expect(readStkCallback(failedCallback(code, desc))).toEqual({
      kind: "failed",
      checkoutRequestId: "ws_CO_191220191020363925",
      merchantRequestId: "29115-34620561-1",
      resultCode: code,
      resultDesc: desc,
    });
  });

  test("reads a failure's code sent as text", () => {
    expect(readStkCallback(failedCallback("1032"))).toMatchObject({ kind: "failed", resultCode: 1032 });
  });

  test("a failure without a description still reads", () => {
    const body = failedCallback(1032);
    delete (body.Body.stkCallback as { ResultDesc?: string }).ResultDesc;
    expect(readStkCallback(body)).toMatchObject({ kind: "failed", resultCode: 1032, resultDesc: "" });
  });

  test.each([
    ["nothing", undefined],
    ["null", null],
    ["text", "Body"],
    ["an array", []],
    ["an empty object", {}],
    ["no Body", { stkCallback: paidCallback().Body.stkCallback }],
    ["no stkCallback", { Body: {} }],
    ["no CheckoutRequestID", paidCallback(defaultItems(), { CheckoutRequestID: undefined })],
    ["an empty CheckoutRequestID", paidCallback(defaultItems(), { CheckoutRequestID: "  " })],
    ["a CheckoutRequestID that is not an id", paidCallback(defaultItems(), { CheckoutRequestID: "ws CO; drop" })],
    ["no MerchantRequestID", paidCallback(defaultItems(), { MerchantRequestID: undefined })],
    ["no ResultCode", paidCallback(defaultItems(), { ResultCode: undefined })],
    ["a ResultCode that is not a number", paidCallback(defaultItems(), { ResultCode: "zero" })],
    ["a fractional ResultCode", paidCallback(defaultItems(), { ResultCode: 0.5 })],
    ["paid without metadata", paidCallback(defaultItems(), { CallbackMetadata: undefined })],
    ["paid with no items", paidCallback([])],
    ["paid with items that are not a list", paidCallback(defaultItems(), { CallbackMetadata: { Item: { Name: "Amount" } } })],
    ["paid without a receipt", paidCallback(defaultItems().filter((i) => i.Name !== "MpesaReceiptNumber"))],
    ["paid without an amount", paidCallback(defaultItems().filter((i) => i.Name !== "Amount"))],
    [
      "paid with an empty receipt",
      paidCallback([
        { Name: "Amount", Value: 1200 },
        { Name: "MpesaReceiptNumber", Value: "" },
      ]),
    ],
    [
      "paid with a receipt that is a number",
      paidCallback([
        { Name: "Amount", Value: 1200 },
        { Name: "MpesaReceiptNumber", Value: 12345 },
      ]),
    ],
    [
      "paid with an amount that is text",
      paidCallback([
        { Name: "Amount", Value: "a lot" },
        { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
      ]),
    ],
    [
      "paid with a zero amount",
      paidCallback([
        { Name: "Amount", Value: 0 },
        { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
      ]),
    ],
    [
      "paid with a negative amount",
      paidCallback([
        { Name: "Amount", Value: -5 },
        { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
      ]),
    ],
    ["paid with two different amounts", paidCallback([...defaultItems(), { Name: "Amount", Value: 1 }])],
    ["paid with two different receipts", paidCallback([...defaultItems(), { Name: "MpesaReceiptNumber", Value: "OTHER12345" }])],
  ])("%s is malformed", (_, body) => {
    expect(readStkCallback(body)).toBeUndefined();
  });

  test("the same item given twice with the same value still reads", () => {
    expect(readStkCallback(paidCallback([...defaultItems(), { Name: "Amount", Value: "1200" }]))).toEqual(paid);
  });
});

describe("readStkQueryAnswer", () => {
  test("a paid answer says paid, with no receipt", () => {
    const answer = {
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successsfully",
      MerchantRequestID: "22205-34066-1",
      CheckoutRequestID: "ws_CO_13012021093521236557",
      ResultCode: "0",
      ResultDesc: "The service request is processed successfully.",
    };
    expect(readStkQueryAnswer(answer)).toEqual({ kind: "paid" });
  });

  test.each([
    ["1032", 1032],
    [1037, 1037],
    ["1", 1],
  ])("a failed answer (%j) gives its code", (code, resultCode) => {
    expect(readStkQueryAnswer({ ResultCode: code, ResultDesc: "Request cancelled by user" })).toEqual({
      kind: "failed",
      resultCode,
      resultDesc: "Request cancelled by user",
    });
  });

  test("'The transaction is being processed' means still pending", () => {
    const error = { requestId: "ws_CO_20022018230142206", errorCode: "500.001.1001", errorMessage: "The transaction is being processed" };
    expect(readStkQueryAnswer(error)).toEqual({ kind: "pending" });
  });

  test("ResultCode 4999 means still pending", () => {
    expect(readStkQueryAnswer({ ResultCode: "4999", ResultDesc: "The transaction is still under processing" })).toEqual({
      kind: "pending",
    });
  });

  test("another Daraja error is an error", () => {
    const error = { requestId: "9458-79414631-1", errorCode: "404.001.04", errorMessage: "Invalid Access Token" };
    expect(readStkQueryAnswer(error)).toEqual({ kind: "error", errorCode: "404.001.04", errorMessage: "Invalid Access Token" });
  });

  test.each([[undefined], [null], ["<html>Bad gateway</html>"], [{}], [{ ResultCode: "x" }]])("%j is unreadable", (body) => {
    expect(readStkQueryAnswer(body)).toBeUndefined();
  });
});

// Daraja's v2 confirmation example.
const confirmation = (extra: Record<string, unknown> = {}) => ({
  TransactionType: "Pay Bill",
  TransID: "RKTQDM7W6S",
  TransTime: "20191122063845",
  TransAmount: "1200.00",
  BusinessShortCode: "600638",
  BillRefNumber: " k7m2 q9xp d4 ",
  InvoiceNumber: "",
  OrgAccountBalance: "49197.00",
  ThirdPartyTransID: "",
  MSISDN: "2547 ***** 126",
  FirstName: "John",
  ...extra,
});

describe("readC2bConfirmation", () => {
  test("reads a paybill payment, the amount as a number", () => {
    expect(readC2bConfirmation(confirmation())).toEqual({
      transId: "RKTQDM7W6S",
      transTime: "20191122063845",
      amount: 1200,
      shortcode: "600638",
      billRef: "k7m2 q9xp d4",
      msisdn: "2547 ***** 126",
      firstName: "John",
    });
  });

  test("its account number matches the order it names", () => {
    const payment = readC2bConfirmation(confirmation());
    expect(payment && normaliseBillRef(payment.billRef)).toBe(orderCode(ORDER_ID));
    expect(payment && amountMatches(payment.amount, 120_000)).toBe(true);
  });

  test.each([
    ["an amount with cents", { TransAmount: "1200.50" }, { amount: 1200.5 }],
    ["an amount as a number", { TransAmount: 999 }, { amount: 999 }],
    ["a shortcode as a number", { BusinessShortCode: 600638 }, { shortcode: "600638" }],
    ["a till payment with no account number", { BillRefNumber: "" }, { billRef: "" }],
    ["no account number at all", { BillRefNumber: undefined }, { billRef: "" }],
    ["a null first name", { FirstName: null }, { firstName: "" }],
    ["no MSISDN", { MSISDN: undefined }, { msisdn: "" }],
    ["a time as a number", { TransTime: 20191122063845 }, { transTime: "20191122063845" }],
  ])("reads %s", (_, change, expected) => {
    expect(readC2bConfirmation(confirmation(change))).toMatchObject(expected);
  });

  test("makes text storable", () => {
    expect(readC2bConfirmation(confirmation({ FirstName: "Jo\u0000hn" }))?.firstName).toBe("John");
  });

  test.each([[undefined], [null], [{}], ["TransID=RKTQDM7W6S"]])("%j is malformed", (body) => {
    expect(readC2bConfirmation(body)).toBeUndefined();
  });

  test.each([
    ["no TransID", { TransID: undefined }],
    ["an empty TransID", { TransID: "" }],
    ["no amount", { TransAmount: undefined }],
    ["an amount that is not a number", { TransAmount: "KSH 1,200" }],
    ["a zero amount", { TransAmount: "0.00" }],
    ["a negative amount", { TransAmount: "-5" }],
    ["no shortcode", { BusinessShortCode: undefined }],
    ["an empty shortcode", { BusinessShortCode: "" }],
  ])("%s is malformed", (_, change) => {
    expect(readC2bConfirmation(confirmation(change))).toBeUndefined();
  });
});

describe("Daraja's answers", () => {
  test("a token answer gives its lifetime in seconds", () => {
    expect(tokenAnswerSchema.parse({ access_token: "c9SQxWWhmdVRlyh0zh8gZDTkubVF", expires_in: "3599" })).toEqual({
      access_token: "c9SQxWWhmdVRlyh0zh8gZDTkubVF",
      expires_in: 3599,
    });
    expect(tokenAnswerSchema.parse({ access_token: "t", expires_in: 3599 }).expires_in).toBe(3599);
  });

  test.each([[{ access_token: "", expires_in: "3599" }], [{ access_token: "t" }], [{ access_token: "t", expires_in: "soon" }]])(
    "refuses the token answer %j",
    (answer) => {
      expect(tokenAnswerSchema.safeParse(answer).success).toBe(false);
    },
  );

  test("a push answer gives the ids its callback will carry", () => {
    const answer = {
      MerchantRequestID: "29115-34620561-1",
      CheckoutRequestID: "ws_CO_191220191020363925",
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    };
    expect(stkPushAnswerSchema.parse(answer)).toEqual(answer);
    expect(stkPushAnswerSchema.parse({ ...answer, ResponseCode: 0, CustomerMessage: undefined }).ResponseCode).toBe("0");
  });

  test("a push answer without a CheckoutRequestID is refused", () => {
    expect(stkPushAnswerSchema.safeParse({ MerchantRequestID: "1", ResponseCode: "0" }).success).toBe(false);
  });

  test("a Daraja error reads, with or without its request id", () => {
    const error = { requestId: "9458-79414631-1", errorCode: "400.002.02", errorMessage: "Bad Request - Invalid PhoneNumber" };
    expect(darajaErrorSchema.parse(error)).toEqual(error);
    expect(darajaErrorSchema.parse({ errorCode: "500.001.1001", errorMessage: "x" }).requestId).toBe("");
    expect(darajaErrorSchema.safeParse({ errorMessage: "no code" }).success).toBe(false);
  });

  test("a query answer reads its result code as a number", () => {
    expect(stkQueryAnswerSchema.parse({ ResultCode: "1032", ResultDesc: "Request cancelled by user" })).toMatchObject({ ResultCode: 1032 });
  });

  test("a registerurl answer reads", () => {
    const answer = { OriginatorCoversationID: "7619-37765134-1", ResponseCode: "0", ResponseDescription: "success" };
    expect(registerUrlAnswerSchema.parse(answer)).toEqual(answer);
  });
});

describe("secondsUntilResend", () => {
  const pushedAt = new Date("2026-11-24T22:30:00Z");
  const later = (ms: number) => new Date(pushedAt.getTime() + ms);

  test.each([
    [0, 60],
    [1, 60],
    [999, 60],
    [1000, 59],
    [30_000, 30],
    [59_001, 1],
    [59_999, 1],
    [60_000, 0],
    [61_000, 0],
    [3_600_000, 0],
  ])("%i ms after a push, waits %i s", (elapsed, wait) => {
    expect(secondsUntilResend(pushedAt, later(elapsed))).toBe(wait);
  });

  test("a push stamped ahead by another server's clock waits no more than the full minute", () => {
    expect(secondsUntilResend(pushedAt, later(-5000))).toBe(RESEND_WAIT_SECONDS);
  });

  test("an unreadable time does not block the shopper", () => {
    expect(secondsUntilResend(new Date(Number.NaN), pushedAt)).toBe(0);
  });
});

describe("tokenUsableUntil", () => {
  const issuedAt = new Date("2026-11-24T22:30:00Z");
  test("a token of an hour is used for about 50 minutes", () => {
    expect(tokenUsableUntil(issuedAt, 3599).toISOString()).toBe("2026-11-24T23:19:59.000Z");
  });
  test.each([[0], [300], [Number.NaN]])("a token of %d s is not kept", (seconds) => {
    expect(tokenUsableUntil(issuedAt, seconds)).toEqual(issuedAt);
  });
});

describe("darajaBaseUrl", () => {
  test.each([
    ["sandbox", undefined, "https://sandbox.safaricom.co.ke"],
    ["production", undefined, "https://api.safaricom.co.ke"],
    ["production", "", "https://api.safaricom.co.ke"],
    ["production", "  ", "https://api.safaricom.co.ke"],
    ["sandbox", "http://127.0.0.1:4010/", "http://127.0.0.1:4010"],
    ["production", "http://localhost:4010//", "http://localhost:4010"],
  ] as const)("%s with %j is %s", (environment, override, url) => {
    expect(darajaBaseUrl(environment, override)).toBe(url);
  });
});

describe("paymentPromptLimits", () => {
  const perHour = { perPhone: 3, perAddress: 10 };

  test("counts the client's network first, then the number prompted, each for an hour", () => {
    expect(paymentPromptLimits({ phone: "254712345678", clientAddress: "197.232.61.10" }, perHour)).toEqual([
      { key: "mpesa-prompt-address:197.232.61.10", limit: 10, windowMs: 3_600_000 },
      { key: "mpesa-prompt-phone:254712345678", limit: 3, windowMs: 3_600_000 },
    ]);
  });

  test("a prompt staff send counts against the phone number alone", () => {
    expect(paymentPromptLimits({ phone: "254712345678", clientAddress: null }, perHour)).toEqual([
      { key: "mpesa-prompt-phone:254712345678", limit: 3, windowMs: 3_600_000 },
    ]);
  });

  test("an IPv6 client counts by its /64, whichever of its addresses it uses", () => {
    const [first] = paymentPromptLimits({ phone: "254712345678", clientAddress: "2c0f:fe38:2001:7f::1" }, perHour);
    const [second] = paymentPromptLimits({ phone: "254712345678", clientAddress: "2c0f:fe38:2001:7f:aaaa::2" }, perHour);
    expect(first!.key).toBe(second!.key);
  });
});

describe("transactionStatusRequest", () => {
  test("asks about a receipt as the shop's shortcode, with its initiator, answered at the ResultURL", () => {
    expect(
      transactionStatusRequest({
        initiator: "dukaapi",
        securityCredential: "c2VjcmV0",
        receipt: "RKTQDM7W6S",
        shortcode: SANDBOX_SHORTCODE,
        resultUrl: "https://duka.example/hooks/daraja/abc/paybill-check",
        timeoutUrl: "https://duka.example/hooks/daraja/abc/paybill-check-timeout",
      }),
    ).toEqual({
      Initiator: "dukaapi",
      SecurityCredential: "c2VjcmV0",
      CommandID: "TransactionStatusQuery",
      TransactionID: "RKTQDM7W6S",
      PartyA: "174379",
      IdentifierType: "4",
      ResultURL: "https://duka.example/hooks/daraja/abc/paybill-check",
      QueueTimeOutURL: "https://duka.example/hooks/daraja/abc/paybill-check-timeout",
      Remarks: "Paybill payment check",
      Occasion: "RKTQDM7W6S",
    });
  });

  test("its answer gives the ConversationID the result will carry", () => {
    expect(
      transactionStatusAnswerSchema.parse({
        OriginatorConversationID: "1236-7134259-1",
        ConversationID: "AG_20210709_1234409f86436c583e3f",
        ResponseCode: "0",
        ResponseDescription: "Accept the service request successfully.",
      }),
    ).toMatchObject({ ConversationID: "AG_20210709_1234409f86436c583e3f", ResponseCode: "0" });
  });
});

/** A Transaction Status result as Daraja posts it about a paybill payment to the sandbox shortcode. */
const statusResult = (changes: { code?: number | string; desc?: string; parameters?: unknown } = {}) => ({
  Result: {
    ResultType: 0,
    ResultCode: changes.code ?? 0,
    ResultDesc: changes.desc ?? "The service request is processed successfully.",
    OriginatorConversationID: "3213-416199-2",
    ConversationID: "AG_20260302_0000493344ae97d86f75",
    TransactionID: "RKTQDM7W6S",
    ResultParameters: {
      ResultParameter: changes.parameters ?? [
        { Key: "DebitPartyName", Value: "2547 ***** 126 - John Doe" },
        { Key: "CreditPartyName", Value: "174379 - Duka Crafts" },
        { Key: "TransactionReason" },
        { Key: "TransactionStatus", Value: "Completed" },
        { Key: "Amount", Value: 1200 },
        { Key: "ReceiptNo", Value: "RKTQDM7W6S" },
        { Key: "FinalisedTime", Value: 20260302091500 },
      ],
    },
    ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "RKTQDM7W6S" } },
  },
});

describe("readTransactionStatusResult", () => {
  test("reads the receipt, amount, status and the shortcode credited, by key", () => {
    expect(readTransactionStatusResult(statusResult())).toEqual({
      conversationId: "AG_20260302_0000493344ae97d86f75",
      resultCode: "0",
      resultDesc: "The service request is processed successfully.",
      receipt: "RKTQDM7W6S",
      amount: 1200,
      creditedTo: "174379",
      status: "Completed",
    });
  });

  test("reads one parameter given alone rather than in a list, and an amount as text", () => {
    expect(readTransactionStatusResult(statusResult({ parameters: { Key: "Amount", Value: "1200.00" } }))).toMatchObject({
      amount: 1200,
      receipt: "RKTQDM7W6S",
      creditedTo: null,
      status: null,
    });
  });

  test("reads a failure without parameters", () => {
    const failed = statusResult({ code: "1", desc: "The transaction receipt number does not exist." });
    delete (failed.Result as Partial<typeof failed.Result>).ResultParameters;
    expect(readTransactionStatusResult({ Result: { ...failed.Result, TransactionID: "" } })).toMatchObject({
      resultCode: "1",
      receipt: null,
      amount: null,
    });
  });

  test.each([
    ["nothing", undefined],
    ["no Result", {}],
    ["no ConversationID", { Result: { ResultCode: 0 } }],
    ["no ResultCode", { Result: { ConversationID: "AG_1" } }],
    ["a key given twice with two values", statusResult({ parameters: [{ Key: "Amount", Value: 1 }, { Key: "Amount", Value: 1200 }] })],
  ])("%s is unreadable", (_, body) => {
    expect(readTransactionStatusResult(body)).toBeUndefined();
  });
});

describe("paymentCheckVerdict", () => {
  const shop = { shortcode: "174379", till: undefined };
  const payment = { receipt: "rktqdm7w6s", amountCents: 120_000 };
  const verdict = (body: unknown, of = payment, to: { shortcode: string; till?: string } = shop) => paymentCheckVerdict(of, readTransactionStatusResult(body)!, to);
  const parameters = (changes: Record<string, string | number>) =>
    Object.entries({ CreditPartyName: "174379 - Duka Crafts", TransactionStatus: "Completed", Amount: 1200, ReceiptNo: "RKTQDM7W6S", ...changes }).map(
      ([Key, Value]) => ({ Key, Value }),
    );

  test("a completed payment of the same receipt and amount to the shop's shortcode is confirmed", () => {
    expect(verdict(statusResult())).toEqual({ kind: "confirmed" });
  });

  test("one paid to the shop's till is confirmed too", () => {
    const toTill = statusResult({ parameters: parameters({ CreditPartyName: "5123456 - Duka Crafts Till" }) });
    expect(verdict(toTill, payment, { shortcode: "174379", till: "5123456" })).toEqual({ kind: "confirmed" });
    expect(verdict(toTill).kind).toBe("not confirmed");
  });

  test.each([
    ["a receipt M-Pesa does not know", statusResult({ code: 1, desc: "The transaction receipt number does not exist.", parameters: [] })],
    ["another amount", statusResult({ parameters: parameters({ Amount: 120 }) })],
    ["cents more", statusResult({ parameters: parameters({ Amount: "1200.50" }) })],
    ["another shortcode", statusResult({ parameters: parameters({ CreditPartyName: "600000 - Another Business" }) })],
    ["another receipt", statusResult({ parameters: parameters({ ReceiptNo: "RKTQDM7W6T" }) })],
    ["a reversed payment", statusResult({ parameters: parameters({ TransactionStatus: "Reversed" }) })],
    ["no amount", statusResult({ parameters: parameters({}).filter((p) => p.Key !== "Amount") })],
    ["nobody credited", statusResult({ parameters: parameters({}).filter((p) => p.Key !== "CreditPartyName") })],
  ])("%s is not confirmed", (_, body) => {
    expect(verdict(body)).toMatchObject({ kind: "not confirmed", why: expect.any(String) });
  });

  test.each([
    [2001, "The initiator information is invalid."],
    ["8006", "The security credential is locked."],
  ])("M-Pesa refusing the shop's initiator (%s) cannot confirm, and says nothing against the payment", (code, desc) => {
    expect(verdict(statusResult({ code, desc }))).toEqual({ kind: "cannot confirm", why: `M-Pesa refused the shop's initiator: ${desc} (${code})` });
  });
});

describe("isPaidToShop and validationAnswer", () => {
  const shop = { shortcode: "174379", till: "5123456" };

  test.each([
    ["174379", true],
    [" 174379 ", true],
    ["5123456", true],
    ["600000", false],
    ["1743790", false],
    ["", false],
  ])("a payment to %j is the shop's: %s", (shortcode, ours) => {
    expect(isPaidToShop(shortcode, shop)).toBe(ours);
  });

  test("without a till only the shortcode is the shop's", () => {
    expect(isPaidToShop("5123456", { shortcode: "174379", till: undefined })).toBe(false);
  });

  test("a validation for the shop is accepted; one for another shortcode declined as an invalid shortcode", () => {
    expect(validationAnswer(confirmation({ BusinessShortCode: "174379" }), shop)).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
    expect(validationAnswer(confirmation({ BusinessShortCode: 600638 }), shop)).toEqual({ ResultCode: "C2B00015", ResultDesc: "Rejected" });
    // An unreadable one is let through: the confirmation that follows is checked all the same.
    expect(validationAnswer({}, shop)).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
  });
});

test("a callback secret is 32 to 128 hex digits, so it can never spell a word Daraja refuses", () => {
  for (const secret of ["0123456789abcdef0123456789abcdef", "A".repeat(32), "f".repeat(128)]) expect(CALLBACK_SECRET_FORMAT.test(secret)).toBe(true);
  for (const secret of ["0123456789abcdef", "g".repeat(32), "f".repeat(129), `${"a".repeat(31)}-`, ""]) expect(CALLBACK_SECRET_FORMAT.test(secret)).toBe(false);
  expect(callbackUrlProblem(`https://duka.example/hooks/daraja/${"e".repeat(32)}/paybill-check`)).toBeUndefined();
});
