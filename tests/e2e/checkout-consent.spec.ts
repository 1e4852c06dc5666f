import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { ownShop } from "./support/own-shop";
import { hydrated } from "./support/page";

// Consent and notice at checkout (issue 25), in a shop of its own: the privacy line under Place Order, an unticked
// Send me news and offers box, and a ticked box recorded as the customer's consent, with when and how.

const OWNER = "owner@checkout-consent.test";
const ownedShop = ownShop([{ email: OWNER, role: "owner" }]);

/** The Kiondo Sisal Handbag's bag line, found through the sitemap. */
async function handbagLine() {
  const http = await playwrightRequest.newContext({ baseURL: ownedShop().baseURL });
  const sitemap = await (await http.get("/sitemap.xml")).text();
  await http.dispose();
  const id = /\/product\/kiondo-sisal-handbag-([a-z0-9]+)</.exec(sitemap)![1]!;
  return { productId: id, size: "Large (36 × 38 cm)", color: "Natural & Indigo", quantity: 1 };
}

async function checkout(page: Page) {
  const shop = ownedShop();
  await page.goto(`${shop.baseURL}/about`);
  await page.evaluate((bag) => localStorage.setItem("duka-bag", bag), JSON.stringify([bag]));
  await page.goto(`${shop.baseURL}/checkout`);
  await hydrated(page);
}

let bag: Awaited<ReturnType<typeof handbagLine>>;
test.beforeAll(async () => {
  bag = await handbagLine();
});

test("checkout says how details are used, with the Privacy Policy a link away, and asks for marketing with an unticked box", async ({
  page,
}) => {
  await checkout(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Place Order" }) });
  const consent = form.getByRole("checkbox", { name: "Send me news and offers", exact: true });
  await expect(consent).not.toBeChecked();
  await expect(consent).toHaveAccessibleDescription("By SMS to this phone. You can stop at any time.");
  const notice = form.getByText("We use your details to deliver your order.");
  await expect(notice).toHaveText("We use your details to deliver your order. Privacy Policy");
  // The line sits under the button.
  const button = await form.getByRole("button", { name: "Place Order" }).boundingBox();
  const line = await notice.boundingBox();
  expect(line!.y).toBeGreaterThan(button!.y + button!.height - 1);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await form.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
});

test("a ticked box is recorded as the customer's consent with the order; unticked, the order is placed the same", async ({
  page,
  browser,
}) => {
  const place = async (phone: string, agree: boolean) => {
    await checkout(page);
    await page.getByLabel("Full name").fill("Wanjiru Mwangi");
    await page.getByLabel("Address", { exact: true }).fill("Moi Avenue, Nairobi");
    await page.getByLabel("Phone").fill(phone);
    await page.getByRole("radio", { name: "M-Pesa" }).check();
    if (agree) await page.getByRole("checkbox", { name: "Send me news and offers" }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/payment-instructions\//);
  };
  await place("+254 733 555 001", true);
  await place("+254 733 555 002", false);

  const staff = await browser.newPage();
  await signIn(staff, OWNER, ownedShop().baseURL);
  await staff.goto(`${ownedShop().baseURL}/admin/customers/254733555001`);
  await expect(staff.getByText("Ticked at checkout")).toBeVisible();
  await staff.goto(`${ownedShop().baseURL}/admin/customers/254733555002`);
  await expect(staff.getByText("Ticked at checkout")).toHaveCount(0);
  await staff.close();
});
