import { expect, test } from "vitest";
import { staffActor } from "~/domain/audit";
import { timelineOf } from "./audit.server";
import { readSiteDocument, readSiteDocumentForEdit, saveEditorForm, saveSiteDocument } from "./site-documents.server";

const OWNER = staffActor("owner@duka.test");
const DEVELOPER = staffActor("dev@duka.test");
const faqsForm = (question: string, version: number) => ({
  document: JSON.stringify({ items: [{ id: "faq-1", q: question, a: "Within 14 days." }] }),
  version: String(version),
});

test("a document never saved loads at version 1, and each save moves it on", async () => {
  expect(await readSiteDocumentForEdit("ourStory")).toMatchObject({ version: 1 });
  const saved = await saveSiteDocument("ourStory", { title: "Our Story", text: "Made in Nairobi.", imageUrl: "" }, 1, OWNER);
  expect(saved).toMatchObject({ ok: true, version: 2 });
  expect(await readSiteDocumentForEdit("ourStory")).toEqual({
    document: { title: "Our Story", text: "Made in Nairobi.", imageUrl: "" },
    version: 2,
  });
});

test("of two editors opened together, the second save is refused with a clear message and changes nothing", async () => {
  const { version } = await readSiteDocumentForEdit("faqs");
  expect(await saveEditorForm("faqs", faqsForm("Can I return an item?", version), DEVELOPER)).toMatchObject({ status: 200 });

  const refused = await saveEditorForm("faqs", faqsForm("Do you deliver?", version), OWNER);

  expect(refused).toEqual({
    status: 409,
    answer: {
      ok: false,
      errors: { form: "The FAQs were changed by someone else since you opened them. Your changes are still in the form; reload to see theirs." },
    },
  });
  expect((await readSiteDocument("faqs")).items[0]!.q).toBe("Can I return an item?");
});

test("a post without its version is refused as bad input", async () => {
  const { document } = faqsForm("Where are you?", 1);
  expect(await saveEditorForm("faqs", { document }, OWNER)).toMatchObject({ status: 400 });
});

test("each save is on record with who saved it and the parts that changed", async () => {
  const { document: before, version } = await readSiteDocumentForEdit("contactInfo");
  await saveSiteDocument("contactInfo", { ...before, title: "Visit us" }, version, DEVELOPER, new Date("2025-11-22T04:00:00.000Z"));

  const [entry] = await timelineOf("content", "contactInfo");
  expect(entry).toMatchObject({
    staffEmail: "dev@duka.test",
    action: "update",
    before: { title: before.title },
    after: { title: "Visit us" },
    at: new Date("2025-11-22T04:00:00.000Z"),
  });
});
