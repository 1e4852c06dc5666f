import path from "node:path";
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { inPrivateShop } from "./support/private-shop";
import { sampleProduct } from "./support/shop";
import { addStaffMember } from "./support/staff";

// Site Settings, FAQs, Contact Info, Our Story and the Image Generator (developers only), and the SEO Report
// (all staff). The editors change shop-wide content that other specs rely on, so they run in a private shop.

const OWNER = "owner@content.test";
const DEVELOPER = "dev@content.test";
const FIXTURE = path.join(import.meta.dirname, "fixtures", "terracotta.png");
const CHECK_FIELDS = "Nothing was saved yet: please correct the fields that show a message.";

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** Stops the page's clock a moment from now, so a timed message can be watched to the millisecond. */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(now + 1_000));
}

/** Saves with the given button and checks the success message stays exactly 3 s (product.md §4, §9). */
async function saveAndSeeSuccess(page: Page, button: string, message: string) {
  await pauseClock(page);
  await page.getByRole("button", { name: button }).click();
  const status = page.getByRole("status").filter({ hasText: message });
  await expect(status).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(status).toBeVisible();
  await page.clock.runFor(100);
  await expect(status).toHaveCount(0);
  await page.clock.resume();
}

/**
 * Makes the next save fail on the way (the connection drops), checks the editor says so with the spec's
 * message and keeps the button usable, then lets saves through again.
 */
async function expectFailedSave(page: Page, pathname: string, button: string, message: string) {
  const action = (url: URL) => url.pathname === `${pathname}.data`;
  await page.route(action, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("button", { name: button })).toBeEnabled();
  await page.unroute(action);
}

const group = (scope: Page | Locator, name: string) => scope.getByRole("group", { name, exact: true });

