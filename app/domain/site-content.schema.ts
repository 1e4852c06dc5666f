import { z } from "zod";
import {
  ASPECT_RATIOS,
  type EditableDocumentKey,
  errorFieldKey,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  LIST_LIMITS,
  PROMPT_MAX_CHARS,
  UNREADABLE_FORM_MESSAGE,
} from "./site-content";
import { notificationTemplatesSchema } from "./notifications.schema";
import { parsePostedJson } from "./posted-text";
import { privacyTextProblem } from "./privacy";
import {
  contactInfoSchema,
  faqsSchema,
  heroSlideSchema,
  ourStorySchema,
  privacySchema,
  type SiteDocument,
  settingsSchema,
} from "./site-documents.schema";

// What the settings and content editors post: the whole document as one JSON field, checked against the
// document's schema plus what only matters when a person edits it.

/** Big enough for every list at its limit; a larger post is refused before it is parsed. */
const MAX_POSTED_CHARS = 500_000;

type Issues = z.core.$RefinementCtx;

function noRepeatedIds(items: readonly { id: string }[], path: PropertyKey[], ctx: Issues) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      ctx.addIssue({ code: "custom", message: "This item appears twice. Please reload the page.", path: [...path, index] });
    seen.add(item.id);
  });
}

// A slide is a picture first: the document allows a blank image (it shows the placeholder), the editor does not.
const editedSlideSchema = heroSlideSchema.extend({
  src: heroSlideSchema.shape.src.refine((src) => src !== "", "Add the slide's image: paste its web address or upload one."),
});

const editorSchemas: { [K in EditableDocumentKey]: z.ZodType<SiteDocument<K>> } = {
  messageTemplates: notificationTemplatesSchema,
  settings: settingsSchema.extend({ heroSlides: z.array(editedSlideSchema).max(LIST_LIMITS.heroSlides) }).superRefine((settings, ctx) => {
    noRepeatedIds(settings.heroSlides, ["heroSlides"], ctx);
    noRepeatedIds(settings.paymentMethods, ["paymentMethods"], ctx);
    // Orders and the payment page find a method by its name.
    const names = new Set<string>();
    settings.paymentMethods.forEach((method, index) => {
      noRepeatedIds(method.fields, ["paymentMethods", index, "fields"], ctx);
      const name = method.name.toLowerCase();
      if (names.has(name)) {
        ctx.addIssue({ code: "custom", message: "Another payment method already has this name.", path: ["paymentMethods", index, "name"] });
      }
      names.add(name);
    });
  }),
  faqs: faqsSchema.superRefine((faqs, ctx) => noRepeatedIds(faqs.items, ["items"], ctx)),
  contactInfo: contactInfoSchema.superRefine((info, ctx) => {
    noRepeatedIds(info.contactFields, ["contactFields"], ctx);
    noRepeatedIds(info.socialLinks, ["socialLinks"], ctx);
  }),
  ourStory: ourStorySchema,
  // A mistyped placeholder would reach shoppers as braces, so it is named instead.
  privacy: privacySchema.superRefine((policy, ctx) => {
    for (const field of ["title", "text"] as const) {
      const problem = privacyTextProblem(policy[field]);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: [field] });
    }
  }),
};

/** Plain words for the document schemas' bare limits; a schema's own message (alt text, web address) wins. */
const editorMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "too_small" && issue.origin === "string") return "Please fill this in.";
  if (issue.code === "too_big" && issue.origin === "string") return `Please keep this to ${issue.maximum} characters.`;
  if (issue.code === "too_big" && issue.origin === "array") return `Please keep this list to ${issue.maximum} items.`;
  return "Please check this value.";
};

export type EditorParse<K extends EditableDocumentKey> =
  { ok: true; document: SiteDocument<K> } | { ok: false; errors: Record<string, string> };

/**
 * Reads an editor's post (`document`: the edited document as JSON). Problems come back keyed by field
 * (see errorFieldKey), the first one per field.
 */
export function parseEditorForm<K extends EditableDocumentKey>(key: K, fields: Record<string, string>): EditorParse<K> {
  const text = fields.document ?? "";
  let posted: unknown;
  try {
    if (text.length > MAX_POSTED_CHARS) throw new RangeError("too long");
    posted = parsePostedJson(text);
  } catch {
    return { ok: false, errors: { form: UNREADABLE_FORM_MESSAGE } };
  }
  const parsed = editorSchemas[key].safeParse(posted, { error: editorMessages });
  if (parsed.success) return { ok: true, document: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[errorFieldKey(issue.path, posted)] ??= issue.message;
  return { ok: false, errors };
}

const countMessage = `Choose from ${IMAGE_COUNT_MIN} to ${IMAGE_COUNT_MAX} images.`;

/** The image generator's prompt form (product.md §9: 1 to 4 images; five aspect ratios). */
export const imagePromptSchema = z.object({
  prompt: z
    .string("Please describe the image you want.")
    .trim()
    .min(1, "Please describe the image you want.")
    .max(PROMPT_MAX_CHARS, `Please keep the prompt to ${PROMPT_MAX_CHARS} characters.`),
  count: z.coerce.number(countMessage).int(countMessage).min(IMAGE_COUNT_MIN, countMessage).max(IMAGE_COUNT_MAX, countMessage),
  aspectRatio: z.enum(ASPECT_RATIOS, "Choose one of the aspect ratios."),
});
