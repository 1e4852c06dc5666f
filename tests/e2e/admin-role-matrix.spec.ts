import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { defaultNotificationTemplates } from "../../app/domain/notifications.schema";
import { shopState } from "./support/backup";
import { placeOrderOverHttp, type TestOrder } from "./support/shop";
import { removeDataDir, type ShopServer, startShop } from "./support/shop-server";
import { addStaffMember, signedInRequest } from "./support/staff";

// Every admin URL and every admin action as signed-out, Store Owner and Developer, by direct HTTP requests
// (product.md §6). Runs on a private shop, so the allowed requests at the end may change it freely.

const OWNER = "owner@matrix.test";
const FIXTURE = path.join(import.meta.dirname, "fixtures", "terracotta.png");
const DEVELOPER = "dev@matrix.test";

let shop: ShopServer;
let signedOut: APIRequestContext;
let owner: APIRequestContext;
let developer: APIRequestContext;
let productId: string;
let otherProductId: string;
let order: TestOrder;
let categoryId: string;
let emptyCategoryId: string;
let riderId: string;
let otherRiderId: string;
let zoneIds: Record<"one" | "two" | "three" | "four", string>;
let promotionIds: Record<"one" | "two" | "three", string>;
let documents: Record<string, Record<string, unknown>>;
// The version each edited record was read at, which a staff form sends with its save (decision 031).
let versionOf: (table: string, key: string, field?: string) => string;
let stockOf: (id: string) => string;

type Row = Record<string, unknown>;
const idOf = (rows: unknown[], name: string) => String((rows as Row[]).find((row) => row.name === name)!.id);
/** The Delivery page's rows in its order, each with whether it is switched on: "Matrix Zone Two: off". */
const deliveryRows = async (client: APIRequestContext) =>
  [...(await (await client.get("/admin/delivery")).text()).matchAll(/aria-checked="(true|false)" aria-label="([^"]+) on"/g)].map(
    ([, on, name]) => `${name}: ${on === "true" ? "on" : "off"}`,
  );
/** The Promotions page's rows, newest first, as "code | what it gives | state": "MATRIXTWO | 10% off | off". */
const promotionRows = async (client: APIRequestContext) =>
  [...(await (await client.get("/admin/promotions")).text()).matchAll(/<tr>(.*?)<\/tr>/gs)]
    .map(([, row]) =>
      [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, cell]) =>
        cell!
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      ),
    )
    .filter((cells) => cells.length > 0)
    .map((cells) => `${cells[0]} | ${cells[1]} | ${cells[6]}`);
