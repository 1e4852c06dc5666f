import { describe, expect, test } from "vitest";
import { fillPlaceholders, paymentDetailsText, ussdDialLink } from "./payment";

const order = { orderId: "k7m2p9q4r8s3t6v5w2x9", clientName: "Amina Otieno" };

describe("fillPlaceholders", () => {
  test.each([
    ["Account: {{ORDER_ID}}", "Account: k7m2p9q4r8s3t6v5w2x9"],
    ["{{CLIENT_NAME}}", "Amina Otieno"],
    ["Ref {{ORDER_ID}} for {{CLIENT_NAME}}", "Ref k7m2p9q4r8s3t6v5w2x9 for Amina Otieno"],
    ["{{ORDER_ID}}{{ORDER_ID}}", "k7m2p9q4r8s3t6v5w2x9k7m2p9q4r8s3t6v5w2x9"],
    ["Account number: {{ORDER_CODE}}", "Account number: K7M2P9Q4R8"],
    [
      "{{ORDER_ID}}-{{CLIENT_NAME}}-{{ORDER_ID}}-{{CLIENT_NAME}}",
      "k7m2p9q4r8s3t6v5w2x9-Amina Otieno-k7m2p9q4r8s3t6v5w2x9-Amina Otieno",
    ],
    ["No placeholders here", "No placeholders here"],
    ["", ""],
  ])("%j becomes %j", (text, filled) => {
    expect(fillPlaceholders(text, order)).toBe(filled);
  });

  test.each(["{{order_id}}", "{ORDER_ID}", "{{ ORDER_ID }}", "{{ORDER_NUMBER}}", "{{CLIENT}}"])(
    "leaves %j alone, as it is not a placeholder",
    (text) => {
      expect(fillPlaceholders(text, order)).toBe(text);
    },
  );

  test("puts in a name with dollar signs exactly as written", () => {
    expect(fillPlaceholders("Name: {{CLIENT_NAME}}", { ...order, clientName: "$& $1 $$ $'" })).toBe(
      "Name: $& $1 $$ $'",
    );
  });

  test("does not fill placeholders that come from the client's own name", () => {
    expect(fillPlaceholders("{{CLIENT_NAME}}", { ...order, clientName: "{{ORDER_ID}}" })).toBe("{{ORDER_ID}}");
  });

  test("works across lines", () => {
    expect(fillPlaceholders("Line 1 {{ORDER_ID}}\nLine 2 {{CLIENT_NAME}}", order)).toBe(
      "Line 1 k7m2p9q4r8s3t6v5w2x9\nLine 2 Amina Otieno",
    );
  });
});

describe("ussdDialLink", () => {
  test("escapes the '#' so the phone dials the whole code", () => {
    expect(ussdDialLink("*334#")).toBe("tel:*334%23");
  });

  test.each([
    ["*144#", "tel:*144%23"],
    ["*150*00#", "tel:*150*00%23"],
    [" *334# ", "tel:*334%23"],
  ])("%j dials as %j", (code, link) => {
    expect(ussdDialLink(code)).toBe(link);
  });
});

describe("paymentDetailsText", () => {
  const mpesa = {
    name: "M-Pesa",
    fields: [
      { id: "field-1", label: "Paybill Number", value: "522522" },
      { id: "field-2", label: "Account Number", value: "{{ORDER_ID}}" },
      { id: "field-3", label: "Reference", value: "{{CLIENT_NAME}} / {{ORDER_ID}}" },
    ],
  };

  test("lists the method, each detail with placeholders filled, and the amount", () => {
    expect(paymentDetailsText(mpesa, { ...order, totalCents: 620_000 })).toBe(
      [
        "M-Pesa",
        "Paybill Number: 522522",
        "Account Number: k7m2p9q4r8s3t6v5w2x9",
        "Reference: Amina Otieno / k7m2p9q4r8s3t6v5w2x9",
        "Amount to pay: KSH 6,200",
      ].join("\n"),
    );
  });

  test("a method without details still gives its name and the amount", () => {
    expect(paymentDetailsText({ name: "Cash on Delivery", fields: [] }, { ...order, totalCents: 150_000 })).toBe(
      "Cash on Delivery\nAmount to pay: KSH 1,500",
    );
  });

  test("skips details left completely blank and trims the rest", () => {
    const method = {
      name: " Bank Transfer ",
      fields: [
        { id: "a", label: "  ", value: "" },
        { id: "b", label: " Bank ", value: " KCB " },
      ],
    };
    expect(paymentDetailsText(method, { ...order, totalCents: 100 })).toBe(
      "Bank Transfer\nBank: KCB\nAmount to pay: KSH 1",
    );
  });

  test("shows the amount in whole shillings", () => {
    expect(
      paymentDetailsText({ name: "M-Pesa", fields: [] }, { ...order, totalCents: 123_456_750 })
        .split("\n")
        .at(-1),
    ).toBe("Amount to pay: KSH 1,234,568");
  });
});
