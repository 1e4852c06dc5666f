import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Quotes a list of literals for a CHECK ... IN (...) constraint. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));

// Kept here (not imported from app/domain) so drizzle-kit can load this file on its own; a unit test checks
// they match the domain's lists.
export const ORDER_STATUS_VALUES = ["Pending Payment", "Processing", "Out for Delivery", "Delivered", "Cancelled"] as const;
export const PAYMENT_STATUS_VALUES = ["Unpaid", "Paid"] as const;
export const STAFF_ROLE_VALUES = ["owner", "developer"] as const;
export const DELIVERY_OPTION_KINDS = ["zone", "pick-up"] as const;
export const PROMOTION_KIND_VALUES = ["percent", "amount", "free-delivery"] as const;
export const PROMOTION_SCOPE_VALUES = ["everything", "categories", "products"] as const;
export const SITE_DOCUMENT_KEYS = ["settings", "contactInfo", "faqs", "ourStory", "notification", "messageTemplates", "privacy"] as const;
export const CONSENT_SOURCE_VALUES = ["checkout", "staff", "sms-reply", "opt-out-link"] as const;

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * Integer cents in 64 bits: a line of KSH 10,000,000 items, or a year of sales, overflows 32 bits. Read as a
 * JavaScript number, exact up to KSH 90 trillion.
 */
const cents = (name: string) => bigint(name, { mode: "number" });

/**
 * What a staff form was loaded from (decision 031): every staff save bumps it, and a save that names an older
 * one is refused, so no save silently overwrites a change it never saw.
 */
const editVersion = () => integer("version").notNull().default(1);