const uploadedFiles = () => {
  try {
    return readdirSync(path.join(shop.dataDir, "uploads")).sort();
  } catch {
    return [];
  }
};

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startShop();
  await addStaffMember(OWNER, "owner", shop.dataDir);
  await addStaffMember(DEVELOPER, "developer", shop.dataDir);
  signedOut = await playwrightRequest.newContext({ baseURL: shop.baseURL });
  owner = await signedInRequest(shop.baseURL, OWNER);
  developer = await signedInRequest(shop.baseURL, DEVELOPER);
  const sitemap = await (await signedOut.get("/sitemap.xml")).text();
  const ids = [...sitemap.matchAll(/\/product\/[a-z0-9-]+-([a-z0-9]+)</g)].map((match) => match[1]!);
  [productId, otherProductId] = [ids[0]!, ids[1]!];
  order = await placeOrderOverHttp(signedOut, { productName: "Adinkra-Inspired Cushion Cover", size: "45 × 45 cm", color: "Ochre & Charcoal" });
  // Things the actions below may change or delete, made the way staff make them.
  const made: Record<string, string>[] = [
    { intent: "create", name: "Matrix Empty Category" },
    { intent: "create", name: "Matrix Rider One", phone: "+254711000001" },
    { intent: "create", name: "Matrix Rider Two", phone: "+254711000002" },
  ];
  for (const [index, form] of made.entries()) {
    const page = index === 0 ? "/admin/categories" : "/admin/riders";
    expect((await developer.post(page, { form, headers: { Origin: shop.baseURL } })).status()).toBe(200);
  }
  const zones = { one: "Matrix Zone One", two: "Matrix Zone Two", three: "Matrix Zone Three", four: "Matrix Zone Four" } as const;
  for (const name of Object.values(zones)) {
    const form = { intent: "create-zone", name, fee: "250" };
    expect((await developer.post("/admin/delivery", { form, headers: { Origin: shop.baseURL } })).status()).toBe(200);
  }
  // Each row's switch posts its option's id just before the switch is named.
  const deliveryPage = await (await developer.get("/admin/delivery")).text();
  const zoneId = (name: string) =>
    [...deliveryPage.slice(0, deliveryPage.indexOf(`aria-label="${name} on"`)).matchAll(/name="id" value="([^"]+)"/g)].at(-1)![1]!;
  zoneIds = { one: zoneId(zones.one), two: zoneId(zones.two), three: zoneId(zones.three), four: zoneId(zones.four) };
  const codes = { one: "MATRIXONE", two: "MATRIXTWO", three: "MATRIXTHREE" } as const;
  for (const code of Object.values(codes)) {
    const form = { intent: "create", trigger: "code", code, kind: "percent", value: "10", appliesTo: "everything" };
    expect((await developer.post("/admin/promotions", { form, headers: { Origin: shop.baseURL } })).status()).toBe(200);
  }
  // Each row's switch posts its promotion's id just before the switch is named, as on the Delivery page.
  const promotionsPage = await (await developer.get("/admin/promotions")).text();
  const promotionId = (code: string) =>
    [...promotionsPage.slice(0, promotionsPage.indexOf(`aria-label="${code} on"`)).matchAll(/name="id" value="([^"]+)"/g)].at(-1)![1]!;
  promotionIds = { one: promotionId(codes.one), two: promotionId(codes.two), three: promotionId(codes.three) };
  const state = await shopState(shop.dataDir);
  categoryId = idOf(state.categories!, "Dresses");
  emptyCategoryId = idOf(state.categories!, "Matrix Empty Category");
  riderId = idOf(state.riders!, "Matrix Rider One");
  otherRiderId = idOf(state.riders!, "Matrix Rider Two");
  documents = Object.fromEntries((state.site_documents as Row[]).map((row) => [String(row.key), row.value as Record<string, unknown>]));
  versionOf = (table, key, field = "id") => String((state[table] as Row[]).find((row) => row[field] === key)?.version ?? 1);
  stockOf = (id) => String((state.products as Row[]).find((row) => row.id === id)!.stock);
});

