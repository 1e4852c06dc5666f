import { THE_SHOP } from "~/domain/audit";
import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, expect, test } from "vitest";
import { CATEGORY_NAME_MAX_CHARS } from "~/domain/category";
import { orderSubtotalCents } from "~/domain/money";
import { NOTIFICATION_STATES } from "~/domain/notification-log";
import { SUBSCRIBER_STATES } from "~/domain/subscribers";
import { CLIENT_ADDRESS_MAX_CHARS, CLIENT_NAME_MAX_CHARS } from "~/domain/order-admin";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/domain/order-status";
import { isValidPhone } from "~/domain/phone";
import { storableText } from "~/domain/posted-text";
import { MAX_LIST_ENTRY_CHARS, MAX_PRICE_KSH, MAX_STOCK, PRODUCT_NAME_MAX_CHARS } from "~/domain/product";
import { RIDER_NAME_MAX_CHARS } from "~/domain/rider";
import {
  MAX_DELIVERY_KSH,
  NAME_MAX_CHARS as DELIVERY_NAME_MAX_CHARS,
  TEXT_MAX_CHARS as DELIVERY_TEXT_MAX_CHARS,
} from "~/domain/delivery.schema";
import { REPORT_PERIODS } from "~/domain/report-period";
import { ASPECT_RATIOS } from "~/domain/site-content";
import { NOTIFICATION_DISPLAY_TYPES, type SiteDocumentKey, siteDocumentSchemas } from "~/domain/site-documents.schema";
import { action as categoriesAction, loader as categoriesLoader } from "~/routes/admin/categories";
import { action as contactAction, loader as contactLoader } from "~/routes/admin/contact";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as faqAction, loader as faqLoader } from "~/routes/admin/faq";
import { action as imageGeneratorAction, loader as imageGeneratorLoader } from "~/routes/admin/image-generator";
import { loader as adminIndexLoader } from "~/routes/admin/index";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as notificationsLogAction, loader as notificationsLogLoader } from "~/routes/admin/notifications-log";
import { loader as subscribersLoader } from "~/routes/admin/subscribers";
import { action as logoutAction, loader as logoutLoader } from "~/routes/admin/logout";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { action as ourStoryAction, loader as ourStoryLoader } from "~/routes/admin/our-story";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { action as productNewAction, loader as productNewLoader } from "~/routes/admin/product-new";
import { action as productsAction, loader as productsLoader } from "~/routes/admin/products";
import { action as productImportAction, loader as productImportLoader } from "~/routes/admin/product-import";
import { action as importPreviewAction, loader as importPreviewLoader } from "~/routes/admin/product-import-preview";
import { loader as productsExportLoader } from "~/routes/admin/products-export-csv";
import { loader as ordersExportLoader } from "~/routes/admin/orders-export-csv";
import { loader as reportsLoader } from "~/routes/admin/reports";
import { loader as reportsCsvLoader } from "~/routes/admin/reports-csv";
import { action as ridersAction, loader as ridersLoader } from "~/routes/admin/riders";
import { action as deliveryAction, loader as deliveryLoader } from "~/routes/admin/delivery";
import { loader as seoReportLoader } from "~/routes/admin/seo-report";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as unmatchedPaymentsAction, loader as unmatchedPaymentsLoader } from "~/routes/admin/unmatched-payments";
import { loader as adminSearchLoader } from "~/routes/resources/admin-search";
import { action as uploadAction } from "~/routes/resources/admin-upload";
import { loader as bagProductsLoader } from "~/routes/resources/bag-products";
import { loader as eventsLoader } from "~/routes/resources/events";
import { loader as healthLoader } from "~/routes/resources/health";
import { loader as productCountLoader } from "~/routes/resources/product-count";
import { loader as robotsLoader } from "~/routes/resources/robots";
import { loader as sitemapLoader } from "~/routes/resources/sitemap";
import { loader as suggestionsLoader } from "~/routes/resources/suggestions";
import { loader as aboutLoader } from "~/routes/shop/about";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/shop/checkout";
import { action as newsletterAction } from "~/routes/resources/newsletter";
import { loader as homeLoader } from "~/routes/shop/home";
import { loader as shopLayoutLoader } from "~/routes/shop/layout";
import { loader as notFoundLoader } from "~/routes/shop/not-found";
import { loader as orderConfirmationLoader } from "~/routes/shop/order-confirmation";
import { loader as ordersByPhoneLoader } from "~/routes/shop/orders-by-phone";
import { loader as paymentLoader } from "~/routes/shop/payment-instructions";
import { loader as productLoader } from "~/routes/shop/product";
import { loader as shopProductsLoader } from "~/routes/shop/products";
import { action as trackAction } from "~/routes/shop/track";
import { loader as trackOrderLoader } from "~/routes/shop/track-order";
import { createCategory } from "~/server/categories.server";
import { db } from "~/server/db/database.server";
import { categories, deliveryOptions, orderLines, orders, products, riders, siteDocuments } from "~/server/db/schema.server";
import { createRider } from "~/server/riders.server";
import { createDeliveryOption, deleteDeliveryOption, listDeliveryOptions } from "~/server/delivery.server";
import { startSession } from "~/server/session.server";
import { writeSiteDocument } from "~/server/site-documents.server";
import { addStaff } from "~/server/staff.server";
import { givenOrder, givenProduct } from "../../tests/setup/builders";

