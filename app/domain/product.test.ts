import { describe, expect, test } from "vitest";
import {
  addImages,
  MAX_PRODUCT_IMAGES,
  moveImage,
  newProductFields,
  parseCommaList,
  parseNumberOrZero,
  REQUIRED_FIELDS_MESSAGE,
  SAVE_FAILED_MESSAGE,
  variantLogChanges,
} from "./product";
import { productInputSchema, productListActionSchema, productSearchSchema, readProductForm } from "./product.schema";

describe("parseCommaList", () => {
  test.each([
    ["S, M, L", ["S", "M", "L"]],
    ["S,M,L", ["S", "M", "L"]],
    ["  Red ,  Navy Blue  ", ["Red", "Navy Blue"]],
    ["S,, M, ,L,", ["S", "M", "L"]],
    ["One size", ["One size"]],
    ["", []],
    [" , , ", []],
  ])("%j reads as %j", (text, list) => {
    expect(parseCommaList(text)).toEqual(list);
  });
});

describe("parseNumberOrZero", () => {
  test.each([
    ["12", 12],
    ["12.5", 12.5],
    ["  3500  ", 3_500],
    ["0.99", 0.99],
    [".5", 0.5],
    ["5.", 5],
    ["+7", 7],
    ["1,200", 1_200],
    ["1,234,567.89", 1_234_567.89],
  ])("%j is %d", (text, value) => {
    expect(parseNumberOrZero(text)).toBe(value);
  });

  test.each([
    ["blank", ""],
    ["spaces", "   "],
    ["words", "twelve"],
    ["a number with words", "12 shillings"],
    ["a currency", "KSH 1200"],
    ["a decimal comma", "1,5"],
    ["misplaced commas", "12,00"],
    ["a negative number", "-5"],
    ["negative zero", "-0"],
    ["exponent notation", "1e3"],
    ["hexadecimal", "0x10"],
    ["infinity", "Infinity"],
    ["two points", "1.2.3"],
  ])("%s (%j) becomes 0", (_, text) => {
    expect(parseNumberOrZero(text)).toBe(0);
  });
});

