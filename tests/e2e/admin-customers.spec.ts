import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { inPrivateShop } from "./support/private-shop";
import { placeOrderOverHttp } from "./support/shop";

// The back office's Customers (issue 25): a shopper who ticked "Send me news and offers" at checkout is found by
// phone, their page shows the order and the consent, and staff withdraw it. Consent is never deleted, so the file
// runs in a shop of its own.

const OWNER = "owner@customers.test";
inPrivateShop([[OWNER, "owner"]]);

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test("staff find a customer by phone, see their order and consent, and withdraw it", async ({ page, request }) => {
  const digits = `2547${String(randomInt(10_000_000, 99_999_999))}`;
  // The checkout's form as a browser posts it, with the news and offers box ticked.
  const { orderId } = await placeOrderOverHttp(request, {
    productName: "Adinkra-Inspired Cushion Cover",
    size: "45 × 45 cm",
    color: "Ochre & Charcoal",
    name: "Makena Wanjiru",
    phone: `+${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`,
    marketing: true,
  });

  await signIn(page, OWNER);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customers");
  // Typed as people type phones: with spaces, without the plus.
  await page.getByLabel("Search by name or phone").fill(`${digits.slice(0, 6)} ${digits.slice(6)}`);
  await page.getByRole("button", { name: "Show" }).click();
  const row = page.getByRole("row").filter({ hasText: `+${digits}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toHaveText(["Makena Wanjiru", `+${digits}`, "1", "KSH 0", /\d{4}, \d\d:\d\d$/, "Yes"]);
  await axe(page);

  await row.getByRole("link", { name: "Makena Wanjiru" }).click();
  await expect(page).toHaveURL(`/admin/customers/${digits}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Makena Wanjiru" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", `https://wa.me/${digits}`);
  await expect(page.getByRole("link", { name: `Order ${orderId.slice(0, 6)}` })).toHaveAttribute("href", `/admin/orders?order=${orderId}`);
  const consent = page.getByRole("region", { name: "Consent history" });
  await expect(consent.getByRole("row")).toHaveCount(2);
  await expect(consent.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText("Agreed");
  await expect(consent.getByRole("row").nth(1).getByRole("cell").nth(2)).toHaveText("Ticked at checkout");
  await axe(page);

  // Withdrawing asks first; Cancel changes nothing.
  await page.getByRole("button", { name: "Withdraw consent" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw consent" });
  await expect(dialog).toContainText(`+${digits} will get no more marketing messages`);
  await axe(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Withdraw consent" }).click();
  await dialog.getByRole("button", { name: "Withdraw consent" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Consent withdrawn" })).toHaveText(
    "Consent withdrawn. This customer will get no more marketing messages.",
  );
  await expect(page.getByText("Agreed to marketing: No")).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw consent" })).toHaveCount(0);
  await expect(consent.getByRole("row")).toHaveCount(3);
  await expect(consent.getByRole("row").nth(1).getByRole("cell")).toHaveText([/\d{4}, \d\d:\d\d$/, "Withdrawn", "Changed by staff", OWNER]);
  await axe(page);

  // The list says so too.
  await page.goto(`/admin/customers?q=${digits}`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `+${digits}` })
      .getByRole("cell")
      .last(),
  ).toHaveText("No");
});

test("Download data gives the customer's file; Anonymise, once confirmed, leaves nothing a lookup by their phone finds", async ({
  page,
  request,
}) => {
  const digits = `2547${String(randomInt(10_000_000, 99_999_999))}`;
  await placeOrderOverHttp(request, {
    productName: "Adinkra-Inspired Cushion Cover",
    size: "45 × 45 cm",
    color: "Ochre & Charcoal",
    name: "Zawadi Njoroge",
    address: "Ngong Road, Nairobi",
    phone: `+${digits}`,
    marketing: true,
  });

  await signIn(page, OWNER);
  await page.goto(`/admin/customers/${digits}`);
  await hydrated(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download data" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`customer-${digits}.json`);
  const held = JSON.parse(readFileSync((await file.path())!, "utf8")) as {
    phone: string;
    orders: { name: string; address: string }[];
    consent: { source: string }[];
  };
  expect(held).toMatchObject({
    phone: `+${digits}`,
    orders: [{ name: "Zawadi Njoroge", address: "Ngong Road, Nairobi" }],
    consent: [{ source: "checkout" }],
  });

  // Anonymise asks first, naming the phone; Cancel changes nothing.
  await page.getByRole("button", { name: "Anonymise" }).click();
  const dialog = page.getByRole("dialog", { name: "Anonymise customer" });
  await expect(dialog).toContainText(
    `Remove the name, phone, address and email of +${digits} from every order, payment, message and subscription? Amounts and items are kept. This cannot be undone.`,
  );
  await axe(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Zawadi Njoroge" })).toBeVisible();
  await page.getByRole("button", { name: "Anonymise" }).click();
  await dialog.getByRole("button", { name: "Anonymise" }).click();
  // Checkout's messages were kept as not sent (the shop has no SMS or email configured), and are anonymised too.
  await expect(page.getByRole("status").filter({ hasText: "Customer anonymised" })).toHaveText(
    /^Customer anonymised: 1 order, 0 payments, \d+ messages? and 0 subscriptions no longer name them\.$/,
  );
  await expect(page.getByText("Customer not found.")).toBeVisible();
  await page.goto(`/admin/customers?q=${digits}`);
  await expect(page.getByRole("row").filter({ hasText: `+${digits}` })).toHaveCount(0);

  // The shopper's lookups by phone find nothing.
  await page.goto("/track");
  await page.getByLabel("Order ID, Tracking ID or Phone Number").fill(`+${digits}`);
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page.getByText("No order found with that Order ID, Tracking ID, or Phone Number.")).toBeVisible();
  await page.goto(`/orders-by-phone/+${digits}`);
  await expect(page.getByText("No orders found for this phone number.")).toBeVisible();
});

test("a phone with no orders has no customer page", async ({ page }) => {
  await signIn(page, OWNER);
  const response = await page.goto("/admin/customers/254700000001");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Customer not found.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Customers" })).toHaveAttribute("href", "/admin/customers");
});
