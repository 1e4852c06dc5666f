import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DELIVERY_FEE_MESSAGE, DELIVERY_NAME_REQUIRED } from "../../app/domain/delivery.schema";
import { changedMeanwhileMessage } from "../../app/domain/edit-version";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { addStaffMember, signedInRequest } from "./support/staff";

// The Delivery page (issue 23): zones and pick-up points added, edited, switched, moved and deleted by staff. The
// shared shop's other specs expect no delivery offered, so everything this spec adds is deleted again, also when it fails.

const OWNER = "owner@delivery.test";
const DEVELOPER = "dev@delivery.test";
const RUN = Date.now().toString(36);
/** A name of this run's own, so a rerun after a failure never meets an earlier run's option. */
const ownName = (base: string) => `${base} ${test.info().project.name} ${RUN}`;

const axe = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  expect((await (include ? builder.include(include) : builder).analyze()).violations).toEqual([]);
};

test.beforeAll(async () => {
  await addStaffMember(OWNER);
  await addStaffMember(DEVELOPER);
});

// Each row's switch names its option ("Nairobi CBD on"), just after the id its form posts.
test.afterEach(async ({ baseURL }) => {
  const staff = await signedInRequest(baseURL!, OWNER);
  const page = await (await staff.get("/admin/delivery")).text();
  for (const match of page.matchAll(/aria-label="([^"]+) on"/g)) {
    if (!match[1]!.includes(RUN)) continue;
    const id = [...page.slice(0, match.index).matchAll(/name="id" value="([^"]+)"/g)].at(-1)![1]!;
    await staff.post("/admin/delivery", { form: { intent: "delete", id }, headers: { Origin: baseURL! } });
  }
  await staff.dispose();
});

async function staffPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signIn(page, email);
  await page.goto("/admin/delivery");
  await hydrated(page);
  return page;
}