describe("productInputSchema", () => {
  const form = {
    name: "  Kitenge Maxi Dress ",
    price: "3500.50",
    stock: "12",
    categoryId: "dresses",
    description: "  Flowing dress in bold print.  ",
    details: "Hand-stitched, Made in Nairobi, ",
    sizes: "S, M, L",
    colors: "Red, Blue",
    material: " Cotton ",
    culturalInspiration: "Swahili Coast",
    isBestseller: "on",
    isNewArrival: "true",
    isVisible: "true",
    images: "https://example.com/a.jpg\n\n/uploads/kitenge-3f9a.webp\nnot a url",
  };

  test("reads a filled-in form", () => {
    expect(productInputSchema.parse(form)).toEqual({
      name: "Kitenge Maxi Dress",
      priceCents: 350_050,
      compareAtCents: null,
      stock: 12,
      categoryId: "dresses",
      description: "Flowing dress in bold print.",
      details: ["Hand-stitched", "Made in Nairobi"],
      sizes: ["S", "M", "L"],
      colors: ["Red", "Blue"],
      material: "Cotton",
      culturalInspiration: "Swahili Coast",
      isBestseller: true,
      isNewArrival: true,
      isVisible: true,
      images: ["https://example.com/a.jpg", "/uploads/kitenge-3f9a.webp"],
      variants: [],
    });
  });

  test("the bare minimum is a name, a price and an image", () => {
    expect(productInputSchema.parse({ name: "Sisal Basket", price: "45", images: "https://example.com/b.jpg" })).toEqual({
      name: "Sisal Basket",
      priceCents: 4_500,
      compareAtCents: null,
      stock: 0,
      categoryId: null,
      description: "",
      details: [],
      sizes: [],
      colors: [],
      material: "",
      culturalInspiration: "",
      isBestseller: false,
      isNewArrival: false,
      isVisible: true,
      images: ["https://example.com/b.jpg"],
      variants: [],
    });
  });

  const messagesFor = (input: Record<string, unknown>) => {
    const result = productInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  };

  test.each([
    ["no name", { name: "" }, "name"],
    ["a name of spaces", { name: "   " }, "name"],
    ["a missing name", { name: undefined }, "name"],
    ["a price of 0", { price: "0" }, "price"],
    ["a blank price", { price: "" }, "price"],
    ["a negative price", { price: "-10" }, "price"],
    ["a price that is not a number", { price: "free" }, "price"],
    ["no images", { images: "" }, "images"],
    ["only invalid images", { images: "not a url\njavascript:alert(1)" }, "images"],
    ["a missing images field", { images: undefined }, "images"],
  ])("saving with %s asks for the required fields", (_, change, path) => {
    expect(messagesFor({ ...form, ...change })).toEqual([[path, REQUIRED_FIELDS_MESSAGE]]);
  });

  test("the required-fields message is the spec's wording", () => {
    expect(REQUIRED_FIELDS_MESSAGE).toBe("Please fill out all required fields: Name, Price, and at least one Image.");
  });

  test("an empty form lists the message once per missing field", () => {
    expect(messagesFor({})).toEqual([
      ["name", REQUIRED_FIELDS_MESSAGE],
      ["price", REQUIRED_FIELDS_MESSAGE],
      ["images", REQUIRED_FIELDS_MESSAGE],
    ]);
  });

  test.each([
    ["19.99", 1_999],
    ["0.01", 1],
    ["1,200", 120_000],
    ["10000000", 1_000_000_000],
    [250, 25_000],
  ])("a price of %j shillings is stored as %i cents", (price, cents) => {
    expect(productInputSchema.parse({ ...form, price }).priceCents).toBe(cents);
  });

  test("a price with more than 2 decimals is refused", () => {
    expect(messagesFor({ ...form, price: "12.345" })).toEqual([["price", "Please enter the price with at most 2 decimal places."]]);
  });

  test("a price above KSH 10,000,000 is refused", () => {
    expect(messagesFor({ ...form, price: "10000000.01" })).toEqual([["price", "Please enter a price of at most KSH 10,000,000."]]);
  });

  test.each([
    ["7", 7],
    ["0", 0],
    ["", 0],
    ["lots", 0],
    ["-3", 0],
    ["2.9", 2],
    [" 1,000 ", 1_000],
    [undefined, 0],
  ])("a stock of %j is stored as %i", (stock, stored) => {
    expect(productInputSchema.parse({ ...form, stock }).stock).toBe(stored);
  });

  test("a stock above 1,000,000 is refused", () => {
    expect(messagesFor({ ...form, stock: "1000001" })).toEqual([["stock", "Please enter a stock of at most 1,000,000."]]);
  });

  test("a name over 120 characters is refused", () => {
    expect(messagesFor({ ...form, name: "x".repeat(121) })).toEqual([["name", "Please keep the name to 120 characters or fewer."]]);
    expect(productInputSchema.safeParse({ ...form, name: "x".repeat(120) }).success).toBe(true);
  });

  test.each([
    ["", null],
    ["   ", null],
    [undefined, null],
    [" home-decor ", "home-decor"],
  ])("a category of %j is stored as %j", (categoryId, stored) => {
    expect(productInputSchema.parse({ ...form, categoryId }).categoryId).toBe(stored);
  });

  test("lists may also arrive already split", () => {
    const parsed = productInputSchema.parse({ ...form, sizes: [" S ", "", "M"], details: ["Lined, with pockets"] });
    expect(parsed.sizes).toEqual(["S", "M"]);
    expect(parsed.details).toEqual(["Lined, with pockets"]);
  });

  test("a list with too many entries is refused", () => {
    const sizes = Array.from({ length: 51 }, (_, i) => `S${i}`).join(",");
    expect(messagesFor({ ...form, sizes })).toEqual([["sizes", "Please keep each list to 50 entries or fewer."]]);
  });

  const required = { name: "Kanga Wrap", price: "30", images: "https://example.com/k.jpg" };

  test.each([
    [{}, { isBestseller: false, isNewArrival: false, isVisible: true }],
    [
      { isBestseller: "on", isNewArrival: "on", isVisible: "on" },
      { isBestseller: true, isNewArrival: true, isVisible: true },
    ],
    [{ isVisible: "false" }, { isBestseller: false, isNewArrival: false, isVisible: false }],
    [
      { isVisible: false, isBestseller: true },
      { isBestseller: true, isNewArrival: false, isVisible: false },
    ],
    [
      { isVisible: "off", isNewArrival: "" },
      { isBestseller: false, isNewArrival: false, isVisible: false },
    ],
  ])("the flags %j read as %j", (flags, read) => {
    expect(productInputSchema.parse({ ...required, ...flags })).toMatchObject(read);
  });

  test("images may arrive as a list, one URL each", () => {
    const parsed = productInputSchema.parse({
      ...form,
      images: ["https://example.com/a.jpg", "bad", "/uploads/x.webp"],
    });
    expect(parsed.images).toEqual(["https://example.com/a.jpg", "/uploads/x.webp"]);
  });

  test(`at most ${MAX_PRODUCT_IMAGES} images`, () => {
    const images = Array.from({ length: 21 }, (_, i) => `https://example.com/${i}.jpg`).join("\n");
    expect(messagesFor({ ...form, images })).toEqual([["images", "Please use at most 20 images."]]);
  });

  test("a description over 5,000 characters is refused", () => {
    expect(messagesFor({ ...form, description: "x".repeat(5_001) })).toEqual([
      ["description", "Please keep the description to 5,000 characters or fewer."],
    ]);
  });

  test("fields that are not text count as blank", () => {
    expect(productInputSchema.parse({ ...form, description: 42, material: ["Cotton"] })).toMatchObject({
      description: "",
      material: "",
    });
  });

  test("ignores fields it does not know, such as a forged slug or rating", () => {
    const parsed = productInputSchema.parse({ ...form, slug: "x", rating: 5, sku: "AFB-1" });
    expect(parsed).not.toHaveProperty("slug");
    expect(parsed).not.toHaveProperty("rating");
    expect(parsed).not.toHaveProperty("sku");
  });
});

