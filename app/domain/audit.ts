import { shortOrderId } from "./order-id";

// The activity log (issue 10, decision 032): who changed what, and when, in the shop's own words.

/**
 * Who made a change: a signed-in staff member, the shop itself (auto-cancel), or an outside service acting for
 * the shop (M-Pesa confirming a payment).
 */
export type Actor = { kind: "staff"; email: string } | { kind: "shop" } | { kind: "service"; name: string };

export const THE_SHOP: Actor = { kind: "shop" };
export const MPESA: Actor = { kind: "service", name: "M-Pesa" };
export const staffActor = (email: string): Actor => ({ kind: "staff", email });

/** How the log names who acted: the staff member's email, the service's name, or 'the shop'. */
export const actorLabel = (entry: { staffEmail: string | null; service: string | null }): string =>
  entry.staffEmail ?? entry.service ?? "the shop";

/** What the log records changes of; each has its own timeline. */
export const AUDITED_ENTITIES = ["product", "category", "rider", "delivery", "promotion", "order", "payment", "customer", "notification", "settings", "content"] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

export const ENTITY_LABELS: Record<AuditedEntity, string> = {
  product: "Products",
  category: "Categories",
  rider: "Riders",
  delivery: "Delivery",
  promotion: "Promotions",
  order: "Orders",
  payment: "Payments",
  customer: "Customers",
  notification: "SMS and email",
  settings: "Site Settings",
  content: "Site Content",
};

export type AuditAction = "create" | "update" | "delete";

type Fields = Record<string, unknown>;
export type FieldChanges = { before: Fields; after: Fields };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two versions of a record, before and after; null when nothing changed (a
 * save that changes nothing leaves no entry). Fields missing from `after` are not compared.
 */
export function changedFields(before: Fields, after: Fields): FieldChanges | null {
  const changes: FieldChanges = { before: {}, after: {} };
  for (const [field, value] of Object.entries(after)) {
    if (same(before[field], value)) continue;
    changes.before[field] = before[field] ?? null;
    changes.after[field] = value;
  }
  return Object.keys(changes.after).length === 0 ? null : changes;
}

/** Staff-facing names of the fields the log records; a field not listed shows its own name. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  priceCents: "Price",
  compareAtCents: "Compare-at price",
  stock: "Stock",
  isVisible: "Visible",
  categoryId: "Category",
  description: "Description",
  details: "Details",
  images: "Images",
  sizes: "Sizes",
  colors: "Colours",
  material: "Material",
  culturalInspiration: "Cultural inspiration",
  isBestseller: "Bestseller",
  isNewArrival: "New arrival",
  phone: "Phone",
  status: "Status",
  paymentStatus: "Payment",
  rider: "Rider",
  isArchived: "Archived",
  clientName: "Client name",
  clientAddress: "Client address",
  clientPhone: "Client phone",
  stockTaken: "Stock taken",
  paymentReminder: "Payment reminder",
  state: "State",
  orderId: "Order",
  attempts: "Attempts",
  lastError: "Last error",
  mpesaPhone: "M-Pesa phone",
  kind: "Kind",
  areas: "Areas",
  deliveryTime: "Delivery time",
  directions: "Directions",
  openingHours: "Opening hours",
  feeCents: "Fee",
  freeFromCents: "Free delivery from",
  payOnDelivery: "Pay on delivery",
  payOnDeliveryUpToCents: "Pay on delivery up to",
  isActive: "On",
  code: "Code",
  value: "Value",
  appliesTo: "Applies to",
  categoryIds: "Categories",
  productIds: "Products",
  minSubtotalCents: "Minimum subtotal",
  startsAt: "Starts",
  endsAt: "Ends",
  totalUses: "Total uses",
  usesPerPhone: "Uses per phone",
  combinesWithAutomatic: "Combines with automatic offers",
  position: "Position",
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

const MAX_SHOWN_CHARS = 80;

/** A recorded value as one short line of text: lists joined, long text cut, yes/no for switches. */
export function shownValue(field: string, value: unknown, formatCents: (cents: number) => string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field.endsWith("Cents") && typeof value === "number") return formatCents(value);
  const text = Array.isArray(value) ? value.map(String).join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS - 1)}…` : text;
}

/** Entries shown per page of the activity list. */
export const ACTIVITY_PER_PAGE = 50;

/** The activity list's address for a filter and page, leaving out what is not set. */
export function activityHref(filter: { entity?: AuditedEntity; staff?: string }, page = 1): string {
  const query = new URLSearchParams();
  if (filter.entity) query.set("entity", filter.entity);
  if (filter.staff) query.set("staff", filter.staff);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/admin/activity?${text}` : "/admin/activity";
}

const DOCUMENT_EDITORS: Record<string, string> = {
  settings: "/admin/settings",
  faqs: "/admin/faq",
  contactInfo: "/admin/contact",
  ourStory: "/admin/our-story",
  privacy: "/admin/privacy",
  notification: "/admin/dashboard",
};

/** Where staff see the record an entry is about; null for a record that has no page of its own. */
export function recordHref(entity: AuditedEntity, entityId: string): string | null {
  switch (entity) {
    case "product":
      return `/admin/products/edit/${encodeURIComponent(entityId)}`;
    case "order":
      return `/admin/orders?order=${encodeURIComponent(entityId)}`;
    case "category":
      return "/admin/categories";
    case "rider":
      return "/admin/riders";
    case "delivery":
      return "/admin/delivery";
    case "promotion":
      return "/admin/promotions";
    case "payment":
      return "/admin/orders/unmatched-payments";
    case "notification":
      return "/admin/notifications-log";
    // An anonymised customer's page is gone with their phone (decision 058).
    case "customer":
      return null;
    case "settings":
    case "content":
      return DOCUMENT_EDITORS[entityId] ?? null;
  }
}

const SINGULAR: Record<AuditedEntity, string> = {
  product: "Product",
  category: "Category",
  rider: "Rider",
  delivery: "Delivery option",
  promotion: "Promotion",
  order: "Order",
  payment: "Payment",
  customer: "Customer",
  notification: "Message",
  settings: "Site Settings",
  content: "Site Content",
};

const DOCUMENT_NAMES: Record<string, string> = {
  faqs: "FAQs",
  contactInfo: "Contact Info",
  ourStory: "Our Story",
  privacy: "Privacy Policy",
  notification: "Notification",
};

/**
 * How the activity list names a record: by its name where it has one ("Product Kikoy Wrap"), the order's short
 * number, or the document's title.
 */
export function recordLabel(entity: AuditedEntity, entityId: string, name: string | null): string {
  if (entity === "settings") return SINGULAR.settings;
  if (entity === "content") return DOCUMENT_NAMES[entityId] ?? entityId;
  if (entity === "order") return `Order #${shortOrderId(entityId)}`;
  // A payment's log entries are kept under its M-Pesa receipt, which staff find on their statement.
  if (entity === "payment") return `Payment ${entityId}`;
  return name === null ? SINGULAR[entity] : `${SINGULAR[entity]} ${name}`;
}
