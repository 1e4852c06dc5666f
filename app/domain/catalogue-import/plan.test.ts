import { describe, expect, test } from "vitest";
import type { Variant } from "../variants";
import { type CatalogueCategory, catalogueImportPlan } from "./plan";
import { fixture, read, type StoredProductFields, storedProduct } from "./test-helpers";

describe("catalogueImportPlan", () => {
  const categories: CatalogueCategory[] = [
    { id: "c-dresses", name: "Dresses" },
    { id: "c-accessories", name: "Accessories" },
  ];
  const stored = (fields: StoredProductFields) => storedProduct({ priceCents: 100_000, stock: 1, ...fields });

  test("matched by SKU, then by slug; only the fields the file carries and that differ are written", () => {
    const catalogue = [
      stored({ id: "p1", sku: "K1", slug: "kanga-1", name: "Kanga", material: "Cotton", rating: 4.5 }),
      stored({ id: "p2", sku: "OLD-SKU", slug: "shuka-2", name: "Shuka", categoryId: "c-accessories" }),
    ];
    const reading = read(
      "SKU,Name,Slug,Category,Price (KSH)\nK1,Kanga,,,1000\n,Shuka,shuka-2,ACCESSORIES,1500\nNEW-1,Bowl,,Home Decor,700\nNEW-2,Mask,,home decor,900\n",
    );
    const plan = catalogueImportPlan(reading, catalogue, categories);
    expect(plan.steps.map((step) => [step.product.row, step.action, "productId" in step ? step.productId : null])).toEqual([
      [2, "unchanged", "p1"],
      [3, "update", "p2"],
      [4, "create", null],
      [5, "create", null],
    ]);
    expect(plan.steps[1]).toMatchObject({ changes: ["priceCents"] });
    expect([plan.created, plan.updated, plan.unchanged]).toEqual([2, 1, 1]);
    expect(plan.newCategories).toEqual(["Home Decor"]);
    expect(plan.problems).toEqual([]);
  });

  test("a format without material or rating leaves them as stored; a SKU or slug not given is kept", () => {
    const catalogue = [
      stored({ id: "p1", sku: "KNG-HW-01", slug: "kanga-head-wrap-abc", name: "Old name", material: "Cotton", rating: 4.5 }),
    ];
    const plan = catalogueImportPlan(read(fixture("woocommerce-products.csv")), catalogue, categories);
    const step = plan.steps.find((s) => s.product.sku === "KNG-HW-01");
    expect(step).toMatchObject({ action: "update", productId: "p1" });
    expect(step?.action === "update" && step.changes).toEqual([
      "name",
      "description",
      "details",
      "priceCents",
      "compareAtCents",
      "stock",
      "categoryName",
      "colors",
      "imageUrls",
    ]);
  });

  test("an uncategorised product stays uncategorised; a category differing only in case is the same", () => {
    const catalogue = [
      stored({ id: "p1", sku: "K1", slug: "k", name: "Kanga", categoryId: "c-dresses" }),
      stored({ id: "p2", sku: "K2", slug: "s", name: "Shuka" }),
    ];
    const plan = catalogueImportPlan(
      read("SKU,Name,Category,Price (KSH),Stock\nK1,Kanga,dresses,1000,1\nK2,Shuka,,1000,1\n"),
      catalogue,
      categories,
    );
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged", "unchanged"]);
  });

  test("a category the file leaves empty is kept, as a new product without one was put in the first category", () => {
    const catalogue = [stored({ id: "p1", sku: "K1", slug: "k", name: "Kanga", categoryId: "c-dresses" })];
    const plan = catalogueImportPlan(read("SKU,Name,Category,Price (KSH)\nK1,Kanga,,1000\n"), catalogue, categories);
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged"]);
  });

  test("text stored with CRLF line breaks is the same as the file's", () => {
    const catalogue = [stored({ id: "p1", sku: "K1", slug: "k", name: "Kanga", description: "One\r\nTwo" })];
    const plan = catalogueImportPlan(read('SKU,Name,Description,Price (KSH)\nK1,Kanga,"One\nTwo",1000\n'), catalogue, categories);
    expect(plan.steps[0]?.action).toBe("unchanged");
  });

  test("a slug another product has is a problem, not a step", () => {
    const catalogue = [
      stored({ id: "p1", sku: "K1", slug: "kanga", name: "Kanga" }),
      stored({ id: "p2", sku: "S1", slug: "shuka", name: "Shuka" }),
    ];
    const reading = read("SKU,Name,Slug,Price (KSH)\nK1,Kanga,shuka,1000\nS1,Shuka,,1000\nNEW,Shuka again,shuka-new,1000\n");
    const plan = catalogueImportPlan(reading, catalogue, categories);
    expect(plan.problems).toEqual([
      { row: 2, column: "Slug", message: 'Row 2, Slug: "shuka" is already the slug of another product, "Shuka".', blocking: true },
    ]);
    expect(plan.steps.map((step) => [step.product.row, step.action])).toEqual([
      [3, "unchanged"],
      [4, "create"],
    ]);
  });

  test("two rows reaching the same product, by SKU and by slug: the second is a problem", () => {
    const catalogue = [stored({ id: "p1", sku: "K1", slug: "kanga", name: "Kanga" })];
    const plan = catalogueImportPlan(read("SKU,Name,Slug,Price (KSH)\nK1,Kanga,,1000\n,Kanga,kanga,1000\n"), catalogue, categories);
    expect(plan.problems).toEqual([
      {
        row: 3,
        column: "Slug",
        message: 'Row 3, Slug: "kanga" is the same product as row 2; a product can come from one row only.',
        blocking: true,
      },
    ]);
    expect(plan.steps.map((step) => step.action)).toEqual(["unchanged"]);
  });

  test("importing a file, then the same file again, changes nothing the second time", () => {
    const reading = read(fixture("shopify-products.csv"));
    const first = catalogueImportPlan(reading, [], categories);
    expect(first.created).toBe(7);
    expect(first.newCategories).toEqual(["Necklaces", "Home Decor", "Men's Wear"]);

    // What the server would store for the first import (slugs and SKUs as given, categories created).
    const allCategories = [...categories, ...first.newCategories.map((name) => ({ id: `c-${name}`, name }))];
    const catalogue = first.steps.map((step, i) =>
      stored({
        ...step.product,
        id: `p${i}`,
        sku: step.product.sku ?? `AFB-NEW-${i}`,
        slug: step.product.slug ?? `product-${i}`,
        images: step.product.imageUrls,
        categoryId: allCategories.find((category) => category.name.toLowerCase() === step.product.categoryName?.toLowerCase())?.id ?? null,
      }),
    );
    const second = catalogueImportPlan(reading, catalogue, allCategories);
    expect([second.created, second.updated, second.unchanged]).toEqual([0, 0, 7]);
    expect(second.newCategories).toEqual([]);
  });

  describe("variants (issue 22)", () => {
    const variant = (size: string, stock: number, fields: Partial<Variant> = {}): Variant => ({ size, color: "", stock, priceCents: null, compareAtCents: null, sku: "", ...fields });
    const dress = (fields: Partial<StoredProductFields>) => stored({ id: "p1", sku: "D1", slug: "dress", name: "Dress", sizes: ["S", "M"], stock: 5, ...fields });
    const file = (rows: string) => read(`SKU,Name,Price (KSH),Compare-at price (KSH),Stock,Sizes,Variant size,Variant SKU\n${rows}`);

    test("variants, and a compare-at price taken off, are changes; the same ones are not", () => {
      const catalogue = [dress({ compareAtCents: 150_000, variants: [variant("S", 2), variant("M", 3)] })];
      const same = catalogueImportPlan(file("D1,Dress,1000,1500,5,S|M,,\nD1,,,,2,,S,\nD1,,,,3,,M,\n"), catalogue, categories);
      expect(same.steps.map((step) => step.action)).toEqual(["unchanged"]);
      const changed = catalogueImportPlan(file("D1,Dress,1000,,5,S|M,,\nD1,,,,1,,S,\nD1,,1200,,4,,M,D1-M\n"), catalogue, categories);
      expect(changed.steps[0]).toMatchObject({ action: "update", changes: ["compareAtCents", "variants"] });
      expect(changed.steps[0]!.product.variants).toEqual([variant("S", 1), variant("M", 4, { priceCents: 120_000, sku: "D1-M" })]);
    });

    test("a file without variants keeps the stored ones, following its sizes; their total stays the stock", () => {
      const catalogue = [dress({ variants: [variant("S", 2), variant("M", 3)] })];
      const plan = catalogueImportPlan(read("SKU,Name,Price (KSH),Stock,Sizes\nD1,Dress,1000,9,M|L\n"), catalogue, categories);
      expect(plan.steps[0]).toMatchObject({ action: "update", changes: ["stock", "sizes", "variants"] });
      expect(plan.steps[0]!.product).toMatchObject({ stock: 3, variants: [variant("M", 3), variant("L", 0)] });
      expect(plan.problems).toEqual([
        expect.objectContaining({ message: 'Row 2, Sizes: "Dress — S" had 2 in stock; the file\'s sizes and colours leave it out, so it is removed.', blocking: false }),
        expect.objectContaining({ message: 'Row 2, Stock: "Dress" keeps stock per size and colour, so its stock stays their total, 3, not 9.', blocking: false }),
      ]);
    });
  });
});
