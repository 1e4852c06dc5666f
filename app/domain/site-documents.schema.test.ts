import { expect, test } from "vitest";
import { settingsSchema, siteDocumentDefaults } from "./site-documents.schema";

// Site Settings' extra addresses for staff emails (issue 12), kept as typed and checked address by address.

const settings = (staffEmails?: string) => ({ ...siteDocumentDefaults.settings, storeName: "Duka Crafts", staffEmails });

test("settings saved before the addresses existed still read, and addresses are kept as typed", () => {
  expect(settingsSchema.safeParse(settings()).success).toBe(true);
  expect(settingsSchema.parse(settings("accounts@duka.test,\nOwner@Duka.test")).staffEmails).toBe("accounts@duka.test,\nOwner@Duka.test");
});

test("a list holding something that is not an address is refused, naming it", () => {
  const parsed = settingsSchema.safeParse(settings("accounts@duka.test, not an address"));
  expect(parsed.success).toBe(false);
  expect(parsed.error!.issues).toMatchObject([{ path: ["staffEmails"], message: '"not an address" is not a valid email address.' }]);
});