// Issue 5, "Hostile input": random and hostile bodies posted to every action of app/routes.ts are answered
// with a success or a 4xx that says what is wrong — never a 5xx — and leave no row corrupt. CI runs a few
// cases per action; HOSTILE_RUNS=500 (and HOSTILE_SEED to replay a failure) runs the long version.

const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
const SEED = Number(process.env.HOSTILE_SEED ?? 20_250_505);
const SHOP = "http://shop.test";
const PASSWORD = "a long enough password";

// ---- hostile values -------------------------------------------------------------------------------------

const SCRIPT_PAYLOADS = [
  "<script>alert(1)</script>",
  '"></title><script>alert(1)</script>',
  "</script><script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  "{{ORDER_ID}}{{CLIENT_NAME}}",
];
const NUMBERS_AS_TEXT = ["-1", "0", "-0", "NaN", "1e309", "-1e309", "Infinity", "0x10", "1.005", "1,5", "2147483648", "9".repeat(400)];
const ODD_TEXT = [
  "",
  " ",
  "\t\n",
  "\u0000",
  "a\u0000b",
  "\u202Eevil",
  "👩🏽‍🍳🇰🇪",
  "\uD800",
  "a\uDFFF",
  "null",
  "__proto__",
  "'; drop table products; --",
  "%00",
];

/** Text a form could carry: script payloads, numbers that are not, every kind of unicode, and very long text. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCRIPT_PAYLOADS, ...NUMBERS_AS_TEXT, ...ODD_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 3 }) },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.bigInt()).map(String) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "😀", "<script>", " ", "\u0000"), fc.integer({ min: 1_000, max: 100_000 }))
      .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length))),
  },
);

/** Short hostile text: fits a text field's limit, so it gets stored and later shown. */
const storedText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCRIPT_PAYLOADS, "a\u0000b", "\u0000 ", "Kikoy — \uD800", "\uDFFFa", "\u202Eevil", "👩🏽‍🍳🇰🇪") },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: hostileText },
);

/** A form's fields, each with the values the form itself sends; a text field's are short hostile texts. */
type Fields = Record<string, fc.Arbitrary<string>>;
type Entry = [name: string, value: string];

/**
 * Posts to a form with these fields. Half are what the form sends, with hostile text in its text fields, so they
 * get past the checks and are stored. The other half are hostile throughout: each field sent, left out, sent
 * twice or replaced, plus fields nobody asked for, before the real ones (where they win) or after.
 */
function formOf(fields: Fields): fc.Arbitrary<Entry[]> {
  const names = Object.keys(fields);
  const asSent = fc.tuple(...names.map((name) => fields[name]!.map((value): Entry => [name, value])));
  const field = (name: string) => fc.oneof({ weight: 3, arbitrary: fields[name]! }, { weight: 1, arbitrary: hostileText });
  const mangled = names.map((name) =>
    fc.oneof(
      { weight: 6, arbitrary: field(name).map((value): Entry[] => [[name, value]]) },
      { weight: 1, arbitrary: fc.constant<Entry[]>([]) },
      {
        weight: 1,
        arbitrary: fc.tuple(field(name), field(name)).map(([first, second]): Entry[] => [
          [name, first],
          [name, second],
        ]),
      },
    ),
  );
  const strangers = fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...names, "__proto__", "constructor")), hostileText), {
    maxLength: 3,
  });
  const hostile = fc
    .tuple(fc.tuple(...mangled), strangers, fc.boolean())
    .map(([entries, extra, extraFirst]) => (extraFirst ? [...extra, ...entries.flat()] : [...entries.flat(), ...extra]));
  return fc.oneof(asSent, hostile);
}

/** The paths to every text in a JSON document. */
function textPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === "string") return [path];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => textPaths(inner, [...path, key]));
}

/** `sample` with hostile text in one to three of its texts: the document as an editor would post it. */
function withHostileTexts(sample: object): fc.Arbitrary<unknown> {
  return fc.subarray(textPaths(sample), { minLength: 1, maxLength: 3 }).chain((paths) =>
    fc.tuple(...paths.map(() => storedText)).map((texts) => {
      const document = structuredClone(sample) as Record<string, unknown>;
      paths.forEach((path, i) => {
        const parent = path.slice(0, -1).reduce((at, key) => at[key] as Record<string, unknown>, document);
        parent[path.at(-1)!] = texts[i];
      });
      return document;
    }),
  );
}

/** A JSON document like `sample`, its leaves swapped for hostile values, its lists grown or emptied, keys dropped. */
function documentLike(sample: unknown): fc.Arbitrary<unknown> {
  const oddity = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, -1, 1e308, "", [], {}));
  if (typeof sample === "string") return fc.oneof(fc.constant(sample), storedText, oddity);
  if (typeof sample === "boolean" || typeof sample === "number" || sample === null) return fc.oneof(fc.constant(sample), oddity);
  if (Array.isArray(sample)) return fc.oneof({ weight: 4, arbitrary: fc.array(documentLike(sample[0]), { maxLength: 4 }) }, oddity);
  const shape = Object.fromEntries(Object.entries(sample as object).map(([key, value]) => [key, documentLike(value)]));
  return fc.oneof({ weight: 6, arbitrary: fc.record(shape) }, { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) }, oddity);
}