describe("readProductForm", () => {
  const fields = { name: "Kiondo Basket", price: "45" };

  test("the image list comes first, then the URLs still in the paste box", () => {
    const { parsed, skippedUrls } = readProductForm({
      ...fields,
      images: "/uploads/kiondo-1.webp\nhttps://example.com/b.jpg",
      imageUrls: "https://example.com/c.jpg\n\nhttps://example.com/b.jpg",
    });
    expect(parsed.success && parsed.data.images).toEqual([
      "/uploads/kiondo-1.webp",
      "https://example.com/b.jpg",
      "https://example.com/c.jpg",
    ]);
    expect(skippedUrls).toBe(false);
  });

  test("invalid pasted lines are skipped and reported; the valid ones are saved", () => {
    const { parsed, skippedUrls } = readProductForm({ ...fields, imageUrls: "not a url\nhttps://example.com/a.jpg\nftp://x.test/a.jpg" });
    expect(parsed.success && parsed.data.images).toEqual(["https://example.com/a.jpg"]);
    expect(skippedUrls).toBe(true);
  });

  test("only invalid URLs: the required-fields message, and the skipped ones are reported", () => {
    const { parsed, skippedUrls } = readProductForm({ ...fields, imageUrls: "not a url" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([REQUIRED_FIELDS_MESSAGE]);
    expect(skippedUrls).toBe(true);
  });

  test("no image fields at all asks for an image", () => {
    expect(readProductForm(fields).parsed.success).toBe(false);
  });
});

describe("productListActionSchema", () => {
  test.each([
    [
      { intent: "visibility", id: "p1", isVisible: "false" },
      { intent: "visibility", id: "p1", isVisible: false },
    ],
    [
      { intent: "visibility", id: " p1 ", isVisible: "true" },
      { intent: "visibility", id: "p1", isVisible: true },
    ],
    [
      { intent: "delete", id: "p1" },
      { intent: "delete", id: "p1" },
    ],
  ])("%j reads as %j", (form, read) => {
    expect(productListActionSchema.parse(form)).toEqual(read);
  });

  test.each([
    ["an unknown intent", { intent: "rename", id: "p1" }],
    ["no id", { intent: "delete" }],
    ["a blank id", { intent: "delete", id: "  " }],
    ["a visibility that is not true or false", { intent: "visibility", id: "p1", isVisible: "on" }],
  ])("refuses %s", (_, form) => {
    expect(productListActionSchema.safeParse(form).success).toBe(false);
  });
});

describe("addImages", () => {
  test("adds new images at the end, keeping each image once where it was", () => {
    expect(addImages(["a", "b"], ["c", "a", "d", "c"])).toEqual(["a", "b", "c", "d"]);
  });

  test("adding nothing changes nothing", () => {
    expect(addImages(["a"], [])).toEqual(["a"]);
    expect(addImages([], [])).toEqual([]);
  });
});

describe("moveImage", () => {
  const images = ["a", "b", "c", "d"];

  test.each([
    [1, 0, ["b", "a", "c", "d"]],
    [0, 1, ["b", "a", "c", "d"]],
    [3, 2, ["a", "b", "d", "c"]],
    [0, 3, ["b", "c", "d", "a"]],
    [3, 0, ["d", "a", "b", "c"]],
    [2, 2, ["a", "b", "c", "d"]],
  ])("from %i to %i gives %j", (from, to, moved) => {
    expect(moveImage(images, from, to)).toEqual(moved);
  });

  test.each([
    [0, -1],
    [3, 4],
    [-1, 0],
    [1.5, 0],
  ])("a move from %d to %d, out of range, changes nothing", (from, to) => {
    expect(moveImage(images, from, to)).toEqual(images);
  });

  test("leaves the original list alone", () => {
    const original = ["a", "b"];
    moveImage(original, 1, 0);
    expect(original).toEqual(["a", "b"]);
  });
});

test("the failed-save message is the spec's wording", () => {
  expect(SAVE_FAILED_MESSAGE).toBe("Failed to save product. Please try again.");
});

test("a new product starts visible, at price 0 and stock 0, in the first category", () => {
  expect(newProductFields("dresses")).toMatchObject({ categoryId: "dresses", priceCents: 0, stock: 0, isVisible: true, images: [] });
  expect(newProductFields(null).categoryId).toBeNull();
});

describe("productSearchSchema", () => {
  test.each([
    ["  Kanga ", "Kanga"],
    ["", ""],
    [null, ""],
    [["kanga"], ""],
    ["x".repeat(121), ""],
  ])("%j searches for %j", (q, read) => {
    expect(productSearchSchema.parse(q)).toBe(read);
  });
});

describe("variantLogChanges", () => {
  const variant = (size: string, color: string, stock: number, priceCents: number | null = null) => ({
    size,
    color,
    stock,
    priceCents,
    compareAtCents: null,
    sku: "",
  });

  test("names each value as the form does, with prices in shillings", () => {
    expect(variantLogChanges([], [variant("M", "Indigo", 3, 4_800_00), variant("", "Red", 1)]).after).toEqual({
      "Stock (M, Indigo)": 3,
      "Price (M, Indigo)": "KSH 4,800",
      "Compare-at price (M, Indigo)": null,
      "SKU (M, Indigo)": "",
      "Stock (Red)": 1,
      "Price (Red)": null,
      "Compare-at price (Red)": null,
      "SKU (Red)": "",
    });
  });

  test("a removed variant's values become empty, so the log shows what it held", () => {
    const { before, after } = variantLogChanges([variant("M", "", 3), variant("L", "", 4)], [variant("M", "", 3)]);
    expect(before).toMatchObject({ "Stock (M)": 3, "Stock (L)": 4 });
    expect(after).toMatchObject({ "Stock (M)": 3, "Stock (L)": null, "Price (L)": null, "SKU (L)": null });
  });
});
