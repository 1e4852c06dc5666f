import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/page";
import { ownShop } from "./support/own-shop";
import { addStaffMember } from "./support/staff";

const OWNER = "owner@riders.test";
const PHONE_MESSAGE = "Please enter the phone number with a country code, starting with a '+' sign.";

const axe = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  expect((await (include ? builder.include(include) : builder).analyze()).violations).toEqual([]);
};

test.beforeAll(() => addStaffMember(OWNER));

test("staff add a rider with a country-code phone, edit them, and delete them after confirming", async ({ page }) => {
  // A name of this run's own, so a rerun after a failure never meets an earlier run's rider.
  const name = `Amani Kiprop ${test.info().project.name} ${Date.now().toString(36)}`;
  const renamed = `${name} Jr`;
  await signIn(page, OWNER);
  await page.goto("/admin/riders");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Riders", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Brian Mwangi/ })).toContainText("+254712345678");
  await axe(page);

  await page.getByRole("button", { name: "Add Rider" }).click();
  const add = page.getByRole("dialog", { name: "Add Rider" });
  await expect(add.getByLabel("Name")).toBeFocused();
  await add.getByLabel("Name").fill("   ");
  await add.getByLabel("Phone").fill("0712 345 678");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add.getByText("Please enter the rider's name.")).toBeVisible();
  await expect(add.getByText(PHONE_MESSAGE)).toBeVisible();
  await expect(add.getByLabel("Phone")).toHaveValue("0712 345 678");
  await axe(page, "dialog[open]");

  await add.getByLabel("Name").fill(name);
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add.getByText(PHONE_MESSAGE)).toBeVisible();
  await expect(add.getByText("Please enter the rider's name.")).toBeHidden();
  await add.getByLabel("Phone").fill("+254 799 000 111");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("+254799000111");

  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Rider" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expect(edit.getByLabel("Phone")).toHaveValue("+254799000111");
  await edit.getByLabel("Phone").fill("+1 555");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText(PHONE_MESSAGE)).toBeVisible();
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByLabel("Phone").fill("+255 712 000 222");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("cell", { name: renamed, exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toContainText("+255712000222");

  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete rider" });
  await expect(confirm).toContainText(`Delete the rider “${renamed}”?`);
  await axe(page, "dialog[open]");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("cell", { name: renamed, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("cell", { name: renamed, exact: true })).toHaveCount(0);
  // The shop's own riders are still there for the other specs.
  await expect(page.getByRole("cell", { name: "Brian Mwangi", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Kevin Otieno", exact: true })).toBeVisible();
});

test.describe("on a shop of its own", () => {
  const ownedShop = ownShop([{ email: OWNER, role: "owner" }]);

  test("once every rider is deleted the page says so", async ({ page }) => {
    const shop = ownedShop();
    await signIn(page, OWNER, shop.baseURL);
    await page.goto(`${shop.baseURL}/admin/riders`);
    await hydrated(page);

    for (const rider of ["Brian Mwangi", "Kevin Otieno"]) {
      await page.getByRole("button", { name: `Delete ${rider}` }).click();
      await page.getByRole("dialog", { name: "Delete rider" }).getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("cell", { name: rider, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText("No riders found. Add your first rider!")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await axe(page);
  });
});
