import { z } from "zod";
import { defaultNotificationTemplates, extraStaffEmailsSchema, notificationTemplatesSchema } from "./notifications.schema";
import { MAX_UNPAID_HOLD_MINUTES, UNPAID_HOLD_MESSAGE } from "./unpaid-hold";

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
};
