import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { placeOrderOverHttp, sampleProduct, type TestOrder } from "./support/shop";
import { ownShop } from "./support/own-shop";
import { addStaffMember, signedInRequest } from "./support/staff";

const OWNER = "owner@orders.test";
// Bought on the shared shop, which has plenty of it; every order placed here is archived afterwards, so it
// holds nothing back from other specs.
const CUSHION = { productName: "Adinkra-Inspired Cushion Cover", size: "45 × 45 cm", color: "Ochre & Charcoal" };
const PHONE_MESSAGE = "Please enter the phone number with a country code, starting with a '+' sign.";

const short = (order: TestOrder) => order.orderId.slice(0, 6);
const rowOf = (page: Page, order: TestOrder) => page.getByRole("row").filter({ hasText: `#${short(order)}` });
const axe = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  expect((await (include ? builder.include(include) : builder).analyze()).violations).toEqual([]);
};
const saved = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/orders"));

const placed: TestOrder[] = [];
const placeCushionOrder = async (request: APIRequestContext, name: string) => {
  const order = await placeOrderOverHttp(request, { ...CUSHION, name: `${name} ${test.info().project.name}` });
  placed.push(order);
  return order;
};

test.beforeAll(() => addStaffMember(OWNER));

test.afterAll(async ({ baseURL }) => {
  // Archived orders hold no stock: the shared shop's cushions are all for sale again.
  const staff = await signedInRequest(baseURL!, OWNER);
  for (const order of placed.splice(0)) {
    await staff.post("/admin/orders", { form: { intent: "archive", id: order.orderId }, headers: { Origin: baseURL! } });
  }
  await staff.dispose();
});

test("a shopper's order appears on an open orders page within 2 seconds, highlighted; status and payment persist", async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, OWNER);
  await page.goto("/admin/orders");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Active" })).toHaveAttribute("aria-current", "page");
  const order = await placeCushionOrder(request, "Live Shopper");

  const row = rowOf(page, order);
  await expect(row).toBeVisible({ timeout: 2_000 });
  await expect(row).toContainText("New");
  await expect(row).toContainText(`Live Shopper ${test.info().project.name}`);
  await expect(row).toContainText("KSH 2,400");
  await expect(page.getByRole("status").filter({ hasText: `New order #${short(order)}.` })).toHaveCount(1);
  await expect(page.getByRole("cell", { name: "Today", exact: true })).toBeVisible();
  await axe(page);

  const payment = page.getByRole("combobox", { name: `Payment status of order #${short(order)}` });
  const status = page.getByRole("combobox", { name: `Status of order #${short(order)}`, exact: true });
  await expect(payment).toHaveValue("Unpaid");
  await expect(status).toHaveValue("Pending Payment");
  await Promise.all([saved(page), payment.selectOption("Paid")]);
  // This page's own changes are not announced as someone else's, once the list has been reloaded with them.
  const reloaded = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/admin/orders.data");
  await Promise.all([saved(page), status.selectOption("Processing")]);
  await reloaded;
  await expect(row).not.toContainText("Updated");

  await page.reload();
  await expect(payment).toHaveValue("Paid");
  await expect(status).toHaveValue("Processing");
  await hydrated(page);

  // Another member of staff changes it: the open page shows it, highlighted and announced.
  const colleague = await signedInRequest(baseURL!, OWNER);
  await colleague.post("/admin/orders", {
    form: { intent: "status", id: order.orderId, status: "Cancelled" },
    headers: { Origin: baseURL! },
  });
  await colleague.dispose();
  await expect(status).toHaveValue("Cancelled", { timeout: 2_000 });
  await expect(row).toContainText("Updated");
  await expect(page.getByRole("status").filter({ hasText: `Order #${short(order)} was updated.` })).toHaveCount(1);
});