test.describe("an owner", () => {
  test.beforeAll(() => addStaffMember(OWNER, "owner"));

  test("is kept off the developer pages: each lands on the dashboard", async ({ page }) => {
    await signIn(page, OWNER);
    for (const pathname of ["/admin/settings", "/admin/faq", "/admin/contact", "/admin/our-story", "/admin/image-generator"]) {
      await page.goto(pathname);
      await expect(page, pathname).toHaveURL("/admin/dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    }
  });

  test("reads the SEO report: keywords, competitors, content plan, technical and link-building advice", async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto("/admin/seo-report");
    await expect(page.getByRole("heading", { name: "SEO Report", level: 1 })).toBeVisible();
    for (const heading of ["Target keywords", "Competitors", "Content plan", "Technical SEO", "Link building"]) {
      await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    }
    const keywords = page.getByRole("table", { name: "Target keywords" });
    await expect(keywords.getByRole("columnheader")).toHaveText(["Keyword", "Intent", "Demand", "Competition", "Target page"]);
    await expect(keywords.getByRole("row", { name: /kiondo bag/ })).toContainText("Kiondo Sisal Handbag");
    await expect(page.getByRole("table", { name: "Competitors" }).getByRole("rowheader", { name: "Jumia Kenya" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Content plan" }).getByRole("row")).toHaveCount(8);
    // Read-only: nothing on the page can be typed into or submitted.
    await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("a developer, in a private shop", () => {
  // Starting a shop takes a while; it is started once, by the first test that needs it.
  test.describe.configure({ timeout: 120_000 });
  inPrivateShop([[DEVELOPER, "developer"]]);

  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEVELOPER);
  });

  test("hero slides are added by upload, checked, reordered and removed; the home page shows them", async ({ page }) => {
    await page.goto("/admin/settings");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Site Settings", level: 1 })).toBeVisible();
    const slides = page.getByRole("list", { name: "Hero slides" });
    await expect(group(slides, "Slide 1").getByLabel("Title", { exact: true })).toHaveValue("Handcrafted in Kenya, Made to Be Worn");
    await expect(slides.getByRole("group")).toHaveCount(3);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Add slide" }).click();
    const added = group(slides, "Slide 4");
    await expect(added.getByLabel("Image", { exact: true })).toBeFocused();
    await added.getByLabel("Upload image for slide 4", { exact: true }).setInputFiles(FIXTURE);
    await expect(added.getByLabel("Image", { exact: true })).toHaveValue(/^\/uploads\/[a-z0-9-]+\.webp$/);
    await added.getByLabel("Title", { exact: true }).fill("Baobab Season");
    await added.getByLabel("Subtitle", { exact: true }).fill("New terracotta pieces for the long rains.");

    // No alt text: refused, with the message on the field, and nothing typed is lost.
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByRole("alert").filter({ hasText: CHECK_FIELDS })).toBeVisible();
    await expect(added.getByText("Describe the image for people who cannot see it.")).toBeVisible();
    await expect(added.getByLabel("Alt text", { exact: true })).toBeFocused();
    await expect(added.getByLabel("Title", { exact: true })).toHaveValue("Baobab Season");
    await expectNoAxeViolations(page);
    await added.getByLabel("Alt text", { exact: true }).fill("Terracotta cloth draped over a baobab branch");

    // Moved to the front from the keyboard: focus stays with the slide as it moves.
    await page.getByRole("button", { name: "Move slide 4 up" }).focus();
    for (const position of [3, 2]) {
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: `Move slide ${position} up` })).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move slide 1 down" })).toBeFocused();
    await expect(group(slides, "Slide 1").getByLabel("Title", { exact: true })).toHaveValue("Baobab Season");
    await expect(group(slides, "Slide 4").getByLabel("Title", { exact: true })).toHaveValue("Woven for the Home");
    await page.getByRole("button", { name: "Remove slide 4" }).click();
    await expect(slides.getByRole("group")).toHaveCount(3);

    await expectFailedSave(page, "/admin/settings", "Save All Settings", "An error occurred while saving settings.");
    await expect(group(slides, "Slide 1").getByLabel("Title", { exact: true })).toHaveValue("Baobab Season");
    await saveAndSeeSuccess(page, "Save All Settings", "Settings saved successfully!");

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Baobab Season" })).toBeVisible();
    await expect(page.getByRole("group", { name: "1 of 3" }).getByRole("img", { name: /baobab branch/ })).toHaveAttribute(
      "src",
      /^\/uploads\//,
    );
    await expect(page.getByRole("button", { name: "Show slide 3 of 3" })).toBeAttached();
    expect(await (await page.request.get("/")).text()).not.toContain("Woven for the Home");
  });

  test("a payment method with its details and USSD code, and the floating button; the shop uses them", async ({ page }) => {
    await page.goto("/admin/settings");
    await hydrated(page);
    const methods = page.getByRole("list", { name: "Payment methods" });
    await expect(methods.getByRole("group", { name: /^Payment method \d$/ })).toHaveCount(2);
    await expect(page.getByText("Values may use {{ORDER_ID}}, {{ORDER_CODE}} and {{CLIENT_NAME}}").first()).toBeVisible();

    await page.getByRole("button", { name: "Add payment method" }).click();
    const airtel = group(methods, "Payment method 3");
    await expect(airtel.getByLabel("Name", { exact: true })).toBeFocused();
    await airtel.getByLabel("Name", { exact: true }).fill("Airtel Money");
    await expect(airtel.getByRole("checkbox", { name: "Enabled (offered at checkout)" })).toBeChecked();
    await airtel.getByLabel("Instructions", { exact: true }).fill("Send the amount to our Airtel Money till.");
    await airtel.getByLabel("USSD code", { exact: true }).fill("dial 334");
    await airtel.getByRole("button", { name: "Add field" }).click();
    await group(airtel, "Field 1").getByLabel("Label", { exact: true }).fill("Till Number");
    await group(airtel, "Field 1").getByLabel("Value", { exact: true }).fill("556677");
    await airtel.getByRole("button", { name: "Add field" }).click();
    await group(airtel, "Field 2").getByLabel("Label", { exact: true }).fill("Reference");
    await group(airtel, "Field 2").getByLabel("Value", { exact: true }).fill("{{ORDER_ID}} for {{CLIENT_NAME}}");

    await page.getByRole("checkbox", { name: "Show the floating contact button" }).uncheck();
    await page.getByLabel("Button icon URL", { exact: true }).fill("icon.png");

    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByRole("alert").filter({ hasText: CHECK_FIELDS })).toBeVisible();
    await expect(airtel.getByText("Use digits, * and # only.")).toBeVisible();
    await expect(page.getByText("Enter a web address.")).toBeVisible();
    await expect(airtel.getByLabel("USSD code", { exact: true })).toBeFocused();
    await airtel.getByLabel("USSD code", { exact: true }).fill("*444#");
    await page.getByLabel("Button icon URL", { exact: true }).fill("https://example.com/chat.svg");
    await saveAndSeeSuccess(page, "Save All Settings", "Settings saved successfully!");

    // Saved as typed, with lasting ids.
    await page.reload();
    await expect(group(methods, "Payment method 3").getByLabel("Name", { exact: true })).toHaveValue("Airtel Money");
    await expect(group(group(methods, "Payment method 3"), "Field 2").getByLabel("Value", { exact: true })).toHaveValue(
      "{{ORDER_ID}} for {{CLIENT_NAME}}",
    );
    await expect(page.getByLabel("Button icon URL", { exact: true })).toHaveValue("https://example.com/chat.svg");

    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Contact us" })).toHaveCount(0);

    // An order paid with the new method gets its details, with the order's id and the client's name put in.
    const product = await sampleProduct(page.request, "Kanga Cotton Head Wrap");
    const placed = await page.request.post("/checkout", {
      form: {
        name: "Nyokabi Wairimu",
        address: "Ngong Road, Nairobi",
        phone: "+254712345678",
        paymentMethod: "Airtel Money",
        bag: JSON.stringify([{ productId: product.id, size: "One Size", color: "Indigo & Ochre", quantity: 1 }]),
        idempotencyKey: randomUUID(),
      },
      maxRedirects: 0,
    });
    expect(placed.status()).toBe(302);
    const orderId = placed.headers().location!.split("/").pop()!;
    await page.goto(`/payment-instructions/${orderId}`);
    await expect(page.getByText("Send the amount to our Airtel Money till.")).toBeVisible();
    await expect(page.getByText("556677")).toBeVisible();
    await expect(page.getByText(`${orderId} for Nyokabi Wairimu`)).toBeVisible();
  });

  test("FAQs are added, checked, reordered and removed; the home page's FAQ section follows", async ({ page }) => {
    await page.goto("/admin/faq");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "FAQs", level: 1 })).toBeVisible();
    const questions = page.getByRole("list", { name: "Frequently asked questions" });
    await expect(questions.getByRole("group")).toHaveCount(4);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Add question" }).click();
    const added = group(questions, "Question 5");
    await expect(added.getByLabel("Question", { exact: true })).toBeFocused();
    await added.getByLabel("Question", { exact: true }).fill("Do you deliver outside Nairobi?");
    await page.getByRole("button", { name: "Save FAQs" }).click();
    await expect(page.getByRole("alert").filter({ hasText: CHECK_FIELDS })).toBeVisible();
    await expect(added.getByText("Please fill this in.")).toBeVisible();
    await expect(added.getByLabel("Answer", { exact: true })).toBeFocused();
    await expect(added.getByLabel("Question", { exact: true })).toHaveValue("Do you deliver outside Nairobi?");
    await added.getByLabel("Answer", { exact: true }).fill("Yes: we deliver across Kenya within 3-5 business days.");

    for (let position = 5; position > 1; position--) await page.getByRole("button", { name: `Move question ${position} up` }).click();
    await expect(group(questions, "Question 1").getByLabel("Question", { exact: true })).toHaveValue("Do you deliver outside Nairobi?");
    await expect(group(questions, "Question 5").getByLabel("Question", { exact: true })).toHaveValue("How do I pay with M-Pesa?");
    await page.getByRole("button", { name: "Remove question 5" }).click();
    await expect(page.getByRole("button", { name: "Remove question 4" })).toBeFocused();

    await expectFailedSave(page, "/admin/faq", "Save FAQs", "An error occurred while saving FAQs.");
    await saveAndSeeSuccess(page, "Save FAQs", "FAQs saved successfully!");

    await page.goto("/#faq");
    const faq = page.locator("#faq");
    await expect(faq.locator("summary")).toHaveCount(4);
    await expect(faq.locator("summary").first()).toHaveText("Do you deliver outside Nairobi?");
    await expect(faq.getByText("How do I pay with M-Pesa?")).toHaveCount(0);
  });

  test("contact info: title, a contact field with its icon, a social link; the home page's contact section follows", async ({ page }) => {
    await page.goto("/admin/contact");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Contact Info", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Title", { exact: true }).fill("Talk to Us");

    await page.getByRole("button", { name: "Add contact field" }).click();
    const workshop = group(page.getByRole("list", { name: "Contact fields" }), "Contact field 4");
    await expect(workshop.getByLabel("Label", { exact: true })).toBeFocused();
    await workshop.getByLabel("Label", { exact: true }).fill("Workshop");
    await workshop.getByLabel("Value", { exact: true }).fill("Kariokor Market, Nairobi");
    await expect(workshop.getByLabel("Icon", { exact: true }).locator("option")).toHaveText(["Phone", "Mail", "Map pin"]);
    await workshop.getByLabel("Icon", { exact: true }).selectOption({ label: "Map pin" });

    await page.getByRole("button", { name: "Add social link" }).click();
    const youtube = group(page.getByRole("list", { name: "Social links" }), "Social link 4");
    await youtube.getByLabel("Name", { exact: true }).fill("YouTube");
    await youtube.getByLabel("URL", { exact: true }).fill("youtube.com/@dukacrafts");
    await page.getByRole("button", { name: "Save Contact Info" }).click();
    await expect(youtube.getByText("Enter a web address.")).toBeVisible();
    await expect(youtube.getByLabel("URL", { exact: true })).toBeFocused();
    await youtube.getByLabel("URL", { exact: true }).fill("https://www.youtube.com/@dukacrafts");

    await expectFailedSave(page, "/admin/contact", "Save Contact Info", "An error occurred while saving contact info.");
    await saveAndSeeSuccess(page, "Save Contact Info", "Contact info saved successfully!");

    await page.goto("/#contact-us");
    const contact = page.locator("#contact-us");
    await expect(contact.getByRole("heading", { name: "Talk to Us" })).toBeVisible();
    await expect(contact.getByText("Kariokor Market, Nairobi")).toBeVisible();
    await expect(contact.getByRole("link", { name: "YouTube" })).toHaveAttribute("href", "https://www.youtube.com/@dukacrafts");
  });

  test("Our Story: title, text and an uploaded image; the About page follows", async ({ page }) => {
    await page.goto("/admin/our-story");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Our Story", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Title", { exact: true }).fill("Made by Hand in Kenya");
    const story = page.getByLabel("Story", { exact: true });
    await story.fill(`${await story.inputValue()}\n\nThis season we welcome a new group of weavers from Kitui.`);

    await page.getByLabel("Image URL", { exact: true }).fill("ftp://example.com/weavers.jpg");
    await page.getByRole("button", { name: "Save Our Story" }).click();
    await expect(page.getByText("Enter a web address.")).toBeVisible();
    await expect(page.getByLabel("Image URL", { exact: true })).toBeFocused();
    await page.getByLabel("Upload image", { exact: true }).setInputFiles(FIXTURE);
    await expect(page.getByLabel("Image URL", { exact: true })).toHaveValue(/^\/uploads\/[a-z0-9-]+\.webp$/);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Made by Hand in Kenya");

    await expectFailedSave(page, "/admin/our-story", "Save Our Story", "An error occurred while saving content.");
    await saveAndSeeSuccess(page, "Save Our Story", "Our Story saved successfully!");

    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Made by Hand in Kenya", level: 1 })).toBeVisible();
    await expect(page.getByText("This season we welcome a new group of weavers from Kitui.")).toBeVisible();
    await expect(page.locator("article img")).toHaveAttribute("src", /^\/uploads\//);
  });

  test("the image generator checks its prompt form and says it is disabled", async ({ page }) => {
    await page.goto("/admin/image-generator");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Image Generator", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Number of images", { exact: true }).locator("option")).toHaveText(["1", "2", "3", "4"]);
    await expect(page.getByLabel("Aspect ratio", { exact: true }).locator("option")).toHaveText([/^1:1/, /^16:9/, /^9:16/, /^4:3/, /^3:4/]);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Generate Images" }).click();
    await expect(page.getByText("Please describe the image you want.")).toBeVisible();

    await page.getByLabel("Prompt", { exact: true }).fill("A kiondo bag on a wooden bench in morning light");
    await page.getByLabel("Number of images", { exact: true }).selectOption("4");
    await page.getByLabel("Aspect ratio", { exact: true }).selectOption("16:9");
    await page.getByRole("button", { name: "Generate Images" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The AI Image Generator is currently disabled." })).toBeVisible();
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("A kiondo bag on a wooden bench in morning light");
    await expect(page.getByLabel("Number of images", { exact: true })).toHaveValue("4");
    await expectNoAxeViolations(page);
  });
});
