import { expect, test } from "vitest";
import { PHONE_MESSAGE } from "./phone";
import { RIDER_NAME_REQUIRED } from "./rider";
import { riderActionSchema } from "./rider.schema";

const messagesOf = (input: Record<string, string>) => {
  const parsed = riderActionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
};

test("a new rider's name is trimmed and the phone kept as + and digits", () => {
  expect(riderActionSchema.parse({ intent: "create", name: "  Brian Mwangi ", phone: " +254 712-345 678 " })).toEqual({
    intent: "create",
    name: "Brian Mwangi",
    phone: "+254712345678",
  });
});

test.each([
  [{ intent: "create", name: "", phone: "+254712345678" }, [`name: ${RIDER_NAME_REQUIRED}`]],
  [{ intent: "create", name: "   ", phone: "+254712345678" }, [`name: ${RIDER_NAME_REQUIRED}`]],
  [{ intent: "create", phone: "+254712345678" }, [`name: ${RIDER_NAME_REQUIRED}`]],
  [{ intent: "create", name: "Brian", phone: "" }, [`phone: ${PHONE_MESSAGE}`]],
  [{ intent: "create", name: "Brian" }, [`phone: ${PHONE_MESSAGE}`]],
  [{ intent: "create", name: "Brian", phone: "0712345678" }, [`phone: ${PHONE_MESSAGE}`]],
  [{ intent: "create", name: "Brian", phone: "+25471234" }, [`phone: ${PHONE_MESSAGE}`]],
  [{ intent: "update", id: "r1", name: "", phone: "712", version: "2" }, [`name: ${RIDER_NAME_REQUIRED}`, `phone: ${PHONE_MESSAGE}`]],
  [{ intent: "update", id: "r1", name: "Kevin", phone: "+254723456789" }, ["version: This form is out of date; please reload the page."]],
  [{ intent: "create", name: "x".repeat(81), phone: "+254712345678" }, ["name: Please keep the name to 80 characters."]],
])("%o is refused with the field's message", (input, messages) => {
  expect(messagesOf(input)).toEqual(messages);
});

test("an edit names the rider by id and the version its dialog was opened at; a delete by id", () => {
  expect(riderActionSchema.parse({ intent: "update", id: " r1 ", name: "Kevin", phone: "+254723456789", version: "3" })).toEqual({
    intent: "update",
    id: "r1",
    name: "Kevin",
    phone: "+254723456789",
    version: 3,
  });
  expect(riderActionSchema.parse({ intent: "delete", id: "r1" })).toEqual({ intent: "delete", id: "r1" });
  expect(riderActionSchema.safeParse({ intent: "delete", id: "" }).success).toBe(false);
  expect(riderActionSchema.safeParse({ intent: "erase", id: "r1" }).success).toBe(false);
});