test("a shopper's tracking and payment pages follow staff changes to their order, and no one else's", async ({
  browser,
  request,
  baseURL,
}) => {
  const mine = await placeCushionOrder(request, "Following Shopper");
  const other = await placeCushionOrder(request, "Other Shopper");
  const shopper = await browser.newContext();
  const tracking = await shopper.newPage();
  const payment = await shopper.newPage();
  const streams: string[] = [];
  shopper.on("request", (r) => {
    if (new URL(r.url()).pathname === "/events") streams.push(r.url());
  });
  // Each page reloads its data only for its own order's changes.
  const reloads = { tracking: 0, payment: 0 };
  tracking.on("request", (r) => void (new URL(r.url()).pathname.endsWith(".data") && reloads.tracking++));
  payment.on("request", (r) => void (new URL(r.url()).pathname.endsWith(".data") && reloads.payment++));
  await tracking.goto(`/track/${mine.trackingId}`);
  await payment.goto(`/payment-instructions/${mine.orderId}`);
  await hydrated(tracking);
  await hydrated(payment);
  await expect.poll(() => streams.length).toBe(2);
  expect(streams.join(" ")).not.toContain(other.orderId);

  const staff = await signedInRequest(baseURL!, OWNER);
  const moveOn = (order: TestOrder) =>
    staff.post("/admin/orders", { form: { intent: "status", id: order.orderId, status: "Processing" }, headers: { Origin: baseURL! } });
  await moveOn(other);
  // Long enough for a wrongly delivered event to have made the pages reload (they wait 150 ms for a burst).
  await tracking.waitForTimeout(500);
  await moveOn(mine);
  await expect(tracking.getByRole("listitem").filter({ hasText: "Processing" })).toHaveAttribute("aria-current", "step", {
    timeout: 2_000,
  });
  await expect(payment.getByText("Processing", { exact: true })).toBeVisible({ timeout: 2_000 });
  expect(reloads).toEqual({ tracking: 1, payment: 1 });
  await staff.dispose();
  await shopper.close();
});

