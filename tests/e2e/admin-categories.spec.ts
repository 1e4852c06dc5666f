import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { addStaffMember } from "./support/staff";

const OWNER = "owner@categories.test";
test.beforeAll(() => addStaffMember(OWNER));

test("staff add, rename and delete a category; one in use is kept with the spec's message", async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  const dresses = page.getByRole("row", { name: /Dresses/ });
  await expect(dresses).toContainText("3");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Add Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Category" });
  await expect(dialog.getByLabel("Category name")).toBeFocused();
  await dialog.getByLabel("Category name").fill("   ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Please enter a category name.")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await dialog.getByLabel("Category name").fill("  Woven Baskets ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Woven Baskets/ })).toContainText("0");

  await page.getByRole("button", { name: "Edit Woven Baskets" }).click();
  await page.getByRole("dialog", { name: "Edit Category" }).getByLabel("Category name").fill("Baskets");
  await page.getByRole("dialog", { name: "Edit Category" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "Baskets", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete Dresses" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete category" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(
    'Cannot delete "Dresses" because it is currently assigned to one or more products. Please reassign products to another category before deleting.',
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(dresses).toBeVisible();

  await page.getByRole("button", { name: "Delete Baskets" }).click();
  await page.getByRole("dialog", { name: "Delete category" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("cell", { name: "Baskets", exact: true })).toHaveCount(0);
});