test("staff add zones and a pick-up point, edit, switch, move and delete them; a stale edit keeps its typing", async ({
  page,
  browser,
}) => {
  const cbd = ownName("Nairobi CBD");
  const westlands = ownName("Westlands");
  const moi = ownName("Moi Avenue shop");
  await signIn(page, OWNER);
  await page.goto("/admin/delivery");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Delivery", level: 1 })).toBeVisible();
  await expect(page.getByText("checkout asks nothing about delivery and charges no delivery")).toBeVisible();
  await expect(page.getByText("No delivery zones yet.")).toBeVisible();
  await expect(page.getByText("No pick-up points yet.")).toBeVisible();
  await axe(page);

  await page.getByRole("button", { name: "Add zone" }).click();
  const addZone = page.getByRole("dialog", { name: "Add zone" });
  await expect(addZone.getByLabel("Name")).toBeFocused();
  await addZone.getByLabel("Name").fill("   ");
  await addZone.getByLabel("Fee (KSH)").fill("-5");
  await addZone.getByRole("button", { name: "Save" }).click();
  await expect(addZone.getByText(DELIVERY_NAME_REQUIRED)).toBeVisible();
  await expect(addZone.getByText(DELIVERY_FEE_MESSAGE)).toBeVisible();
  await expect(addZone.getByLabel("Fee (KSH)")).toHaveValue("-5");
  await axe(page, "dialog[open]");
  await addZone.getByLabel("Name").fill(cbd);
  await addZone.getByLabel("Areas").fill("CBD, Upper Hill");
  await addZone.getByText("Counties", { exact: true }).click();
  await addZone.getByRole("checkbox", { name: "Nairobi" }).check();
  await addZone.getByLabel("Fee (KSH)").fill("250");
  await addZone.getByLabel("Free delivery from (KSH)").fill("6000");
  await addZone.getByLabel("Delivery time").fill("Same day");
  await addZone.getByRole("button", { name: "Save" }).click();
  await expect(addZone).toBeHidden();
  const cbdRow = page.getByRole("row", { name: new RegExp(cbd) });
  await expect(cbdRow).toContainText("Nairobi, CBD, Upper Hill");
  await expect(cbdRow).toContainText("KSH 250");
  await expect(cbdRow).toContainText("Free delivery from KSH 6,000");
  await expect(cbdRow).toContainText("Same day");

  await page.getByRole("button", { name: "Add zone" }).click();
  await addZone.getByLabel("Name").fill(westlands);
  await addZone.getByLabel("Fee (KSH)").fill("300");
  await addZone.getByRole("button", { name: "Save" }).click();
  await expect(addZone).toBeHidden();

  await page.getByRole("button", { name: "Add pick-up point" }).click();
  const addPickUp = page.getByRole("dialog", { name: "Add pick-up point" });
  await addPickUp.getByLabel("Name").fill(moi);
  await addPickUp.getByLabel("Directions").fill("Moi Avenue, next to the Kenya Cinema");
  await addPickUp.getByLabel("Opening hours").fill("Mon–Sat 9:00–18:00");
  await expect(addPickUp.getByLabel("Fee (KSH)")).toHaveValue("");
  await addPickUp.getByRole("button", { name: "Save" }).click();
  await expect(addPickUp).toBeHidden();
  const moiRow = page.getByRole("table", { name: "Pick-up points" }).getByRole("row", { name: new RegExp(moi) });
  await expect(moiRow).toContainText("Free");
  await expect(moiRow).toContainText("Mon–Sat 9:00–18:00");
  await expect(page.getByText("No delivery zones yet.")).toHaveCount(0);
  await axe(page);

  // Edit: the dialog opens with what is saved; the list shows the new fee.
  await page.getByRole("button", { name: `Edit ${cbd}` }).click();
  const editZone = page.getByRole("dialog", { name: "Edit zone" });
  await expect(editZone.getByLabel("Name")).toHaveValue(cbd);
  await expect(editZone.getByLabel("Fee (KSH)")).toHaveValue("250");
  await expect(editZone.getByLabel("Areas")).toHaveValue("CBD, Upper Hill");
  await expect(editZone.getByRole("checkbox", { name: "Nairobi" })).toBeChecked();
  await expect(editZone.getByLabel("Free delivery from (KSH)")).toHaveValue("6000");
  await editZone.getByLabel("Fee (KSH)").fill("280");
  await editZone.getByRole("button", { name: "Save" }).click();
  await expect(editZone).toBeHidden();
  await expect(cbdRow).toContainText("KSH 280");

  // Switched off, the pick-up point stays listed, off, after a reload; then back on.
  const moiSwitch = page.getByRole("switch", { name: `${moi} on` });
  await expect(moiSwitch).toBeChecked();
  await moiSwitch.click();
  await expect(moiSwitch).not.toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: `${moi} switched off.` })).toBeAttached();
  await page.reload();
  await hydrated(page);
  await expect(moiSwitch).not.toBeChecked();
  await moiSwitch.click();
  await expect(moiSwitch).toBeChecked();
  await page.reload();
  await hydrated(page);
  await expect(moiSwitch).toBeChecked();

  // Moving: Westlands goes first among the zones; at the top, focus stays on its row's other move button.
  const zoneRows = page.getByRole("table", { name: "Delivery zones" }).getByRole("row");
  await expect(zoneRows.nth(1)).toContainText(cbd);
  await expect(page.getByRole("button", { name: `Move ${cbd} up` })).toBeDisabled();
  await page.getByRole("button", { name: `Move ${westlands} up` }).click();
  await expect(zoneRows.nth(1)).toContainText(westlands);
  await expect(zoneRows.nth(2)).toContainText(cbd);
  await expect(page.getByRole("button", { name: `Move ${westlands} up` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move ${westlands} down` })).toBeFocused();
  await page.getByRole("button", { name: `Move ${cbd} up` }).click();
  await expect(zoneRows.nth(1)).toContainText(cbd);
  await page.reload();
  await expect(zoneRows.nth(1)).toContainText(cbd);
  await expect(zoneRows.nth(2)).toContainText(westlands);
  await hydrated(page);

  // Two staff members edit the zone at once: the later save is refused with the message and keeps its typing.
  const developer = await staffPage(browser, DEVELOPER);
  await page.getByRole("button", { name: `Edit ${cbd}` }).click();
  await developer.getByRole("button", { name: `Edit ${cbd}` }).click();
  const theirs = developer.getByRole("dialog", { name: "Edit zone" });
  await expect(theirs.getByLabel("Fee (KSH)")).toHaveValue("280");
  await editZone.getByLabel("Fee (KSH)").fill("350");
  await editZone.getByRole("button", { name: "Save" }).click();
  await expect(editZone).toBeHidden();
  await expect(cbdRow).toContainText("KSH 350");
  await theirs.getByLabel("Delivery time").fill("Next day");
  await theirs.getByRole("button", { name: "Save" }).click();
  await expect(theirs.getByRole("alert").filter({ hasText: changedMeanwhileMessage("delivery") })).toBeVisible();
  await expect(theirs.getByLabel("Delivery time")).toHaveValue("Next day");
  await expect(theirs.getByLabel("Fee (KSH)")).toHaveValue("280");
  await axe(developer, "dialog[open]");
  // The list under the dialog has followed the owner's save live, without a reload.
  await theirs.getByRole("button", { name: "Cancel" }).click();
  await expect(developer.getByRole("row", { name: new RegExp(cbd) })).toContainText("KSH 350");
  await developer.reload();
  await expect(developer.getByRole("row", { name: new RegExp(cbd) })).toContainText("Same day");
  await expect(developer.getByRole("row", { name: new RegExp(cbd) })).toContainText("KSH 350");
  await developer.context().close();

  // Deleting asks first; Cancel keeps the zone.
  await page.getByRole("button", { name: `Delete ${westlands}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete zone" });
  await expect(confirm).toContainText(`Delete “${westlands}”?`);
  await axe(page, "dialog[open]");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("cell", { name: westlands, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${westlands}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("cell", { name: westlands, exact: true })).toHaveCount(0);

  // The rest go too, and the page says so: the shop offers no delivery again, as the other specs expect.
  await page.getByRole("button", { name: `Delete ${cbd}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No delivery zones yet.")).toBeVisible();
  await page.getByRole("button", { name: `Delete ${moi}` }).click();
  await page.getByRole("dialog", { name: "Delete pick-up point" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No pick-up points yet.")).toBeVisible();
});