test("the details dialog opens from a link, saves the client's details 500 ms after typing stops, and checks the phone", async ({
  page,
  request,
  baseURL,
}) => {
  const order = await placeCushionOrder(request, "Details Client");
  await signIn(page, OWNER);
  await page.clock.install();
  await page.goto(`/admin/orders?order=${order.orderId}`);
  await hydrated(page);

  const dialog = page.getByRole("dialog", { name: `Order #${short(order)}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Adinkra-Inspired Cushion Cover");
  await expect(dialog).toContainText("Size: 45 × 45 cm · Colour: Ochre & Charcoal");
  await expect(dialog).toContainText("1 × KSH 2,400");
  await expect(dialog).toContainText("Unpaid");
  // The picture is decorative beside the name (alt=""), so it has no role to find it by.
  await expect(dialog.locator("img")).toHaveAttribute("src", /./);
  await axe(page, "dialog[open]");

  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  const status = dialog.getByRole("status");
  await dialog.getByLabel("Phone").fill("0712 345 678");
  await page.clock.runFor(500);
  await expect(dialog.getByText(PHONE_MESSAGE)).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("Not saved. Please correct the details above.");

  await dialog.getByLabel("Full Name").fill("Wanjiku Kamau");
  await dialog.getByLabel("Phone").fill("+254 700 111 222");
  await page.clock.runFor(499);
  await expect(status).toHaveText("");
  const answer = saved(page);
  await page.clock.runFor(1);
  await answer;
  await expect(status).toHaveText("Saved!");
  await expect(dialog.getByText(PHONE_MESSAGE)).toHaveCount(0);

  await dialog.getByLabel("Full Name").fill("");
  await page.clock.runFor(500);
  await expect(dialog.getByText("Please enter the client's full name.")).toBeVisible();
  await page.clock.resume();

  await page.reload();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Wanjiku Kamau");
  await expect(dialog.getByLabel("Phone")).toHaveValue("+254700111222");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // Contact client: a chat to the client's digits, with the order's tracking link.
  const message = `Hello Wanjiku Kamau, this is about your order #${short(order)}. You can follow it here: ${baseURL}/track/${order.trackingId}`;
  await expect(page.getByRole("link", { name: `Contact the client of order #${short(order)}` })).toHaveAttribute(
    "href",
    `https://wa.me/254700111222?text=${encodeURIComponent(message)}`,
  );

  // View details opens the same dialog from the table.
  await page.getByRole("link", { name: `View details of order #${short(order)}` }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.goto("/admin/orders?order=nosuchorder00000000");
  await expect(page.getByRole("dialog", { name: "Order not found" }).getByRole("alert")).toHaveText("Order not found.");
});

test("dispatch asks for a rider, then sets Out for Delivery and offers the rider a chat; archive asks first, restore brings it back", async ({
  page,
  request,
}) => {
  const order = await placeCushionOrder(request, "Dispatch Client");
  await signIn(page, OWNER);
  await page.goto("/admin/orders");
  await hydrated(page);
  const row = rowOf(page, order);

  await row.getByRole("button", { name: `Dispatch order #${short(order)}` }).click();
  const dispatch = page.getByRole("dialog", { name: `Dispatch order #${short(order)}` });
  await expect(dispatch.getByLabel("Rider")).toBeFocused();
  await expect(dispatch.getByRole("option", { name: "Brian Mwangi - +254712345678" })).toBeAttached();
  await axe(page, "dialog[open]");
  await dispatch.getByRole("button", { name: "Confirm Dispatch" }).click();
  await expect(dispatch.getByRole("alert")).toHaveText("Please select a rider.");
  await dispatch.getByLabel("Rider").selectOption({ label: "Brian Mwangi - +254712345678" });
  await dispatch.getByRole("button", { name: "Confirm Dispatch" }).click();
  await expect(dispatch.getByRole("status")).toHaveText(`Order #${short(order)} is out for delivery with Brian Mwangi.`);
  const chat = dispatch.getByRole("link", { name: "Message Brian Mwangi" });
  const href = (await chat.getAttribute("href"))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/254712345678\?text=/);
  expect(decodeURIComponent(href.split("?text=")[1]!)).toBe(
    [
      `Delivery for order #${short(order)}`,
      `Client: Dispatch Client ${test.info().project.name}`,
      "Phone: +254712345678",
      "Address: Kimathi Street, Nairobi",
      "Items:",
      "- 1 × Adinkra-Inspired Cushion Cover (45 × 45 cm, Ochre & Charcoal) at KSH 2,400",
      "Amount to collect: KSH 2,400",
    ].join("\n"),
  );
  await axe(page, "dialog[open]");
  await dispatch.getByRole("button", { name: "Done" }).click();
  await expect(dispatch).toBeHidden();
  await expect(page.getByRole("combobox", { name: `Status of order #${short(order)}`, exact: true })).toHaveValue("Out for Delivery");

  await row.getByRole("button", { name: `Archive order #${short(order)}` }).click();
  const confirm = page.getByRole("dialog", { name: "Archive order" });
  await expect(confirm).toContainText(
    `Are you sure you want to archive order #${short(order)}? The order will be moved to the archive log.`,
  );
  await axe(page, "dialog[open]");
  await confirm.getByRole("button", { name: "Archive" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.getByRole("link", { name: "Archived" }).click();
  await expect(page).toHaveURL(/\?tab=archived$/);
  await expect(row).toBeVisible();
  await axe(page);
  await row.getByRole("button", { name: `Restore order #${short(order)}` }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole("link", { name: "Active" }).click();
  await expect(row).toBeVisible();
});

test.describe("on a shop of its own", () => {
  // A shop without riders.
  const ownedShop = ownShop([{ email: OWNER, role: "owner" }], { emptyTables: ["riders"] });

  test("empty lists, no riders to dispatch, and Delivered + Paid takes the stock exactly once", async ({ page, playwright }) => {
    const shop = ownedShop();
    const shopper = await playwright.request.newContext({ baseURL: shop.baseURL });
    await signIn(page, OWNER, shop.baseURL);
    await page.goto(`${shop.baseURL}/admin/orders`);
    await expect(page.getByText("No active orders found.")).toBeVisible();
    await axe(page);
    await page.getByRole("link", { name: "Archived" }).click();
    await expect(page.getByText("No archived orders found.")).toBeVisible();

    const basket = await sampleProduct(shopper, "Sisal Wall Basket Set");
    const available = async () => {
      const [product] = (await (await shopper.get(`/shop/bag-products?ids=${basket.id}`)).json()) as { available: number }[];
      return product!.available;
    };
    expect(await available()).toBe(6);
    const order = await placeOrderOverHttp(shopper, {
      productName: "Sisal Wall Basket Set",
      size: "Set of 3",
      color: "Earth Mix",
      quantity: 2,
    });
    await page.getByRole("link", { name: "Active" }).click();
    await hydrated(page);
    const row = rowOf(page, order);
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Dispatch order #${short(order)}` }).click();
    const dispatch = page.getByRole("dialog", { name: `Dispatch order #${short(order)}` });
    await expect(dispatch).toContainText("No riders available. Please add a rider from the 'Riders' tab first.");
    await axe(page, "dialog[open]");
    await dispatch.getByRole("button", { name: "Close" }).click();
    await expect(dispatch).toBeHidden();

    const payment = page.getByRole("combobox", { name: `Payment status of order #${short(order)}` });
    const status = page.getByRole("combobox", { name: `Status of order #${short(order)}`, exact: true });
    await Promise.all([saved(page), payment.selectOption("Paid")]);
    await Promise.all([saved(page), status.selectOption("Delivered")]);
    // Switching back and forth afterwards takes nothing more.
    await Promise.all([saved(page), payment.selectOption("Unpaid")]);
    await Promise.all([saved(page), payment.selectOption("Paid")]);
    await Promise.all([saved(page), status.selectOption("Out for Delivery")]);
    await Promise.all([saved(page), status.selectOption("Delivered")]);

    // Archived, the order holds nothing back: what is left to sell is the stock itself, 6 less the 2 taken once.
    await row.getByRole("button", { name: `Archive order #${short(order)}` }).click();
    await page.getByRole("dialog", { name: "Archive order" }).getByRole("button", { name: "Archive" }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText("No active orders found.")).toBeVisible();
    expect(await available()).toBe(4);
    await shopper.dispose();
  });
});