/** The `document` field the settings and content editors post: the document with hostile text, mangled, or not one at all. */
function documentField(sample: object) {
  const mangled = documentLike(sample).map((document) => JSON.stringify(document) ?? "");
  return fc.oneof(
    { weight: 10, arbitrary: withHostileTexts(sample).map((document) => JSON.stringify(document)) },
    { weight: 3, arbitrary: mangled },
    { weight: 1, arbitrary: fc.json() },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 200_000 }).map((length) => JSON.stringify({ ...sample, items: Array(length).fill(0) })),
    },
    { weight: 1, arbitrary: mangled.chain((text) => fc.nat(text.length).map((cut) => text.slice(0, cut))) },
    { weight: 1, arbitrary: fc.constant(`{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}`) },
  );
}

// ---- the shop the posts land on --------------------------------------------------------------------------

type Shop = {
  productIds: string[];
  productSlugs: string[];
  categoryIds: string[];
  riderIds: string[];
  orderIds: string[];
  trackingIds: string[];
  staffIds: { developer: string; owner: string };
  png: Uint8Array;
};
let shop: Shop;

const SETTINGS = {
  storeName: "Duka",
  paymentMethods: [
    {
      id: "method-mpesa",
      name: "M-Pesa",
      enabled: true,
      instructions: "Pay for {{ORDER_ID}}",
      ussdCode: "*334#",
      fields: [{ id: "field-till", label: "Till", value: "123456" }],
    },
  ],
  heroSlides: [
    { id: "slide-basket", src: "/uploads/basket.webp", alt: "A kiondo basket", title: "Kiondo", subtitle: "Woven", link: "/products" },
  ],
  fab: { enabled: true, iconUrl: "", whatsappIconUrl: "https://example.com/w.png", callIconUrl: "/icons/call.png" },
};
const CONTACT_INFO = {
  title: "Contact Us",
  subtitle: "We answer fast",
  contactFields: [{ id: "contact-phone", label: "Phone", value: "+254 712 345 678", icon: "Phone" }],
  socialLinks: [{ id: "social-ig", name: "Instagram", url: "https://instagram.com/duka", iconUrl: "" }],
};
const FAQS = { items: [{ id: "faq-delivery", q: "Do you deliver?", a: "Across Kenya." }] };
const OUR_STORY = { title: "Our Story", text: "Made by hand.", imageUrl: "/uploads/story.webp" };

async function staffOf(role: "owner" | "developer") {
  return (await addStaff({ email: `${role}@hostile.test`, password: PASSWORD, role })).id;
}

beforeAll(async () => {
  await writeSiteDocument("settings", SETTINGS);
  const forSale = { priceCents: 1_250_50, stock: 1_000_000, sizes: ["M", "L"], colors: ["Red"] };
  const productRows = [await givenProduct({ name: "Kikoy Beach Wrap", ...forSale }), await givenProduct({ name: "Maasai Shuka", ...forSale })];
  const productIds = productRows.map((row) => row.id);
  const categoryIds = [await createCategory("Baskets", THE_SHOP), await createCategory("Jewellery", THE_SHOP)];
  const riderIds = [await createRider({ name: "Otieno", phone: "+254712345678" }, THE_SHOP)];
  const orderIds: string[] = [];
  for (const productId of productIds) {
    const placed = await givenOrder({ name: "Wanjiku Kamau", address: "Moi Avenue, Nairobi", lines: [{ productId, size: "M", color: "Red", quantity: 2 }] });
    orderIds.push(placed.id);
  }
  const trackingIds = (await (await db()).select({ trackingId: orders.trackingId }).from(orders)).map((row) => row.trackingId);
  // Noise, so that most of the file is picture data: cut anywhere past its header, it still looks like a PNG.
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: "#c0392b", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  shop = {
    productIds,
    productSlugs: productRows.map((row) => row.slug),
    categoryIds,
    riderIds,
    orderIds,
    trackingIds,
    staffIds: { developer: await staffOf("developer"), owner: await staffOf("owner") },
    png: new Uint8Array(png),
  };
});

// ---- posting and reading the answer ----------------------------------------------------------------------

/** Who posts to an admin action: mostly a developer, sometimes an owner, the signed-out or another site. */
type Visitor = "developer" | "owner" | "signed out" | "another site";
const visitor = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Visitor>("developer") },
  { weight: 1, arbitrary: fc.constantFrom<Visitor>("owner", "signed out", "another site") },
);

/** One hostile post, as fast-check prints a failing one: where it goes, who sends it and its fields in order. */
type Post = { path: string; params?: Record<string, string>; who: Visitor; fields: [string, string | File][] };

/** A request's headers from this visitor: its own session, for staff; another site's origin, for that one. */
async function headersOf(who: Visitor) {
  const headers = new Headers({ Origin: who === "another site" ? "https://evil.test" : SHOP });
  // A session of its own for each request: the sign-out action ends the one it is sent with.
  if (who === "developer" || who === "owner") {
    headers.set("Cookie", (await startSession(new Request(SHOP), shop.staffIds[who])).split(";")[0]!);
  }
  return headers;
}

async function requestFor({ path, who, fields }: Post) {
  const headers = await headersOf(who);
  let body: URLSearchParams | FormData;
  if (fields.some(([, value]) => value instanceof File)) {
    body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
  } else body = new URLSearchParams(fields as [string, string][]);
  return new Request(`${SHOP}${path}`, { method: "POST", headers, body });
}

type Action = (args: never) => Promise<unknown>;
type Loader = (args: never) => unknown;