test.afterAll(async () => {
  await Promise.all([signedOut?.dispose(), owner?.dispose(), developer?.dispose()]);
  await shop?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

type Access = "everyone" | "developers";
const pages = (): { path: string; access: Access }[] => [
  { path: "/admin/dashboard", access: "everyone" },
  { path: "/admin/reports", access: "everyone" },
  { path: "/admin/reports?period=custom&from=2026-01-01&to=2026-12-31", access: "everyone" },
  { path: "/admin/reports/sales.csv?period=all", access: "everyone" },
  { path: "/admin/seo-report", access: "everyone" },
  { path: "/admin/orders", access: "everyone" },
  { path: "/admin/orders?tab=archived", access: "everyone" },
  { path: `/admin/orders?order=${order.orderId}`, access: "everyone" },
  { path: "/admin/orders/unmatched-payments", access: "everyone" },
  { path: "/admin/customers", access: "everyone" },
  { path: "/admin/customers?q=254712&sort=recent&page=2", access: "everyone" },
  { path: "/admin/customers/254712345678", access: "everyone" },
  { path: "/admin/products", access: "everyone" },
  { path: "/admin/products/new", access: "everyone" },
  { path: `/admin/products/edit/${productId}`, access: "everyone" },
  { path: "/admin/products/import", access: "everyone" },
  { path: "/admin/products/export.csv?format=shopify", access: "everyone" },
  { path: "/admin/orders/export.csv?period=month", access: "everyone" },
  { path: "/admin/categories", access: "everyone" },
  { path: "/admin/riders", access: "everyone" },
  { path: "/admin/delivery", access: "everyone" },
  { path: "/admin/promotions", access: "everyone" },
  { path: "/admin/subscribers", access: "everyone" },
  { path: "/admin/subscribers.csv?state=confirmed", access: "everyone" },
  { path: "/admin/campaigns", access: "everyone" },
  { path: "/admin/notifications-log?state=failed", access: "everyone" },
  { path: "/admin/search?q=kanga", access: "everyone" },
  { path: "/admin/activity", access: "developers" },
  { path: "/admin/notifications", access: "developers" },
  { path: "/admin/settings", access: "developers" },
  { path: "/admin/image-generator", access: "developers" },
  { path: "/admin/faq", access: "developers" },
  { path: "/admin/contact", access: "developers" },
  { path: "/admin/our-story", access: "developers" },
  { path: "/admin/privacy", access: "developers" },
];

const templates = defaultNotificationTemplates();

const location = (response: { headers(): Record<string, string> }) => response.headers().location ?? "";

test("every admin URL: signed out goes to sign-in remembering the page, an owner is kept off developer pages", async () => {
  for (const { path, access } of pages()) {
    const out = await signedOut.get(path, { maxRedirects: 0 });
    expect(out.status(), `${path} signed out`).toBe(302);
    expect(location(out), `${path} signed out`).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    expect(out.headers()["x-robots-tag"], path).toBe("noindex, nofollow");

    const asOwner = await owner.get(path, { maxRedirects: 0 });
    if (access === "everyone") expect(asOwner.status(), `${path} as owner`).toBe(200);
    else {
      expect(asOwner.status(), `${path} as owner`).toBe(302);
      expect(location(asOwner), `${path} as owner`).toBe("/admin/dashboard");
    }

    const asDeveloper = await developer.get(path, { maxRedirects: 0 });
    expect(asDeveloper.status(), `${path} as developer`).toBe(200);
    expect(asDeveloper.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
  }
  for (const staff of [owner, developer]) {
    const index = await staff.get("/admin", { maxRedirects: 0 });
    expect(location(index)).toBe("/admin/dashboard");
  }
  const outIndex = await signedOut.get("/admin", { maxRedirects: 0 });
  expect(location(outIndex)).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin")}`);
});

type AdminAction = { name: string; path: string; access: Access; form?: Record<string, string>; image?: boolean };

/** One real attempt per admin action: each body would change the shop if it were allowed. */
const actions = (): AdminAction[] => [
  {
    name: "save the notification",
    path: "/admin/dashboard",
    access: "everyone",
    form: {
      isActive: "on",
      title: "Matrix",
      message: "Changed",
      link: "/products",
      linkLabel: "Shop",
      displayType: "modal",
      version: versionOf("site_documents", "notification", "key"),
    },
  },
  { name: "add a category", path: "/admin/categories", access: "everyone", form: { intent: "create", name: "Matrix Category" } },
  { name: "upload an image", path: "/admin/upload", access: "everyone", image: true },
  {
    name: "create a product",
    path: "/admin/products/new",
    access: "everyone",
    form: { name: "Matrix Product", price: "1500", stock: "3", images: "https://example.com/matrix.jpg", isVisible: "true" },
  },
  {
    name: "update a product",
    path: `/admin/products/edit/${productId}`,
    access: "everyone",
    form: {
      name: "Matrix Renamed",
      price: "900",
      stock: "1",
      images: "https://example.com/renamed.jpg",
      isVisible: "true",
      version: versionOf("products", productId),
      stockWas: stockOf(productId),
    },
  },
  { name: "hide a product", path: "/admin/products", access: "everyone", form: { intent: "visibility", id: productId, isVisible: "false" } },
  { name: "delete a product", path: "/admin/products", access: "everyone", form: { intent: "delete", id: otherProductId } },
  { name: "rename a category", path: "/admin/categories", access: "everyone", form: { intent: "rename", id: categoryId, name: "Matrix Dresses", version: versionOf("categories", categoryId) } },
  { name: "delete a category", path: "/admin/categories", access: "everyone", form: { intent: "delete", id: emptyCategoryId } },
  { name: "add a rider", path: "/admin/riders", access: "everyone", form: { intent: "create", name: "Matrix New Rider", phone: "+254711000003" } },
  {
    name: "edit a rider",
    path: "/admin/riders",
    access: "everyone",
    form: { intent: "update", id: riderId, name: "Matrix Rider Renamed", phone: "+254711000009", version: versionOf("riders", riderId) },
  },
  { name: "delete a rider", path: "/admin/riders", access: "everyone", form: { intent: "delete", id: otherRiderId } },
  { name: "add a delivery zone", path: "/admin/delivery", access: "everyone", form: { intent: "create-zone", name: "Matrix New Zone", fee: "300" } },
  { name: "add a pick-up point", path: "/admin/delivery", access: "everyone", form: { intent: "create-pick-up", name: "Matrix Pick-up", fee: "" } },
  {
    name: "edit a delivery zone",
    path: "/admin/delivery",
    access: "everyone",
    form: { intent: "update-zone", id: zoneIds.one, version: "1", name: "Matrix Zone Renamed", fee: "400" },
  },
  {
    name: "switch a delivery zone off",
    path: "/admin/delivery",
    access: "everyone",
    form: { intent: "switch", id: zoneIds.two, version: "1", active: "off" },
  },
  { name: "move a delivery zone", path: "/admin/delivery", access: "everyone", form: { intent: "move", id: zoneIds.three, direction: "up" } },
  { name: "delete a delivery zone", path: "/admin/delivery", access: "everyone", form: { intent: "delete", id: zoneIds.four } },
  {
    name: "add a promotion",
    path: "/admin/promotions",
    access: "everyone",
    form: { intent: "create", trigger: "code", code: "MATRIXNEW", kind: "percent", value: "5", appliesTo: "everything" },
  },
  {
    name: "edit a promotion",
    path: "/admin/promotions",
    access: "everyone",
    form: {
      intent: "update",
      id: promotionIds.one,
      version: "1",
      trigger: "code",
      code: "MATRIXONE",
      kind: "percent",
      value: "20",
      appliesTo: "everything",
    },
  },
  {
    name: "switch a promotion off",
    path: "/admin/promotions",
    access: "everyone",
    form: { intent: "switch", id: promotionIds.two, version: "1", active: "off" },
  },
  { name: "delete a promotion", path: "/admin/promotions", access: "everyone", form: { intent: "delete", id: promotionIds.three } },
  // The matrix's order is the customer +254712345678's (placeOrderOverHttp's phone), until its client details change.
  { name: "withdraw a customer's consent", path: "/admin/customers/254712345678", access: "everyone", form: { intent: "withdraw-consent" } },
  {
    name: "send a campaign",
    path: "/admin/campaigns",
    access: "everyone",
    form: { intent: "send", title: "Matrix Campaign", email: "on", emailSubject: "Matrix news", emailText: "Matrix news for subscribers." },
  },
  { name: "set an order's status", path: "/admin/orders", access: "everyone", form: { intent: "status", id: order.orderId, status: "Processing" } },
  { name: "set an order's payment", path: "/admin/orders", access: "everyone", form: { intent: "payment", id: order.orderId, paymentStatus: "Paid" } },
  {
    name: "correct a client's details",
    path: "/admin/orders",
    access: "everyone",
    form: {
      intent: "client",
      id: order.orderId,
      name: "Matrix Client",
      address: "Matrix Street",
      phone: "+254722000000",
      clientDetailsVersion: "1",
    },
  },
  { name: "dispatch an order", path: "/admin/orders", access: "everyone", form: { intent: "dispatch", id: order.orderId, riderId } },
  { name: "archive an order", path: "/admin/orders", access: "everyone", form: { intent: "archive", id: order.orderId } },
  { name: "restore an order", path: "/admin/orders", access: "everyone", form: { intent: "restore", id: order.orderId } },
  {
    name: "save site settings",
    path: "/admin/settings",
    access: "developers",
    form: { document: JSON.stringify({ ...documents.settings, storeName: "Matrix Store" }), version: versionOf("site_documents", "settings", "key") },
  },
  {
    name: "save the FAQs",
    path: "/admin/faq",
    access: "developers",
    form: {
      document: JSON.stringify({ items: [{ id: "faq-matrix", q: "Matrix question?", a: "Matrix answer." }] }),
      version: versionOf("site_documents", "faqs", "key"),
    },
  },
  {
    name: "save the contact info",
    path: "/admin/contact",
    access: "developers",
    form: { document: JSON.stringify({ ...documents.contactInfo, title: "Matrix Contact" }), version: versionOf("site_documents", "contactInfo", "key") },
  },
  {
    name: "save our story",
    path: "/admin/our-story",
    access: "developers",
    form: { document: JSON.stringify({ ...documents.ourStory, title: "Matrix Story" }), version: versionOf("site_documents", "ourStory", "key") },
  },
  {
    name: "save the privacy policy",
    path: "/admin/privacy",
    access: "developers",
    form: { document: JSON.stringify({ title: "Matrix Privacy", text: "Matrix policy for {{SHOP_NAME}}." }), version: versionOf("site_documents", "privacy", "key") },
  },
  {
    name: "save the SMS and email templates",
    path: "/admin/notifications",
    access: "developers",
    form: {
      document: JSON.stringify({ ...templates, delivered: { enabled: true, body: "Matrix delivered {{ORDER_ID}}" } }),
      version: versionOf("site_documents", "messageTemplates", "key"),
    },
  },
  {
    name: "ask for images",
    path: "/admin/image-generator",
    access: "developers",
    form: { prompt: "A kiondo basket on a wooden table", count: "1", aspectRatio: "1:1" },
  },
];

function send(client: APIRequestContext, action: AdminAction, origin: string | null = shop.baseURL) {
  const headers: Record<string, string> = origin === null ? {} : { Origin: origin };
  if (action.image) {
    const image = { name: "a.png", mimeType: "image/png", buffer: readFileSync(FIXTURE) };
    return client.post(action.path, { multipart: { image }, headers, maxRedirects: 0 });
  }
  return client.post(action.path, { form: action.form!, headers, maxRedirects: 0 });
}

test("every admin action is refused signed out, to an owner on developer pages and from another site; refused ones change nothing", async () => {
  const before = await shopState(shop.dataDir);
  const deliveryBefore = await deliveryRows(developer);
  const promotionsBefore = await promotionRows(developer);
  const filesBefore = uploadedFiles();
  for (const action of actions()) {
    const out = await send(signedOut, action);
    expect(out.status(), `${action.name} signed out`).toBe(302);
    expect(location(out), `${action.name} signed out`).toMatch(/^\/admin\/login\?redirectTo=/);

    if (action.access === "developers") {
      const asOwner = await send(owner, action);
      expect(asOwner.status(), `${action.name} as owner`).toBe(302);
      expect(location(asOwner), `${action.name} as owner`).toBe("/admin/dashboard");
    }

    const crossSite = await send(developer, action, "https://evil.example");
    expect(crossSite.status(), `${action.name} from another site`).toBeGreaterThanOrEqual(400);
    expect(crossSite.status(), `${action.name} from another site`).toBeLessThan(500);
    const noOrigin = await send(developer, action, null);
    expect(noOrigin.status(), `${action.name} without an Origin`).toBe(403);
  }
  expect(await shopState(shop.dataDir)).toEqual(before);
  expect(await deliveryRows(developer)).toEqual(deliveryBefore);
  expect(await promotionRows(developer)).toEqual(promotionsBefore);
  expect(uploadedFiles()).toEqual(filesBefore);
});

test("signing out needs a form from the shop itself, and ends the session", async () => {
  const member = await signedInRequest(shop.baseURL, OWNER);
  const crossSite = await member.post("/admin/logout", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(crossSite.status()).toBeGreaterThanOrEqual(400);
  expect((await member.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(200);

  const signOut = await member.post("/admin/logout", { headers: { Origin: shop.baseURL }, maxRedirects: 0 });
  expect(location(signOut)).toBe("/");
  const after = await member.get("/admin/dashboard", { maxRedirects: 0 });
  expect(location(after)).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/dashboard")}`);
  await member.dispose();
});

test("the same actions, sent by a developer from the shop itself, are carried out", async () => {
  const filesBefore = uploadedFiles();
  for (const action of actions()) {
    const response = await send(developer, action);
    expect(response.status(), action.name).toBeLessThan(400);
    expect(location(response), action.name).not.toMatch(/^\/admin\/(login|dashboard)/);
  }
  const after = JSON.stringify(await shopState(shop.dataDir));
  for (const text of [
    "Matrix Category",
    '"title":"Matrix"',
    "Matrix Product",
    "Matrix Renamed",
    "Matrix Dresses",
    "Matrix New Rider",
    "Matrix Rider Renamed",
    "Matrix Client",
    "Matrix Store",
    "Matrix question?",
    "Matrix Contact",
    "Matrix Story",
    "Matrix Privacy",
    "Matrix delivered",
  ]) {
    expect(after, text).toContain(text);
  }
  for (const gone of [otherProductId, emptyCategoryId, otherRiderId]) expect(after).not.toContain(`"id":"${gone}"`);
  expect(await deliveryRows(developer)).toEqual([
    "Matrix Zone Renamed: on",
    "Matrix Zone Three: on",
    "Matrix Zone Two: off",
    "Matrix New Zone: on",
    "Matrix Pick-up: on",
  ]);
  expect(await promotionRows(developer)).toEqual([
    "MATRIXNEW | 5% off | active",
    "MATRIXTWO | 10% off | off",
    "MATRIXONE | 20% off | active",
  ]);
  const [row] = (JSON.parse(after).orders as Row[]).filter((o) => o.id === order.orderId);
  expect(row).toMatchObject({ status: "Out for Delivery", payment_status: "Paid", rider_id: riderId, is_archived: false });
  expect(uploadedFiles().length).toBeGreaterThan(filesBefore.length);
});
