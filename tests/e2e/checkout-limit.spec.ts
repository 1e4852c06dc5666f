import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ownShop } from "./support/own-shop";
import { placeOrderOverHttp, sampleProduct } from "./support/shop";

// Issue 10: checkout limits (decision 029) and quantities a bag line may hold, on a shop of their own whose
// checkout allows two tries an hour per phone number and per browser.
const shop = ownShop([], { env: { CHECKOUTS_PER_HOUR: "2" } });

type StoredLine = { productId: string; size: string; color: string; quantity: number };

const PHONE = "+254 712 345 678";

/** Puts lines straight into the browser's bag, as if added earlier. */
async function fillBag(page: Page, lines: StoredLine[]) {
  await page.goto(`${shop().baseURL}/about`);
  await page.evaluate((bag) => localStorage.setItem("duka-bag", bag), JSON.stringify(lines));
}

const storedBag = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("duka-bag") ?? "null") as StoredLine[] | null);

async function fillCheckout(page: Page, phone: string) {
  await page.getByLabel("Full name").fill("Achieng Otieno");
  await page.getByLabel("Address", { exact: true }).fill("Kimathi Street, Nairobi");
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("radio", { name: "M-Pesa" }).check();
}

let request: APIRequestContext;
test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: shop().baseURL });
});
test.afterAll(async () => {
  await request.dispose();
});

test("over the checkout limit the shopper is asked to wait, keeping the bag and the details; a neighbour on the same connection still checks out", async ({
  page,
  browser,
}) => {
  const dress = await sampleProduct(request, "Ankara Wrap Dress");
  // Two orders for this phone number already this hour, from another device.
  for (let i = 0; i < 2; i++) await placeOrderOverHttp(request, { productName: "Ankara Wrap Dress", size: "S", color: "Terracotta", phone: PHONE });

  const bag = [{ productId: dress.id, size: "M", color: "Indigo", quantity: 1 }];
  await fillBag(page, bag);
  await page.goto(`${shop().baseURL}/checkout`);
  await fillCheckout(page, PHONE);
  const answer = page.waitForResponse((response) => response.url().includes("/checkout.data"));
  await page.getByRole("button", { name: "Place Order" }).click();
  expect((await answer).status()).toBe(429);

  await expect(page.getByRole("alert")).toHaveText(
    "Too many orders tried from this phone number, browser or connection. Please try again in 60 minutes; your bag and details are kept.",
  );
  await expect(page.getByLabel("Full name")).toHaveValue("Achieng Otieno");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Kimathi Street, Nairobi");
  await expect(page.getByLabel("Phone")).toHaveValue(PHONE);
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  expect(await storedBag(page)).toEqual(bag);

  // Another shopper behind the same address (carrier-grade NAT), with their own phone and browser.
  const neighbour = await (await browser.newContext()).newPage();
  await fillBag(neighbour, bag);
  await neighbour.goto(`${shop().baseURL}/checkout`);
  await fillCheckout(neighbour, "+254 733 000 111");
  await neighbour.getByRole("button", { name: "Place Order" }).click();
  await expect(neighbour.getByRole("heading", { level: 1, name: "Thank You! Your Order is Placed." })).toBeVisible();
  await neighbour.context().close();
});

test("the plus button stops at what is left of a product, counting the bag's other sizes of it", async ({ page }) => {
  const dress = await sampleProduct(request, "Ankara Wrap Dress");
  const [product] = (await (await request.get(`/shop/bag-products?ids=${dress.id}`)).json()) as { available: number }[];
  const available = product!.available;
  expect(available).toBeGreaterThan(2);
  await fillBag(page, [
    { productId: dress.id, size: "M", color: "Indigo", quantity: available - 2 },
    { productId: dress.id, size: "L", color: "Indigo", quantity: 1 },
  ]);
  await page.goto(`${shop().baseURL}/cart`);

  const increaseM = page.getByRole("button", { name: "Increase quantity of Ankara Wrap Dress (M, Indigo)" });
  const increaseL = page.getByRole("button", { name: "Increase quantity of Ankara Wrap Dress (L, Indigo)" });
  const quantityOfL = page.getByRole("status", { name: "Quantity of Ankara Wrap Dress (L, Indigo)" });
  await expect(increaseL).toBeEnabled();
  await increaseL.click();
  await expect(quantityOfL).toHaveText("2");
  // The two lines now take every unit left.
  await expect(increaseL).toBeDisabled();
  await expect(increaseM).toBeDisabled();

  await page.getByRole("button", { name: "Decrease quantity of Ankara Wrap Dress (M, Indigo)" }).click();
  await expect(increaseL).toBeEnabled();
  await increaseL.click();
  await expect(quantityOfL).toHaveText("3");
  await expect(increaseL).toBeDisabled();
  expect((await storedBag(page))!.reduce((units, line) => units + line.quantity, 0)).toBe(available);
});
