import { z } from "zod";

// Optimistic concurrency for staff editors (issue 10, decision 031): a form carries the version of the record
// it was loaded from, and a save against a record changed since is refused, keeping what was typed.

/** The version a staff form was loaded from, as posted. */
export const editVersionSchema = z.coerce
  .number({ error: "This form is out of date; please reload the page." })
  .int()
  .min(1)
  .max(2_147_483_647);

/** What each editor edits, as the refusal names it. */
const EDITED = {
  product: "This product was",
  category: "This category was",
  rider: "This rider was",
  delivery: "This delivery option was",
  promotion: "This promotion was",
  clientDetails: "This order's client details were",
  settings: "The site settings were",
  faqs: "The FAQs were",
  contactInfo: "The contact info was",
  ourStory: "Our Story was",
  notification: "The notification was",
  messageTemplates: "The notifications were",
  privacy: "The privacy policy was",
} as const;

const plural = (subject: string) => subject.endsWith("were");

export type EditedRecord = keyof typeof EDITED;

/**
 * The refusal of a save against a record someone else changed meanwhile, e.g. 'This product was changed by
 * someone else since you opened it. Your changes are still in the form; reload to see theirs.'
 */
export const changedMeanwhileMessage = (record: EditedRecord): string =>
  `${EDITED[record]} changed by someone else since you opened ${plural(EDITED[record]) ? "them" : "it"}. Your changes are still in the form; reload to see theirs.`;