async function answerOf(handler: Action | Loader, request: Request, params: Record<string, string> = {}, clientAddress = "203.0.113.9") {
  const args = { request, params, context: { cspNonce: "", clientAddress } };
  let result: unknown;
  try {
    result = await (handler as (args: unknown) => unknown)(args);
  } catch (thrown) {
    // A thrown Response (a redirect to sign in, a refused origin) is an answer; anything else is a crash.
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: result.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result };
}

/** The words a refusal shows the person: a plain text body, or an error, message, problem or field message. */
function humanMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim() || undefined;
  if (!body || typeof body !== "object") return undefined;
  const { error, message, problem, errors } = body as Record<string, unknown>;
  for (const said of [error, message, problem, ...Object.values((errors as object | null) ?? {})]) {
    if (typeof said === "string" && said.trim()) return said;
  }
  return undefined;
}

async function expectHostilePostsAnswered(action: Action, posts: fc.Arbitrary<Post>) {
  await fc.assert(
    // Each post from an address of its own, mostly: the sign-in and tracking limits still meet a few repeats.
    fc.asyncProperty(posts, fc.ipV4(), async (post, clientAddress) => {
      const { status, body } = await answerOf(action, await requestFor(post), post.params, clientAddress);
      expect(status, `answered ${status}: ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
      if (status >= 400) expect(humanMessage(body), `a ${status} without a message: ${JSON.stringify(body)?.slice(0, 300)}`).toBeTruthy();
    }),
    { numRuns: RUNS, seed: SEED },
  );
  await expectNoCorruptRows();
}

/** Admin posts: the form's fields from whoever is posting, to the page's path. */
const adminPosts = (path: string, fields: Fields): fc.Arbitrary<Post> =>
  fc.record({ path: fc.constant(path), who: visitor, fields: formOf(fields) });
const shopperPosts = (path: string, fields: Fields): fc.Arbitrary<Post> =>
  formOf(fields).map((form) => ({ path, who: "signed out", fields: form }));

// ---- what no hostile post may leave behind ---------------------------------------------------------------

const SLUG = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;
const isTrimmedText = (text: string, max: number) => text.trim() === text && text.length > 0 && text.length <= max;

async function expectNoCorruptRows() {
  const database = await db();
  for (const product of await database.select().from(products)) {
    const where = `product ${product.id}`;
    expect(isTrimmedText(product.name, PRODUCT_NAME_MAX_CHARS), `${where} name ${JSON.stringify(product.name)}`).toBe(true);
    expect(product.slug, where).toMatch(SLUG);
    expect(Number.isInteger(product.priceCents) && product.priceCents >= 0 && product.priceCents <= MAX_PRICE_KSH * 100, where).toBe(true);
    expect(Number.isInteger(product.stock) && product.stock >= 0 && product.stock <= MAX_STOCK, where).toBe(true);
    for (const entry of [...product.sizes, ...product.colors, ...product.details]) {
      expect(isTrimmedText(entry, MAX_LIST_ENTRY_CHARS), `${where} list entry ${JSON.stringify(entry)}`).toBe(true);
    }
  }
  for (const category of await database.select().from(categories)) {
    expect(isTrimmedText(category.name, CATEGORY_NAME_MAX_CHARS), `category ${JSON.stringify(category.name)}`).toBe(true);
  }
  for (const rider of await database.select().from(riders)) {
    expect(isTrimmedText(rider.name, RIDER_NAME_MAX_CHARS), `rider ${JSON.stringify(rider.name)}`).toBe(true);
    expect(isValidPhone(rider.phone) && /^\+\d+$/.test(rider.phone), `rider phone ${rider.phone}`).toBe(true);
  }
  const wholeShillings = (cents: number, min: number) => Number.isInteger(cents / 100) && cents >= min && cents <= MAX_DELIVERY_KSH * 100;
  for (const option of await database.select().from(deliveryOptions)) {
    const where = `delivery option ${JSON.stringify(option.name)}`;
    expect(isTrimmedText(option.name, DELIVERY_NAME_MAX_CHARS), where).toBe(true);
    for (const text of [option.areas, option.deliveryTime, option.directions, option.openingHours]) {
      expect(text.trim() === text && text.length <= DELIVERY_TEXT_MAX_CHARS, `${where} text ${JSON.stringify(text)}`).toBe(true);
    }
    expect(wholeShillings(option.feeCents, 0), `${where} fee ${option.feeCents}`).toBe(true);
    const freeFrom = option.freeFromCents;
    expect(freeFrom === null || wholeShillings(freeFrom, 100), `${where} free from ${freeFrom}`).toBe(true);
  }
  const lines = await database.select().from(orderLines);
  for (const order of await database.select().from(orders)) {
    const where = `order ${order.id}`;
    const itsLines = lines.filter((line) => line.orderId === order.id);
    expect(itsLines.length, where).toBeGreaterThan(0);
    expect(order.totalCents, where).toBe(orderSubtotalCents(itsLines));
    expect(isTrimmedText(order.clientName, CLIENT_NAME_MAX_CHARS), `${where} name ${JSON.stringify(order.clientName)}`).toBe(true);
    expect(isTrimmedText(order.clientAddress, CLIENT_ADDRESS_MAX_CHARS), `${where} address`).toBe(true);
    expect(isValidPhone(order.clientPhone) && /^\+\d+$/.test(order.clientPhone), `${where} phone ${order.clientPhone}`).toBe(true);
    expect(ORDER_STATUSES).toContain(order.status);
    expect(PAYMENT_STATUSES).toContain(order.paymentStatus);
  }
  for (const document of await database.select().from(siteDocuments)) {
    const parsed = siteDocumentSchemas[document.key as SiteDocumentKey].safeParse(document.value);
    expect(parsed.success, `site document ${document.key}: ${parsed.error?.message}`).toBe(true);
  }
}

// ---- every action of app/routes.ts -----------------------------------------------------------------------

const phone = fc.constantFrom("+254712345678", "+254 712-345 678", "+1 202 555 0143");
/** An id of a row the shop had before the posts began (read when a case is made: the shop exists by then). */
const fromShop = (pick: (s: Shop) => string[]) => fc.nat().map((i) => pick(shop)[i % pick(shop).length]!);

test("checkout answers hostile posts with an order or a message", async () => {
  const bagLine = fc.record({
    productId: fromShop((s) => s.productIds),
    size: fc.constantFrom("M", "L"),
    color: fc.constant("Red"),
    quantity: fc.integer({ min: 1, max: 3 }),
  });
  // A bag the browser could not have written: lines with missing keys, wrong types and impossible quantities.
  const oddLine = fc.record(
    {
      productId: fc.oneof(
        fromShop((s) => s.productIds),
        hostileText,
      ),
      size: fc.oneof(fc.constantFrom("M", ""), hostileText),
      color: fc.oneof(fc.constantFrom("Red", ""), hostileText, fc.jsonValue()),
      quantity: fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 1.5, Number.MAX_SAFE_INTEGER), hostileText),
    },
    { requiredKeys: [] },
  );
  const bag = fc
    .oneof(
      { weight: 3, arbitrary: fc.array(bagLine, { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.array(oddLine, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.jsonValue() },
    )
    .map((lines) => JSON.stringify(lines));
  const fields = {
    name: storedText,
    address: storedText,
    phone,
    paymentMethod: fc.constantFrom("M-Pesa"),
    bag,
    idempotencyKey: fc.uuid(),
  };
  await expectHostilePostsAnswered(checkoutAction, shopperPosts("/checkout", fields));
});

test("the footer's newsletter form answers hostile sign-ups", async () => {
  await expectHostilePostsAnswered(newsletterAction, shopperPosts("/newsletter", { email: storedText, from: storedText }));
});

test("tracking answers hostile lookups with an order or a message", async () => {
  const query = fc.oneof(
    fromShop((s) => [...s.trackingIds, ...s.orderIds, "+254712345678", "+254 712 345 678"]),
    storedText,
  );
  await expectHostilePostsAnswered(trackAction, shopperPosts("/track", { query }));
});

test("sign-in answers hostile posts with a session or a message", async () => {
  const fields = {
    email: fc.oneof(fc.constantFrom("developer@hostile.test", "Owner@Hostile.Test", "developer@hostile.test\u0000"), storedText),
    password: fc.constantFrom(PASSWORD, "wrong"),
    redirectTo: fc.constantFrom("/admin/orders", "//evil.test", "https://evil.test"),
  };
  await expectHostilePostsAnswered(loginAction, adminPosts("/admin/login", fields));
});

test("sign-out answers hostile posts", async () => {
  await expectHostilePostsAnswered(logoutAction, adminPosts("/admin/logout", { intent: hostileText }));
});

test("the dashboard's notification answers hostile posts", async () => {
  const fields = {
    isActive: fc.constantFrom("on"),
    title: storedText,
    message: storedText,
    link: fc.constantFrom("", "/products", "https://example.com/sale"),
    linkLabel: storedText,
    displayType: fc.constantFrom(...NOTIFICATION_DISPLAY_TYPES),
  };
  await expectHostilePostsAnswered(dashboardAction, adminPosts("/admin/dashboard", fields));
});

const productForm: Fields = {
  name: storedText,
  price: fc.constantFrom("1200", "1,200.50", "0.01", "10000000"),
  stock: fc.constantFrom("0", "5", "1000000"),
  categoryId: fc.oneof(
    fc.constant(""),
    fromShop((s) => s.categoryIds),
  ),
  description: storedText,
  details: storedText.map((text) => `${text}, Handmade`),
  sizes: storedText.map((text) => `S, ${text}`),
  colors: storedText,
  material: storedText,
  culturalInspiration: storedText,
  isBestseller: fc.constantFrom("on", "true"),
  isNewArrival: fc.constantFrom("on"),
  isVisible: fc.constantFrom("on", "false", "true"),
  images: fc.constantFrom("https://example.com/kikoy.jpg", "/uploads/a.webp\n/uploads/b.webp", "javascript:alert(1)\n/uploads/c.webp"),
  imageUrls: fc.constantFrom("", "https://example.com/more.jpg"),
};

test("adding a product answers hostile posts", async () => {
  await expectHostilePostsAnswered(productNewAction, adminPosts("/admin/products/new", productForm));
});

test("editing a product answers hostile posts", async () => {
  // The id comes from the address, which never carries NUL (server.ts refuses %00) nor half a surrogate pair
  // (the router leaves a segment that is not UTF-8 undecoded).
  const id = fc.oneof(
    fromShop((s) => s.productIds),
    hostileText.filter((text) => storableText(text) === text),
  );
  const edits = fc.record({ id, who: visitor, fields: formOf(productForm) });
  await expectHostilePostsAnswered(
    productEditAction,
    edits.map(({ id, ...post }) => ({ ...post, path: "/admin/products/edit/by-id", params: { id } })),
  );
});

test("the products list answers hostile posts", async () => {
  const fields = {
    intent: fc.constantFrom("visibility", "delete"),
    id: fromShop((s) => s.productIds),
    isVisible: fc.constantFrom("true", "false"),
  };
  await expectHostilePostsAnswered(productsAction, adminPosts("/admin/products", fields));
});

test("categories answer hostile posts", async () => {
  const fields = { intent: fc.constantFrom("create", "rename", "delete"), id: fromShop((s) => s.categoryIds), name: storedText };
  await expectHostilePostsAnswered(categoriesAction, adminPosts("/admin/categories", fields));
});

test("riders answer hostile posts", async () => {
  const fields = { intent: fc.constantFrom("create", "update", "delete"), id: fromShop((s) => s.riderIds), name: storedText, phone };
  await expectHostilePostsAnswered(ridersAction, adminPosts("/admin/riders", fields));
});

test("delivery zones and pick-up points answer hostile posts", async () => {
  const ids = [
    await createDeliveryOption(
      { kind: "zone", name: "Nairobi CBD", areas: "CBD", deliveryTime: "Same day", feeCents: 250_00, freeFromCents: 6_000_00 },
      THE_SHOP,
    ),
    await createDeliveryOption(
      { kind: "pick-up", name: "Moi Avenue shop", directions: "Moi Avenue", openingHours: "9–6", feeCents: 0 },
      THE_SHOP,
    ),
  ];
  const fields = {
    intent: fc.constantFrom("create-zone", "update-zone", "create-pick-up", "update-pick-up", "switch", "move", "delete"),
    id: fc.constantFrom(...ids),
    version: fc.constantFrom("1", "2"),
    name: storedText,
    areas: storedText,
    deliveryTime: storedText,
    directions: storedText,
    openingHours: storedText,
    fee: fc.constantFrom("", "0", "250", "1,500", "1000000"),
    freeFrom: fc.constantFrom("", "6000", "6,000"),
    active: fc.constantFrom("on", "off"),
    direction: fc.constantFrom("up", "down"),
  };
  await expectHostilePostsAnswered(deliveryAction, adminPosts("/admin/delivery", fields));
  // The posts after these expect a shop that offers no delivery.
  for (const option of await listDeliveryOptions()) await deleteDeliveryOption(option.id, THE_SHOP);
});

test("orders answer hostile posts", async () => {
  const fields = {
    intent: fc.constantFrom("status", "payment", "client", "dispatch", "archive", "restore"),
    id: fromShop((s) => s.orderIds),
    status: fc.constantFrom(...ORDER_STATUSES),
    paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
    name: storedText,
    address: storedText,
    phone,
    // The first client save of an order names its version; later ones meet a changed version (409).
    clientDetailsVersion: fc.constant("1"),
    riderId: fromShop((s) => s.riderIds),
  };
  await expectHostilePostsAnswered(ordersAction, adminPosts("/admin/orders", fields));
});

test("unmatched payments answer hostile posts", async () => {
  const fields = {
    intent: fc.constantFrom("attach", "dismiss"),
    paymentId: storedText,
    orderRef: fc.oneof(
      fromShop((s) => s.orderIds),
      storedText,
    ),
  };
  await expectHostilePostsAnswered(unmatchedPaymentsAction, adminPosts("/admin/orders/unmatched-payments", fields));
});

test("the notifications log's Send again answers hostile posts", async () => {
  await expectHostilePostsAnswered(notificationsLogAction, adminPosts("/admin/notifications-log", { id: storedText }));
});

test("the settings, FAQ, contact and Our Story editors answer hostile documents", async () => {
  const editors: [Action, string, object][] = [
    [settingsAction, "/admin/settings", SETTINGS],
    [faqAction, "/admin/faq", FAQS],
    [contactAction, "/admin/contact", CONTACT_INFO],
    [ourStoryAction, "/admin/our-story", OUR_STORY],
  ];
  for (const [action, path, sample] of editors) {
    await expectHostilePostsAnswered(action, adminPosts(path, { document: documentField(sample) }));
  }
});

test("the image generator answers hostile prompts", async () => {
  const fields = { prompt: storedText, count: fc.constantFrom("1", "4"), aspectRatio: fc.constantFrom(...ASPECT_RATIOS) };
  await expectHostilePostsAnswered(imageGeneratorAction, adminPosts("/admin/image-generator", fields));
});

test("uploads answer hostile files", async () => {
  // Each file is named for what it holds, so a failing case says which one it was.
  // Each file is named for what it holds, so a failing case says which one it was.
  const file = fc
    .oneof(
      { weight: 1, arbitrary: fc.constant({ name: "whole.png", bytes: shop.png }) },
      { weight: 3, arbitrary: fc.nat(shop.png.length - 1).map((cut) => ({ name: `cut-at-${cut}.png`, bytes: shop.png.slice(0, cut) })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ name: "noise.png", bytes })) },
      { weight: 1, arbitrary: hostileText.map((text) => ({ name: "text.png", bytes: new TextEncoder().encode(text) })) },
    )
    .map(({ name, bytes }) => new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  const entry = fc.tuple(fc.constantFrom("image", "picture"), fc.oneof(file, hostileText));
  const fields = fc.oneof(
    { weight: 3, arbitrary: file.map((image): Post["fields"] => [["image", image]]) },
    { weight: 1, arbitrary: fc.array(entry, { maxLength: 3 }) },
  );
  await expectHostilePostsAnswered(uploadAction, fc.record({ path: fc.constant("/admin/upload"), who: visitor, fields }));
});

test("catalogue imports answer hostile files", async () => {
  const csv = (text: string) => new File([text], "products.csv", { type: "text/csv" });
  const file = fc.oneof(
    fc.constant(csv("SKU,Name,Price (KSH)\nAFB-H1,Hostile Wrap,1200\n")),
    hostileText.map((text) => csv(`Handle,Title,Variant Price\nh,${text},${text}\n`)),
    hostileText.map(csv),
    fc.uint8Array({ maxLength: 2_000 }).map((bytes) => new File([bytes], "noise.csv")),
  );
  const entry = fc.tuple(fc.constantFrom("file", "csv"), fc.oneof(file, hostileText));
  const fields = fc.oneof(
    { weight: 3, arbitrary: file.map((csvFile): Post["fields"] => [["file", csvFile]]) },
    { weight: 1, arbitrary: fc.array(entry, { maxLength: 3 }) },
  );
  await expectHostilePostsAnswered(productImportAction, fc.record({ path: fc.constant("/admin/products/import"), who: visitor, fields }));
  const confirms = fc.record({
    path: fc.constant("/admin/products/import/by-id"),
    params: fc.record({ id: hostileText.filter((text) => storableText(text) === text) }),
    who: visitor,
    fields: formOf({ intent: fc.constantFrom("confirm", "cancel") }),
  });
  await expectHostilePostsAnswered(importPreviewAction, confirms);
});

// ---- every loader of app/routes.ts, with hostile query strings -------------------------------------------

// Issue 10: an odd query string (`/admin/orders?page=1e300`, a price no product reaches, a broken escape) is
// answered with the page or a 4xx, never a 5xx.

/** Numbers past what a page number, a price or the database's 64-bit integers can hold, and some that are not. */
const numberText = fc.constantFrom(
  "1",
  "2",
  "100000000",
  "1e17",
  "1e300",
  "9007199254740993",
  "9223372036854775808",
  "18446744073709551616",
  "-1e300",
  "5e-324",
  " 2 ",
  ...NUMBERS_AS_TEXT,
);
/** Days a date field may name, from years Date reads oddly (0000-0099) to past the last it can add a day to. */
const dateText = fc.constantFrom(
  "2026-11-20",
  "2026-02-30",
  "0000-01-01",
  "0001-01-01",
  "0099-12-31",
  "1969-12-31",
  "9999-12-31",
  "+275760-09-13",
);

const SHOP_FILTERS: Fields = {
  q: storedText,
  maxPrice: numberText,
  categoryId: fromShop((s) => s.categoryIds),
  size: fc.constantFrom("M", "L"),
  color: fc.constant("Red"),
  material: storedText,
  page: numberText,
};
const REPORT_FILTER: Fields = {
  // Custom, the period that reads the dates, half the time.
  period: fc.oneof(fc.constant("custom"), fc.constantFrom(...REPORT_PERIODS)),
  from: dateText,
  to: dateText,
  page: numberText,
};

/** Query strings no form writes: broken escapes, bare names, repeated names, names React Router reads itself. */
const RAW_QUERY_PIECES = [
  "page=%",
  "page=%E0%A4%A",
  "q=%FF%FE",
  "%=1",
  "page",
  "=",
  "&",
  "page=1&page=2",
  "q=%2525",
  "index",
  "_routes=%FF",
  "_routes=routes/shop/layout",
];

/** A query string for a page that reads these fields: as a link would carry them, mangled, or broken outright. */
function queryStringFor(fields: Fields) {
  return (
    fc
      .oneof(
        { weight: 3, arbitrary: formOf(fields).map((entries) => new URLSearchParams(entries).toString()) },
        {
          weight: 1,
          arbitrary: fc.array(fc.constantFrom(...RAW_QUERY_PIECES), { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join("&")),
        },
      )
      // server.ts refuses every address carrying NUL before any page reads it.
      .filter((query) => !query.includes("%00"))
  );
}

/** One GET, as fast-check prints a failing one: the address, its dynamic parts, who asks and the query. */
type Visit = { path: string; params?: Record<string, string>; who: Visitor; query: string };

async function getRequestFor({ path, who, query }: Visit, signal?: AbortSignal) {
  return new Request(`${SHOP}${path}?${query}`, { headers: await headersOf(who), signal });
}

/** A dynamic part of an address: one the shop has, or hostile text (never NUL nor half a pair, see above). */
const addressPart = (pick: (s: Shop) => string[]) =>
  fc.oneof(
    fromShop(pick),
    hostileText.filter((text) => storableText(text) === text),
  );

/** A page's loader, the fields it reads from the query string, and its address's dynamic parts. */
type Page = { path: string; loader: Loader; query?: Fields; params?: fc.Arbitrary<Record<string, string>>; stream?: boolean };
const PAGES: Page[] = [
  { path: "/", loader: shopLayoutLoader },
  { path: "/", loader: homeLoader },
  { path: "/products", loader: shopProductsLoader, query: SHOP_FILTERS },
  { path: "/product/by-slug", loader: productLoader, params: fc.record({ slug: addressPart((s) => s.productSlugs) }) },
  { path: "/checkout", loader: checkoutLoader },
  { path: "/payment-instructions/by-id", loader: paymentLoader, params: fc.record({ orderId: addressPart((s) => s.orderIds) }) },
  { path: "/order-confirmation/by-id", loader: orderConfirmationLoader, params: fc.record({ orderId: addressPart((s) => s.orderIds) }) },
  { path: "/track/by-id", loader: trackOrderLoader, params: fc.record({ trackingId: addressPart((s) => s.trackingIds) }) },
  { path: "/orders-by-phone/by-phone", loader: ordersByPhoneLoader, params: fc.record({ phone: addressPart(() => ["+254712345678"]) }) },
  { path: "/about", loader: aboutLoader },
  { path: "/no-such-page", loader: notFoundLoader },
  {
    path: "/admin/login",
    loader: loginLoader,
    query: { redirectTo: fc.constantFrom("/admin/orders", "//evil.test", "https://evil.test", "/\\evil.test") },
  },
  { path: "/admin/logout", loader: logoutLoader },
  { path: "/admin", loader: adminIndexLoader },
  { path: "/admin/dashboard", loader: adminLayoutLoader },
  { path: "/admin/dashboard", loader: dashboardLoader },
  { path: "/admin/reports", loader: reportsLoader, query: REPORT_FILTER },
  { path: "/admin/reports/sales.csv", loader: reportsCsvLoader, query: REPORT_FILTER },
  { path: "/admin/seo-report", loader: seoReportLoader },
  {
    path: "/admin/orders",
    loader: ordersLoader,
    query: { tab: fc.constantFrom("active", "archived"), page: numberText, order: fromShop((s) => s.orderIds) },
  },
  { path: "/admin/orders/unmatched-payments", loader: unmatchedPaymentsLoader },
  { path: "/admin/products", loader: productsLoader, query: { q: storedText } },
  { path: "/admin/products/new", loader: productNewLoader },
  { path: "/admin/products/import", loader: productImportLoader },
  { path: "/admin/products/import/by-id", loader: importPreviewLoader, params: fc.record({ id: addressPart(() => ["none"]) }) },
  { path: "/admin/products/export.csv", loader: productsExportLoader, query: { format: fc.constantFrom("duka", "shopify", "woocommerce") } },
  { path: "/admin/orders/export.csv", loader: ordersExportLoader, query: REPORT_FILTER },
  { path: "/admin/products/edit/by-id", loader: productEditLoader, params: fc.record({ id: addressPart((s) => s.productIds) }) },
  { path: "/admin/categories", loader: categoriesLoader },
  { path: "/admin/riders", loader: ridersLoader },
  { path: "/admin/delivery", loader: deliveryLoader },
  {
    path: "/admin/notifications-log",
    loader: notificationsLogLoader,
    query: { state: fc.constantFrom(...NOTIFICATION_STATES, "nonsense"), page: numberText },
  },
  {
    path: "/admin/subscribers",
    loader: subscribersLoader,
    query: { state: fc.constantFrom(...SUBSCRIBER_STATES, "nonsense"), page: numberText },
  },
  { path: "/admin/settings", loader: settingsLoader },
  { path: "/admin/image-generator", loader: imageGeneratorLoader },
  { path: "/admin/faq", loader: faqLoader },
  { path: "/admin/contact", loader: contactLoader },
  { path: "/admin/our-story", loader: ourStoryLoader },
  { path: "/admin/search", loader: adminSearchLoader, query: { q: storedText } },
  // A stream stays open until its visitor leaves: these visitors leave at once.
  {
    path: "/events",
    loader: eventsLoader,
    query: { topics: fc.constantFrom("orders", "products,orders", ",,,"), orders: fromShop((s) => [...s.orderIds, ...s.trackingIds]) },
    stream: true,
  },
  { path: "/health", loader: healthLoader },
  { path: "/sitemap.xml", loader: sitemapLoader },
  { path: "/robots.txt", loader: robotsLoader },
  { path: "/shop/suggestions", loader: suggestionsLoader, query: { q: storedText } },
  { path: "/shop/count", loader: productCountLoader, query: SHOP_FILTERS },
  { path: "/shop/bag-products", loader: bagProductsLoader, query: { ids: fromShop((s) => [s.productIds.join(","), "a,".repeat(60)]) } },
];

test("the orders list answers ?page=1e300 with its last page", async () => {
  const request = await getRequestFor({ path: "/admin/orders", who: "developer", query: "page=1e300" });
  const { status, body } = await answerOf(ordersLoader, request);
  expect(status).toBe(200);
  expect(body).toMatchObject({ page: 1, pageCount: 1 });
});

test.each(PAGES)("$path answers hostile query strings with the page or a 4xx", async ({ path, loader, query = {}, params, stream }) => {
  const visits = fc.record({ path: fc.constant(path), params: params ?? fc.constant({}), who: visitor, query: queryStringFor(query) });
  await fc.assert(
    // Each visit from an address of its own, mostly, as for posts.
    fc.asyncProperty(visits, fc.ipV4(), async (visit, clientAddress) => {
      const request = await getRequestFor(visit, stream ? AbortSignal.abort() : undefined);
      const { status, body } = await answerOf(loader, request, visit.params, clientAddress);
      expect(status, `answered ${status}: ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