export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    version: editVersion(),
    createdAt: createdAt(),
  },
  (t) => [check("categories_name_present", sql`length(trim(${t.name})) > 0`)],
);

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    sku: text("sku").notNull(),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "restrict" }),
    priceCents: cents("price_cents").notNull().default(0),
    // The "was" price shown struck through when it is above the price (decision 049); null when none.
    compareAtCents: cents("compare_at_cents"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    description: text("description").notNull().default(""),
    details: text("details")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text("sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text("colors")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    culturalInspiration: text("cultural_inspiration").notNull().default(""),
    material: text("material").notNull().default(""),
    isBestseller: boolean("is_bestseller").notNull().default(false),
    isNewArrival: boolean("is_new_arrival").notNull().default(false),
    stock: integer("stock").notNull().default(0),
    isVisible: boolean("is_visible").notNull().default(true),
    // Staff edits bump it; stock taken by an order does not (the form guards stock on its own, decision 031).
    version: editVersion(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // What the shop's search matches (product.md §5 and decision 011), lowercased, the fields parted by a character
    // nobody types, so one trigram index answers a search over a large catalogue.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(name || chr(31) || description || chr(31) || cultural_inspiration || chr(31) || material)`),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    uniqueIndex("products_sku_unique").on(t.sku),
    check("products_price_not_negative", sql`${t.priceCents} >= 0`),
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
    check("products_compare_at_not_negative", sql`${t.compareAtCents} >= 0`),
    check("products_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check("products_review_count_not_negative", sql`${t.reviewCount} >= 0`),
    check("products_name_present", sql`length(trim(${t.name})) > 0`),
    // The shop lists visible products by category and price; the home page by newest.
    index("products_visible_category_price").on(t.isVisible, t.categoryId, t.priceCents),
    index("products_visible_created").on(t.isVisible, t.createdAt),
    index("products_name_trgm").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // Search suggestions: names starting with the text, in order, whatever the database's collation.
    index("products_name_lower").on(sql`(lower(${t.name}) collate "C")`),
    index("products_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("products_category").on(t.categoryId),
  ],
);

/** A product's former slugs, so links to a renamed product still find it (301). */
/**
 * A product's sizes and colours that keep stock of their own (decision 049): one row per combination (size or colour
 * '' when the product has none of them). A product with rows sells from them, and its own stock is their total; a
 * product without sells from its own stock (product.md §4). Written only under the product's row lock, which covers
 * its variants.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    stock: integer("stock").notNull().default(0),
    // Null: the product's price (and compare-at price).
    priceCents: cents("price_cents"),
    compareAtCents: cents("compare_at_cents"),
    sku: text("sku").notNull().default(""),
  },
  (t) => [
    uniqueIndex("product_variants_combination").on(t.productId, t.size, t.color),
    check("product_variants_stock_not_negative", sql`${t.stock} >= 0`),
    check("product_variants_price_not_negative", sql`${t.priceCents} >= 0`),
    check("product_variants_compare_at_not_negative", sql`${t.compareAtCents} >= 0`),
  ],
);

export const productSlugHistory = pgTable(
  "product_slug_history",
  {
    slug: text("slug").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("product_slug_history_product").on(t.productId)],
);

export const riders = pgTable(
  "riders",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    version: editVersion(),
    createdAt: createdAt(),
  },
  (t) => [check("riders_name_present", sql`length(trim(${t.name})) > 0`)],
);

// How orders reach shoppers (issue 23, decision 053): delivery zones and pick-up points, in the order checkout lists
// them. None switched on: checkout asks nothing and an order's total is its subtotal (product.md §1).
export const deliveryOptions = pgTable(
  "delivery_options",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: DELIVERY_OPTION_KINDS }).notNull(),
    name: text("name").notNull(),
    // A zone's areas, as staff write them ("Westlands, Kilimani, Lavington").
    areas: text("areas").notNull().default(""),
    // A zone's delivery time as shoppers read it ("1–2 days").
    deliveryTime: text("delivery_time").notNull().default(""),
    // A pick-up point's directions and opening hours.
    directions: text("directions").notNull().default(""),
    openingHours: text("opening_hours").notNull().default(""),
    feeCents: cents("fee_cents").notNull().default(0),
    // A zone's "Free delivery from" subtotal; null: never free.
    freeFromCents: cents("free_from_cents"),
    // Whether a zone lets shoppers pay on delivery, and up to what total (null: any); pick-up points never do (decision 054).
    payOnDelivery: boolean("pay_on_delivery").notNull().default(false),
    payOnDeliveryUpToCents: cents("pay_on_delivery_up_to_cents"),
    isActive: boolean("is_active").notNull().default(true),
    position: integer("position").notNull(),
    version: editVersion(),
    createdAt: createdAt(),
  },
  (t) => [
    check("delivery_options_kind_known", sql`${t.kind} in (${oneOf(DELIVERY_OPTION_KINDS)})`),
    check("delivery_options_name_present", sql`length(trim(${t.name})) > 0`),
    check("delivery_options_fee_not_negative", sql`${t.feeCents} >= 0`),
    check("delivery_options_free_from_above_zero", sql`${t.freeFromCents} > 0`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    trackingId: text("tracking_id").notNull(),
    clientName: text("client_name").notNull(),
    clientAddress: text("client_address").notNull(),
    clientPhone: text("client_phone").notNull(),
    // Digits only, so a lookup by phone ignores spaces and the plus sign.
    clientPhoneDigits: text("client_phone_digits")
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(client_phone, '[^0-9]', '', 'g')`),
    // What the shopper pays: the lines' subtotal, less the discount, plus the delivery fee (decisions 053, 056).
    totalCents: cents("total_cents").notNull(),
    // The sum of the order's discount lines (order_discounts), kept here so totals and reports read one row.
    discountCents: cents("discount_cents").notNull().default(0),
    // The delivery fee the order was placed with, kept when fees change later, and the option's name as the shopper
    // chose it ("Nairobi CBD", "Pick up: Moi Avenue shop"); 0 and '' when the shop offered no choice.
    deliveryFeeCents: cents("delivery_fee_cents").notNull().default(0),
    delivery: text("delivery").notNull().default(""),
    status: text("status", { enum: ORDER_STATUS_VALUES }).notNull().default("Pending Payment"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUS_VALUES }).notNull().default("Unpaid"),
    paymentMethod: text("payment_method").notNull(),
    // Paid to the rider at the door (decision 054): never cancelled by the hold time. Code tests this, never the name.
    payOnDelivery: boolean("pay_on_delivery").notNull().default(false),
    riderId: text("rider_id").references(() => riders.id, { onDelete: "set null" }),
    isArchived: boolean("is_archived").notNull().default(false),
    // The client details dialog's version: only a change to the client's details bumps it, so a colleague
    // setting the status does not refuse a correction of the address.
    clientDetailsVersion: integer("client_details_version").notNull().default(1),
    // Set once, in the transaction that first makes the order Delivered and Paid (product.md §4 stock rule).
    stockTakenAt: timestamp("stock_taken_at", { withTimezone: true, mode: "date" }),
    // The checkout form's one-time key: a resubmitted form finds the order it already placed.
    idempotencyKey: text("idempotency_key"),
    // The short code a shopper types as the M-Pesa account number (issue 11): the id's first 10 characters in
    // capitals, as domain/mpesa.ts orderCode says; payments.test.ts checks the two agree. Not unique on purpose: a
    // paybill payment matching two orders goes to staff rather than to a guess.
    orderCode: text("order_code")
      .notNull()
      .generatedAlwaysAs(sql`upper(substr(id, 1, 10))`),
    orderDate: timestamp("order_date", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // The client network the checkout came from (clientNetwork: an IPv4 address, an IPv6 /64), so unpaid orders from
    // one network hold at most so many units (decision 043); null for orders placed otherwise.
    clientNetwork: text("client_network"),
  },
  (t) => [
    uniqueIndex("orders_tracking_id_unique").on(t.trackingId),
    uniqueIndex("orders_idempotency_key_unique").on(t.idempotencyKey),
    index("orders_phone_digits").on(t.clientPhoneDigits),
    index("orders_order_code").on(t.orderCode),
    index("orders_date").on(t.orderDate),
    index("orders_archived_date").on(t.isArchived, t.orderDate),
    // The orders the hold-time sweep looks at every minute (decision 033): a handful, however many orders there are.
    // Its condition is awaitingPaymentSql (order-state.server.ts) written out, as importing it here would be circular
    // (decision 042); queries must keep the same text for PostgreSQL to use the index.
    index("orders_awaiting_payment_date")
      .on(t.orderDate)
      .where(sql`${t.status} = 'Pending Payment' and ${t.paymentStatus} = 'Unpaid' and ${t.isArchived} = false`),
    // What unpaid orders from one network hold, read by every checkout that counts it (decision 043).
    index("orders_awaiting_payment_network")
      .on(t.clientNetwork)
      .where(sql`${t.status} = 'Pending Payment' and ${t.paymentStatus} = 'Unpaid' and ${t.isArchived} = false`),
    check("orders_status_known", sql`${t.status} in (${oneOf(ORDER_STATUS_VALUES)})`),
    check("orders_payment_status_known", sql`${t.paymentStatus} in (${oneOf(PAYMENT_STATUS_VALUES)})`),
    check("orders_total_not_negative", sql`${t.totalCents} >= 0`),
    check("orders_delivery_fee_not_negative", sql`${t.deliveryFeeCents} >= 0`),
    check("orders_discount_not_negative", sql`${t.discountCents} >= 0`),
    // A free-delivery code may take off all of the fee: the fee is within what the order charges before its discount.
    check("orders_delivery_fee_within_total", sql`${t.deliveryFeeCents} <= ${t.totalCents} + ${t.discountCents}`),
  ],
);

/** What was bought, as it was when the order was placed: later price or name changes never alter it. */
/**
 * Each customer's figures (issue 25, decision 057): their orders grouped by the phone's digits, kept by triggers on
 * `orders` (migration 0019) in the statement that changes an order, so the Customers list reads 50 rows rather than
 * grouping every order. Derived: never written by the app, not backed up, rebuilt by a restore's inserts.
 */
export const customerTotals = pgTable(
  "customer_totals",
  {
    phoneDigits: text("phone_digits").primaryKey(),
    latestName: text("latest_name").notNull().default(""),
    orderCount: integer("order_count").notNull().default(0),
    // The totals of the customer's paid orders.
    spentCents: cents("spent_cents").notNull().default(0),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_totals_by_spent").on(t.spentCents.desc(), t.lastOrderAt.desc(), t.phoneDigits),
    index("customer_totals_by_last_order").on(t.lastOrderAt.desc(), t.phoneDigits),
    // Searches by any part of the name or the phone, as the list's search box asks.
    index("customer_totals_name_trgm").using("gin", sql`lower(${t.latestName}) gin_trgm_ops`),
    index("customer_totals_phone_trgm").using("gin", sql`${t.phoneDigits} gin_trgm_ops`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    image: text("image"),
    unitPriceCents: cents("unit_price_cents").notNull(),
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index("order_lines_product").on(t.productId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("order_lines_price_not_negative", sql`${t.unitPriceCents} >= 0`),
  ],
);

/**
 * A discount code or an automatic offer (issue 24, decision 056). The code is kept in capitals and is unique; an
 * automatic offer has none. What it applies to is a list of category or product ids, by `applies_to`.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: text("id").primaryKey(),
    code: text("code"),
    name: text("name").notNull().default(""),
    kind: text("kind", { enum: PROMOTION_KIND_VALUES }).notNull(),
    // Percent off: 1–100. Amount off: cents (whole shillings). Free delivery: 0.
    value: cents("value").notNull().default(0),
    appliesTo: text("applies_to", { enum: PROMOTION_SCOPE_VALUES }).notNull().default("everything"),
    categoryIds: jsonb("category_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    productIds: jsonb("product_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    minSubtotalCents: cents("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    totalUses: integer("total_uses"),
    usesPerPhone: integer("uses_per_phone"),
    combinesWithAutomatic: boolean("combines_with_automatic").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    version: editVersion(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promotions_code_unique").on(t.code),
    check("promotions_kind_known", sql`${t.kind} in (${oneOf(PROMOTION_KIND_VALUES)})`),
    check("promotions_applies_to_known", sql`${t.appliesTo} in (${oneOf(PROMOTION_SCOPE_VALUES)})`),
    check("promotions_code_or_name", sql`${t.code} is not null or length(trim(${t.name})) > 0`),
    check("promotions_code_capitals", sql`${t.code} ~ '^[A-Z0-9]{3,30}$'`),
    check(
      "promotions_value_fits_kind",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'amount' and ${t.value} > 0) or (${t.kind} = 'free-delivery' and ${t.value} = 0)`,
    ),
    check("promotions_min_subtotal_not_negative", sql`${t.minSubtotalCents} >= 0`),
    check("promotions_uses_positive", sql`${t.totalUses} > 0 and ${t.usesPerPhone} > 0`),
    check("promotions_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * An order's discount lines, as it was placed: the label ("EASTER10", an offer's name) and the amount are copied, so
 * later changes to the promotion never alter the order. They are also the promotion's uses: every order not
 * cancelled counts (decision 056).
 */
export const orderDiscounts = pgTable(
  "order_discounts",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    promotionId: text("promotion_id").references(() => promotions.id, { onDelete: "set null" }),
    label: text("label").notNull(),
    amountCents: cents("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index("order_discounts_promotion").on(t.promotionId),
    check("order_discounts_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

export const staffUsers = pgTable(
  "staff_users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role", { enum: STAFF_ROLE_VALUES }).notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    // Two-step sign-in (decision 045): the authenticator app's secret once confirmed (null while off), the one
    // being set up, the last time step a code was taken from (a code works once), and the unused recovery
    // codes' SHA-256 hashes.
    twoStepSecret: text("two_step_secret"),
    twoStepPendingSecret: text("two_step_pending_secret"),
    twoStepLastStep: integer("two_step_last_step"),
    twoStepRecoveryCodes: text("two_step_recovery_codes").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex("staff_users_email_unique").on(sql`lower(${t.email})`),
    check("staff_users_role_known", sql`${t.role} in (${oneOf(STAFF_ROLE_VALUES)})`),
    check("staff_users_hash_is_argon2id", sql`${t.passwordHash} like '$argon2id$%'`),
  ],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    // SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies.
    tokenHash: text("token_hash").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    // What the member's sessions list names it by: the token's hash never leaves the server.
    id: text("id").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    // Written at most once a minute per session (decision 045): the idle timeout counts from it.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    userAgent: text("user_agent").notNull().default(""),
    // The password was right and a two-step code is still to come: no access yet.
    awaitingSecondStep: boolean("awaiting_second_step").notNull().default(false),
  },
  (t) => [
    index("staff_sessions_staff").on(t.staffId),
    index("staff_sessions_expires").on(t.expiresAt),
    uniqueIndex("staff_sessions_id").on(t.id),
  ],
);

/**
 * Each change of a phone's consent to marketing (issue 25, decision 057), never updated: the latest change decides
 * (domain/consent.ts hasConsent; consent.server.ts asks the same in SQL, and a test checks the two agree). Keyed by
 * the phone's digits, as orders link phones; `staff_email` is who changed it when staff did.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: text("id").primaryKey(),
    phoneDigits: text("phone_digits").notNull(),
    agreed: boolean("agreed").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    source: text("source", { enum: CONSENT_SOURCE_VALUES }).notNull(),
    staffEmail: text("staff_email"),
  },
  (t) => [
    index("consent_events_phone_at").on(t.phoneDigits, t.at),
    check("consent_events_source_known", sql`${t.source} in (${oneOf(CONSENT_SOURCE_VALUES)})`),
    check("consent_events_phone_digits", sql`${t.phoneDigits} ~ '^[0-9]+$'`),
  ],
);

/** Settings and site content: one JSON document per key, validated by Zod on the way in and out. */
export const siteDocuments = pgTable(
  "site_documents",
  {
    key: text("key").primaryKey(),
    value: jsonb("value").notNull(),
    version: editVersion(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("site_documents_key_known", sql`${t.key} in (${oneOf(SITE_DOCUMENT_KEYS)})`)],
);

/** Facts about the database itself, such as when the sample data was written. */
export const shopMeta = pgTable("shop_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for rate limits (tracking lookups, sign-in attempts). In the database rather than in
 * memory, so every app process behind a load balancer counts the same client together.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_limits_window").on(t.windowStart)],
);

/**
 * Who changed what, and when: every staff change and every change the shop makes by itself, written in the
 * transaction of the change (decision 032). Only the fields that changed are kept, before and after. Entries
 * are never updated or deleted: a trigger in the migration refuses it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    // The staff member's email as it was; null when the shop acted by itself.
    staffEmail: text("staff_email"),
    // The outside service that acted for the shop ('M-Pesa'), when one did.
    service: text("service"),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    note: text("note"),
  },
  (t) => [
    index("audit_log_entity").on(t.entity, t.entityId, t.at),
    index("audit_log_at").on(t.at),
    index("audit_log_staff").on(t.staffEmail, t.at),
  ],
);

export const PAYMENT_REQUEST_STATES = ["sending", "not sent", "waiting", "paid", "failed", "receipt pending"] as const;
export const PAYMENT_STATES = ["confirming", "applied", "unmatched", "dismissed"] as const;
export const PAYMENT_PROBLEMS = [
  "no order",
  "wrong amount",
  "already paid",
  "order closed",
  "unknown request",
  "not confirmed",
  "confirmation unanswered",
  "cannot confirm",
] as const;

/**
 * M-Pesa Express requests the shop sent to a shopper's phone (issue 11): reserved as 'sending' before Daraja
 * is asked, so a resend within the wait is refused however many processes take the form; 'waiting' once
 * Daraja took it, until its callback or the status query answers. Only a CheckoutRequestID found here can pay
 * an order.
 */
export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    phoneMasked: text("phone_masked").notNull(),
    amountCents: cents("amount_cents").notNull(),
    state: text("state", { enum: PAYMENT_REQUEST_STATES }).notNull().default("sending"),
    checkoutRequestId: text("checkout_request_id"),
    merchantRequestId: text("merchant_request_id"),
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    receipt: text("receipt"),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    // When the shop next asks Daraja about a request no callback answered; also a lease, pushed forward by
    // the process that claims it, so only one process asks at a time.
    queryAfter: timestamp("query_after", { withTimezone: true, mode: "date" }),
    queries: integer("queries").notNull().default(0),
  },
  (t) => [
    uniqueIndex("payment_requests_checkout_request_id").on(t.checkoutRequestId),
    index("payment_requests_order").on(t.orderId, t.requestedAt),
    index("payment_requests_to_query").on(t.queryAfter).where(sql`${t.state} = 'waiting'`),
    check("payment_requests_state_known", sql`${t.state} in (${oneOf(PAYMENT_REQUEST_STATES)})`),
  ],
);

/**
 * The payments ledger (issue 11): every payment M-Pesa reported, applied to its order or waiting for staff.
 * The receipt is unique, so a callback or confirmation sent again is recorded once and applied once.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    receipt: text("receipt").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    amountCents: cents("amount_cents").notNull(),
    method: text("method").notNull(),
    // What the payer typed as account number (paybill), or the request it answered (M-Pesa Express).
    reference: text("reference").notNull().default(""),
    phoneMasked: text("phone_masked").notNull().default(""),
    payerName: text("payer_name").notNull().default(""),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }).notNull(),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    problem: text("problem", { enum: PAYMENT_PROBLEMS }),
    settledBy: text("settled_by"),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    // A paybill payment being confirmed with M-Pesa's Transaction Status (decision 044): when the shop next asks,
    // also a lease pushed forward by the process that claims it, so one process asks at a time; how often it
    // asked; and the ConversationID of its latest question, which M-Pesa's answer names.
    queryAfter: timestamp("query_after", { withTimezone: true, mode: "date" }),
    queries: integer("queries").notNull().default(0),
    conversationId: text("conversation_id"),
  },
  (t) => [
    uniqueIndex("payments_receipt").on(t.receipt),
    index("payments_order").on(t.orderId),
    index("payments_unmatched").on(t.paidAt).where(sql`${t.state} = 'unmatched'`),
    index("payments_to_confirm").on(t.queryAfter).where(sql`${t.state} = 'confirming'`),
    index("payments_conversation").on(t.conversationId),
    check("payments_state_known", sql`${t.state} in (${oneOf(PAYMENT_STATES)})`),
    check("payments_amount_not_negative", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Campaigns (issue 25): an email to confirmed newsletter subscribers and/or an SMS to customers who agreed to marketing,
 * written by staff and sent once. Its messages are rows of the outbox (notifications.campaign_id), each checked against
 * consent again when claimed to send.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    emailSubject: text("email_subject").notNull().default(""),
    emailText: text("email_text").notNull().default(""),
    smsText: text("sms_text").notNull().default(""),
    emailRecipients: integer("email_recipients").notNull().default(0),
    smsRecipients: integer("sms_recipients").notNull().default(0),
    sentBy: text("sent_by").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("campaigns_sent_at").on(t.sentAt)],
);

export const NOTIFICATION_CHANNELS = ["sms", "email"] as const;
/**
 * A message's life: waiting to be sent (again), sent, given up after the last attempt or refused for good by
 * the gateway, or not sent because its channel was not configured when it was written.
 */
export const NOTIFICATION_STATES = ["pending", "sent", "failed", "not sent"] as const;

/**
 * The outbox (issue 12): each SMS and email is written in the transaction of the change that causes it and
 * sent afterwards by whichever process claims it. The key (event, channel, recipient) is unique, so an event
 * is never queued twice.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    message: text("message").notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    html: text("html"),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    state: text("state", { enum: NOTIFICATION_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // When the message is next due; also a lease, pushed forward by the process that claims it to send, so
    // one process sends it at a time and a process killed mid-send leaves it to be sent again.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    // The campaign a marketing message belongs to (issue 25), and for a campaign email the one-click unsubscribe address
    // its List-Unsubscribe header gives (RFC 8058); null for every other message.
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    unsubscribeUrl: text("unsubscribe_url"),
    // The shop day (YYYY-MM-DD) an SMS was counted against the daily SMS budget, when it was first claimed to
    // send that day (issue 21); null until then, and for emails.
    countedOn: text("counted_on"),
  },
  (t) => [
    uniqueIndex("notifications_key").on(t.key),
    index("notifications_due").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("notifications_log").on(t.createdAt),
    index("notifications_order").on(t.orderId),
    index("notifications_campaign").on(t.campaignId, t.state),
    index("notifications_counted_on").on(t.countedOn).where(sql`${t.countedOn} is not null`),
    check("notifications_channel_known", sql`${t.channel} in (${oneOf(NOTIFICATION_CHANNELS)})`),
    check("notifications_state_known", sql`${t.state} in (${oneOf(NOTIFICATION_STATES)})`),
  ],
);

export const SUBSCRIBER_STATES = ["unconfirmed", "confirmed", "unsubscribed"] as const;

/**
 * The newsletter's subscribers (issue 12): an address is confirmed through the link emailed to it (double
 * opt-in) and leaves through the link in every newsletter email; the token is the only secret in both links.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    email: text("email").primaryKey(),
    state: text("state", { enum: SUBSCRIBER_STATES }).notNull().default("unconfirmed"),
    token: text("token").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true, mode: "date" }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_token").on(t.token),
    check("newsletter_subscribers_state_known", sql`${t.state} in (${oneOf(SUBSCRIBER_STATES)})`),
    check("newsletter_subscribers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const CATALOGUE_FORMAT_VALUES = ["duka", "shopify", "woocommerce"] as const;
export const CATALOGUE_IMPORT_STATES = ["previewed", "importing images", "writing", "done", "failed"] as const;
export const CATALOGUE_IMPORT_RUNNING_STATES = ["importing images", "writing"] as const;

/**
 * Catalogue imports (issue 13, decision 040): the file's products as read, kept from the preview until the
 * import is confirmed, then its progress and outcome. `progress_at` is pushed forward while an import works, so
 * one whose process died is seen (no progress for a while) and reported failed. At most one import runs at once.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: text("id").primaryKey(),
    staffEmail: text("staff_email").notNull(),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: CATALOGUE_FORMAT_VALUES }).notNull(),
    state: text("state", { enum: CATALOGUE_IMPORT_STATES }).notNull().default("previewed"),
    rowsTotal: integer("rows_total").notNull(),
    rowsDone: integer("rows_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    rowsWithProblems: integer("rows_with_problems").notNull().default(0),
    newCategories: jsonb("new_categories").notNull().default(sql`'[]'::jsonb`),
    // The first problems by row (a file can have one on every cell), and how many there are in all.
    problems: jsonb("problems").notNull().default(sql`'[]'::jsonb`),
    problemCount: integer("problem_count").notNull().default(0),
    // The products as the file describes them; dropped once the import has finished.
    drafts: jsonb("drafts"),
    error: text("error"),
    createdAt: createdAt(),
    progressAt: timestamp("progress_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("catalogue_imports_created").on(t.createdAt),
    // One import writes at a time: a second row entering these states fails, whatever raced to put it there.
    uniqueIndex("catalogue_imports_one_running")
      .on(sql`(true)`)
      .where(sql`${t.state} in (${oneOf(CATALOGUE_IMPORT_RUNNING_STATES)})`),
    check("catalogue_imports_format_known", sql`${t.format} in (${oneOf(CATALOGUE_FORMAT_VALUES)})`),
    check("catalogue_imports_state_known", sql`${t.state} in (${oneOf(CATALOGUE_IMPORT_STATES)})`),
  ],
);

/**
 * Images the catalogue import fetched into uploads, by the address they came from: importing the same file
 * again finds them here, so its preview says "unchanged" and nothing is fetched twice.
 */
export const importedImages = pgTable("imported_images", {
  sourceUrl: text("source_url").primaryKey(),
  uploadUrl: text("upload_url").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull(),
});
