import { z } from "zod";
import { defaultNotificationTemplates, extraStaffEmailsSchema, notificationTemplatesSchema } from "./notifications.schema";
import { MAX_SMS_PER_DAY, SMS_COUNTRIES_MESSAGE, SMS_COUNTRY_CODES, SMS_PER_DAY_MESSAGE } from "./sms-limits";
import { HOLD_BEFORE_PAYMENT_MESSAGE, MAX_UNPAID_HOLD_MINUTES, UNPAID_HOLD_MESSAGE } from "./unpaid-hold";
import { MAX_UNITS_PER_PRODUCT, UNITS_PER_PRODUCT_MESSAGE } from "./hold-limits";
import { MAX_RETENTION_YEARS, RETENTION_MESSAGE } from "./anonymise";
import { IDLE_MINUTES_MESSAGE, MAX_IDLE_MINUTES, MIN_IDLE_MINUTES } from "./staff-session";
import { DEFAULT_PRIVACY_POLICY } from "./privacy";

// Settings and site content (product.md §3), stored as JSON documents and validated on the way in and out.
// Shared by the back-office forms and the server.

const text = (max: number) => z.string().trim().max(max);
const id = z.string().trim().min(1).max(80);
/** A link or image address: http(s), a path on this site, or empty. */
const address = z
  .string()
  .trim()
  .max(2_000)
  .refine((value) => value === "" || value.startsWith("/") || /^https?:\/\//i.test(value), "Enter a web address.");

const paymentFieldSchema = z.object({ id, label: text(80), value: text(200) });
const paymentMethodSchema = z.object({
  id,
  name: text(80).min(1),
  enabled: z.boolean(),
  instructions: text(2_000),
  // A mobile-money short code such as *334#, dialled by the 'Pay with M-Pesa' button.
  ussdCode: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9*#]*$/, "Use digits, * and # only.")
    .nullable(),
  fields: z.array(paymentFieldSchema).max(20),
});
export const heroSlideSchema = z.object({
  id,
  src: address,
  alt: text(200).min(1, "Describe the image for people who cannot see it."),
  title: text(120),
  subtitle: text(300),
  link: address,
});
const floatingButtonSchema = z.object({
  enabled: z.boolean(),
  iconUrl: address,
  whatsappIconUrl: address,
  callIconUrl: address,
});
export const settingsSchema = z.object({
  storeName: text(80).min(1),
  paymentMethods: z.array(paymentMethodSchema).max(20),
  heroSlides: z.array(heroSlideSchema).max(12),
  fab: floatingButtonSchema,
  // Minutes an unpaid order holds its stock before the shop cancels it, 0 for ever (decision 033). Optional so
  // settings saved before it existed still read; unpaidHoldMinutes() gives them the default.
  unpaidHoldMinutes: z
    .number(UNPAID_HOLD_MESSAGE)
    .int(UNPAID_HOLD_MESSAGE)
    .min(0, UNPAID_HOLD_MESSAGE)
    .max(MAX_UNPAID_HOLD_MINUTES, UNPAID_HOLD_MESSAGE)
    .optional(),
  // Minutes an order nobody has started paying for holds its stock, 0 to use the full hold (decision 043).
  holdBeforePaymentMinutes: z
    .number(HOLD_BEFORE_PAYMENT_MESSAGE)
    .int(HOLD_BEFORE_PAYMENT_MESSAGE)
    .min(0, HOLD_BEFORE_PAYMENT_MESSAGE)
    .max(MAX_UNPAID_HOLD_MINUTES, HOLD_BEFORE_PAYMENT_MESSAGE)
    .optional(),
  // The most units of one product one order may have (decision 043); unitsPerProductPerOrder() gives the default.
  unitsPerProductPerOrder: z
    .number(UNITS_PER_PRODUCT_MESSAGE)
    .int(UNITS_PER_PRODUCT_MESSAGE)
    .min(1, UNITS_PER_PRODUCT_MESSAGE)
    .max(MAX_UNITS_PER_PRODUCT, UNITS_PER_PRODUCT_MESSAGE)
    .optional(),
  // Where staff emails go besides the Store Owner accounts (issue 12), as typed: addresses separated by commas
  // or new lines. Optional so settings saved before it existed still read.
  staffEmails: z
    .string()
    .max(6_000)
    .superRefine((typed, ctx) => {
      const parsed = extraStaffEmailsSchema.safeParse(typed);
      if (!parsed.success) ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
    })
    .optional(),
  // Personal details are removed from orders older than this many years (issue 25, decision 058); null or absent, never.
  removeDetailsAfterYears: z
    .number(RETENTION_MESSAGE)
    .int(RETENTION_MESSAGE)
    .min(1, RETENTION_MESSAGE)
    .max(MAX_RETENTION_YEARS, RETENTION_MESSAGE)
    .nullable()
    .optional(),
  // M-Pesa callbacks taken only from Safaricom's published addresses (decision 044). Optional so settings saved
  // before it existed still read; safaricomCallbacksOnly() gives them the default, off.
  mpesaCallbacksFromSafaricomOnly: z.boolean().optional(),
  // Where the shop's SMS may go, by calling code, and how many it starts sending a shop day, 0 for none (issue 21).
  // Optional so settings saved before they existed still read; sms-limits.ts gives the defaults.
  smsCountries: z.array(z.enum(SMS_COUNTRY_CODES, SMS_COUNTRIES_MESSAGE)).max(SMS_COUNTRY_CODES.length, SMS_COUNTRIES_MESSAGE).optional(),
  smsPerDay: z
    .number(SMS_PER_DAY_MESSAGE)
    .int(SMS_PER_DAY_MESSAGE)
    .min(0, SMS_PER_DAY_MESSAGE)
    .max(MAX_SMS_PER_DAY, SMS_PER_DAY_MESSAGE)
    .optional(),
  // Staff sessions (decision 045): minutes without use before a member is signed out, and whether Developers must
  // use two-step sign-in. Optional so settings saved before they existed still read; staff-session.ts gives the
  // defaults.
  staffIdleMinutes: z
    .number(IDLE_MINUTES_MESSAGE)
    .int(IDLE_MINUTES_MESSAGE)
    .min(MIN_IDLE_MINUTES, IDLE_MINUTES_MESSAGE)
    .max(MAX_IDLE_MINUTES, IDLE_MINUTES_MESSAGE)
    .optional(),
  requireTwoStepForDevelopers: z.boolean().optional(),
});

export const CONTACT_ICONS = ["Phone", "Mail", "MapPin"] as const;
export const contactInfoSchema = z.object({
  title: text(120),
  subtitle: text(500),
  contactFields: z
    .array(z.object({ id, label: text(80), value: text(300), icon: z.enum(CONTACT_ICONS) }))
    .max(20),
  socialLinks: z.array(z.object({ id, name: text(60), url: address, iconUrl: address })).max(20),
});

export const faqsSchema = z.object({
  items: z.array(z.object({ id, q: text(300).min(1), a: text(3_000).min(1) })).max(100),
});

export const ourStorySchema = z.object({ title: text(120), text: text(20_000), imageUrl: address });

// The privacy policy (issue 25): its text may hold {{SHOP_NAME}}, {{SHOP_EMAIL}} and {{SHOP_PHONE}} (privacy.ts).
export const privacySchema = z.object({ title: text(120).min(1), text: text(20_000).min(1) });

export const NOTIFICATION_DISPLAY_TYPES = ["popup", "toast", "modal"] as const;
export const notificationSchema = z.object({
  isActive: z.boolean(),
  title: text(120),
  message: text(1_000),
  link: address,
  linkLabel: text(60),
  displayType: z.enum(NOTIFICATION_DISPLAY_TYPES),
});

export const siteDocumentSchemas = {
  settings: settingsSchema,
  contactInfo: contactInfoSchema,
  faqs: faqsSchema,
  ourStory: ourStorySchema,
  notification: notificationSchema,
  messageTemplates: notificationTemplatesSchema,
  privacy: privacySchema,
} as const;
export type SiteDocumentKey = keyof typeof siteDocumentSchemas;
export type SiteDocument<K extends SiteDocumentKey> = z.infer<(typeof siteDocumentSchemas)[K]>;
export type Settings = SiteDocument<"settings">;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type HeroSlide = z.infer<typeof heroSlideSchema>;
export type ContactInfo = SiteDocument<"contactInfo">;
export type Faqs = SiteDocument<"faqs">;
export type ShopNotification = SiteDocument<"notification">;

/** What a document holds before anyone has saved it (product.md §7: created with defaults if absent). */
export const siteDocumentDefaults: { [K in SiteDocumentKey]: SiteDocument<K> } = {
  settings: {
    storeName: "Duka",
    paymentMethods: [],
    heroSlides: [],
    fab: { enabled: false, iconUrl: "", whatsappIconUrl: "", callIconUrl: "" },
  },
  contactInfo: { title: "Contact Us", subtitle: "", contactFields: [], socialLinks: [] },
  faqs: { items: [] },
  ourStory: { title: "Our Story", text: "", imageUrl: "" },
  notification: { isActive: false, title: "", message: "", link: "", linkLabel: "", displayType: "popup" },
  messageTemplates: defaultNotificationTemplates(),
  privacy: DEFAULT_PRIVACY_POLICY,
};
