import { expect, test } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./form-errors";

test("each field gets its first message; a refusal of the whole form goes under 'form'", () => {
  const schema = z
    .object({ name: z.string().min(1, "Name, please.").min(3, "A longer name, please."), age: z.number("A number, please.") })
    .refine(() => false, "Not today.");
  const parsed = schema.safeParse({ name: "", age: "x" });
  expect(parsed.success).toBe(false);
  expect(fieldErrors(parsed.error!)).toEqual({ name: "Name, please.", age: "A number, please." });
  expect(fieldErrors(schema.safeParse({ name: "Wanjiku", age: 30 }).error!)).toEqual({ form: "Not today." });
});
