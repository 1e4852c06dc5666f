import { beforeAll, describe, expect, test } from "vitest";
import { type FilterableProduct, matchesShopFilters, type ShopFilters } from "~/domain/catalogue";
import { availableStock, quantitiesByStockUnit, stockUnitKey } from "~/domain/stock";
import { isOnSale, variantPrice } from "~/domain/variants";
import {
  countShopProducts,
  newestProducts,
  productBySlug,
  productsForBag,
  SHOP_PAGE_SIZE,
  shopCategories,
  shopFacets,
  shopProducts,
  suggestions,
} from "./catalogue.server";
import { db } from "./db/database.server";
import { publish } from "./events.server";
import { products, productVariants } from "./db/schema.server";
import { writeSampleDataOnce } from "./db/seed.server";
import { heldQuantities } from "./stock.server";
import { givenCategory, givenOrder, givenProduct, type ProductRow } from "../../tests/setup/builders";

type Filters = Omit<ShopFilters, "page">;
type VariantRow = typeof productVariants.$inferSelect;

let everyProduct: ProductRow[] = [];
let everyVariant: VariantRow[] = [];
/** What is left of each stock unit by the domain's rule (quantitiesByStockUnit, availableStock), by stockUnitKey. */
let leftByTheRule = new Map<string, number>();
let adire: ProductRow;
let lamuSale: ProductRow;
let categoryId: Record<string, string> = {};
const BASKET_COUNT = 30;

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();

const variantsOf = (productId: string) => everyVariant.filter((variant) => variant.productId === productId);

/** What the domain rule says the shop shows under these filters, from every product and variant in the database. */
const expectedByTheRule = (filters: Filters) =>
  everyProduct.filter((product) =>
    matchesShopFilters(
      {
        ...product,
        categoryName: categoryNameOf(product.categoryId),
        variants: variantsOf(product.id).map((v) => ({ ...v, available: leftByTheRule.get(stockUnitKey(product.id, v, true)) ?? 0 })),
      } as FilterableProduct,
      filters,
    ),
  );
const categoryNameOf = (id: string | null) => Object.entries(categoryId).find(([, value]) => value === id)?.[0] ?? null;

/** Every matching product, through the shop's own pages. */
async function allPages(filters: Filters) {
  return shopProducts({ ...filters, page: 1 }, 1_000);
}

beforeAll(async () => {
  await writeSampleDataOnce(await db());
  categoryId = Object.fromEntries((await shopCategories()).map((c) => [c.name, c.id]));

  // A category of cheap baskets, enough for two pages, added one minute apart (Market Basket 30 is newest).
  categoryId["Market Baskets"] = (await givenCategory({ name: "Market Baskets", position: 9 })).id;
  const start = Date.parse("2025-03-01T08:00:00Z");
  for (let n = 1; n <= BASKET_COUNT; n++) {
    await givenProduct({
      name: `Market Basket ${String(n).padStart(2, "0")}`,
      description: "A small woven raffia basket.",
      categoryId: categoryId["Market Baskets"],
      priceCents: 30_000,
      sizes: ["One Size"],
      colors: ["Natural"],
      material: "Raffia",
      createdAt: new Date(start + n * 60_000),
    });
  }
  // Products whose names test the search's edges.
  await givenProduct({ name: "Wax Print Scarf 50% Off", description: "A light scarf.", material: "Cotton", priceCents: 45_000 });
  await givenProduct({ name: "Beaded_Belt", description: "A BEADED belt, handmade in Nairobi.", material: "Glass beads" });
  await givenProduct({ name: "Écharpe Élégante", description: "Soie tissée à la main.", material: "Silk" });
  // A hidden product that would match nearly every filter and search: it must never show.
  await givenProduct({
    name: "Secret Kitenge Sisal Dress 50% Off",
    description: "Not for sale yet: kitenge, sisal, wedding, cotton, beaded_belt.",
    categoryId: categoryId.Dresses,
    priceCents: 9_999_900,
    sizes: ["S", "M", "L", "XL", "Hidden Size"],
    colors: ["Terracotta", "Hidden Colour"],
    material: "Hidden Material",
    culturalInspiration: "Hidden Inspiration",
    isVisible: false,
  });
  // Products that keep stock per size and colour (decision 049), and sale prices. Adire's M in Indigo is all held by
  // an unpaid order, and it has no Ochre left: only its L in Indigo is left to buy.
  adire = await givenProduct({
    name: "Adire Variant Wrap",
    priceCents: 450_000,
    variants: [
      { size: "M", color: "Indigo", stock: 2 },
      { size: "M", color: "Ochre", stock: 0 },
      { size: "L", color: "Indigo", stock: 3, priceCents: 480_000, sku: "ADIRE-L-IND" },
      { size: "L", color: "Ochre", stock: 0 },
    ],
  });
  await givenOrder({ lines: [{ productId: adire.id, size: "M", color: "Indigo", quantity: 2 }] });
  // On sale itself; on sale through one variant's own price; and two that are not, though they have compare-at prices.
  await givenProduct({ name: "Shuka Sale Throw", priceCents: 280_000, compareAtCents: 350_000 });
  lamuSale = await givenProduct({
    name: "Lamu Sale Tote",
    priceCents: 320_000,
    variants: [
      { color: "Natural", stock: 50 },
      { color: "Black", stock: 4, priceCents: 300_000, compareAtCents: 360_000 },
      { color: "Indigo", stock: 1, compareAtCents: 400_000 },
    ],
  });
  await givenProduct({
    name: "Lamu Full Price Tote",
    priceCents: 320_000,
    // As much as the price is no sale; a variant with a price of its own does not take the product's compare-at price.
    compareAtCents: 320_000,
    variants: [
      { color: "Natural", stock: 2, priceCents: 200_000 },
      { color: "Black", stock: 2, priceCents: 300_000, compareAtCents: 250_000 },
    ],
  });
  // Written straight into the database, so announced as the shop's own writes are: its caches read them.
  await publish(await db(), "categories");
  await publish(await db(), "products");
  everyProduct = await (await db()).select().from(products);
  everyVariant = await (await db()).select().from(productVariants);
  const tracked = new Set(everyVariant.map((variant) => variant.productId));
  const held = new Map(quantitiesByStockUnit(await heldQuantities(await db(), [...tracked]), (id) => tracked.has(id)));
  leftByTheRule = new Map(
    everyVariant.map((v) => {
      const key = stockUnitKey(v.productId, v, true);
      return [key, availableStock(v.stock, held.get(key) ?? 0)];
    }),
  );
}, 60_000);

describe("shop filters in SQL", () => {
  test("with no filters the shop shows every visible product and nothing hidden", async () => {
    const shop = await allPages({});
    expect(shop.total).toBe(10 + BASKET_COUNT + 3 + 4);
    expect(names(shop.products)).not.toContain("Secret Kitenge Sisal Dress 50% Off");
    expect(ids(shop.products)).toEqual(ids(everyProduct.filter((p) => p.isVisible)));
  });

  test("a category shows only its products", async () => {
    expect(names((await allPages({ categoryId: categoryId.Dresses })).products)).toEqual([
      "Ankara Wrap Dress",
      "Bogolan Shift Dress",
      "Kente-Stripe Maxi Dress",
    ]);
    expect((await allPages({ categoryId: "no-such-category" })).total).toBe(0);
  });

  test("the maximum price keeps products at or below it", async () => {
    expect(names((await allPages({ maxPrice: 1200, categoryId: categoryId.Accessories })).products)).toEqual([
      "Kanga Cotton Head Wrap",
    ]);
    expect((await allPages({ maxPrice: 1199.99, categoryId: categoryId.Accessories })).total).toBe(0);
    expect((await allPages({ maxPrice: 500 })).total).toBe(BASKET_COUNT + 1);
    expect((await allPages({ maxPrice: 0 })).total).toBe(0);
  });

  test("a size must be one of the product's sizes, exactly", async () => {
    const medium = names((await allPages({ size: "M" })).products);
    expect(medium).toEqual([
      "Ankara Wrap Dress",
      "Bogolan Shift Dress",
      "Kente-Stripe Maxi Dress",
      "Kikoi Stripe Linen Shirt",
      "Kitenge Short-Sleeve Shirt",
    ]);
    expect(medium).not.toContain("Kiondo Sisal Handbag"); // "Medium (30 × 32 cm)" is not "M"
    expect((await allPages({ size: "m" })).total).toBe(0);
    expect((await allPages({ size: "Hidden Size" })).total).toBe(0);
  });

  test("a colour must be one of the product's colours, exactly", async () => {
    expect(names((await allPages({ color: "Terracotta" })).products)).toEqual(["Ankara Wrap Dress", "Kanga Cotton Head Wrap"]);
    expect((await allPages({ color: "Hidden Colour" })).total).toBe(0);
  });

  test("the material must be the product's material, exactly", async () => {
    expect(names((await allPages({ material: "Cotton" })).products)).toEqual(["Kanga Cotton Head Wrap", "Wax Print Scarf 50% Off"]);
    expect(names((await allPages({ material: "Sisal" })).products)).toEqual(["Sisal Wall Basket Set"]);
    expect((await allPages({ material: "cotton" })).total).toBe(0);
  });

  test("the search matches the name or the description, in any case", async () => {
    // "Kitenge" is in one name and in the Ankara dress's description.
    expect(names((await allPages({ q: "KITENGE" })).products)).toEqual(["Ankara Wrap Dress", "Kitenge Short-Sleeve Shirt"]);
    // "wedding" is only in descriptions.
    expect(names((await allPages({ q: "Wedding" })).products)).toEqual(["Ankara Wrap Dress", "Kitenge Short-Sleeve Shirt"]);
    expect(names((await allPages({ q: "beaded" })).products)).toEqual(["Beaded_Belt", "Maasai Beaded Collar Necklace"]);
    expect(names((await allPages({ q: "élégante" })).products)).toEqual(["Écharpe Élégante"]);
    expect((await allPages({ q: "no such thing anywhere" })).total).toBe(0);
  });

  test("% and _ in a search are plain characters, not wildcards", async () => {
    expect(names((await allPages({ q: "50%" })).products)).toEqual(["Wax Print Scarf 50% Off"]);
    expect(names((await allPages({ q: "%" })).products)).toEqual(["Wax Print Scarf 50% Off"]);
    expect(names((await allPages({ q: "d_b" })).products)).toEqual(["Beaded_Belt"]);
    expect(names((await allPages({ q: "_" })).products)).toEqual(["Beaded_Belt"]);
    expect((await allPages({ q: "5_%" })).total).toBe(0);
    expect((await allPages({ q: "\\" })).total).toBe(0);
  });

  test("filters combine: every one must hold", async () => {
    expect(names((await allPages({ q: "shirt", size: "XXL", maxPrice: 4000 })).products)).toEqual(["Kitenge Short-Sleeve Shirt"]);
    expect((await allPages({ q: "shirt", size: "XXL", maxPrice: 3000 })).total).toBe(0);
  });

  test("SQL shows exactly what the domain rule matchesShopFilters says, for many combinations", async () => {
    const choices = {
      q: [undefined, "kitenge", "SISAL", "dress", "print", "50%", "_", "cotton", "élé", "zz"],
      categoryId: [undefined, ...Object.values(categoryId), "no-such-category"],
      maxPrice: [undefined, 0, 300, 500, 1200, 3999.99, 4000, 6000, 100_000],
      size: [undefined, "M", "L", "S", "One Size", "XXL", "Set of 3", "Hidden Size"],
      color: [undefined, "Terracotta", "Indigo", "Natural", "Forest Green", "Ochre", "Black", "Hidden Colour"],
      material: [undefined, "Cotton", "Cotton wax print", "Raffia", "Sisal", "Hidden Material"],
    };
    // A fixed pseudo-random walk through the combinations, plus every single filter on its own.
    let seed = 7;
    const pick = <T,>(options: T[]) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return options[seed % options.length]!;
    };
    const combinations: Filters[] = Object.entries(choices).flatMap(([key, values]) =>
      values.map((value) => ({ [key]: value }) as Filters),
    );
    for (let n = 0; n < 150; n++) {
      combinations.push({
        q: pick(choices.q),
        categoryId: pick(choices.categoryId),
        maxPrice: pick(choices.maxPrice),
        size: pick(choices.size),
        color: pick(choices.color),
        material: pick(choices.material),
      });
    }
    let nonEmpty = 0;
    for (const filters of combinations) {
      const expected = ids(expectedByTheRule(filters));
      const shop = await allPages(filters);
      expect(ids(shop.products), JSON.stringify(filters)).toEqual(expected);
      expect(shop.total, JSON.stringify(filters)).toBe(expected.length);
      expect(await countShopProducts(filters), JSON.stringify(filters)).toBe(expected.length);
      if (expected.length > 0) nonEmpty++;
    }
    // The walk must exercise real matches, not only empty results.
    expect(nonEmpty).toBeGreaterThan(40);
  });
});

describe("shop pages", () => {
  test("pages hold 24 products, newest first, with the total and the page count", async () => {
    const baskets = { categoryId: categoryId["Market Baskets"] };
    const first = await shopProducts({ ...baskets, page: 1 });
    expect(SHOP_PAGE_SIZE).toBe(24);
    expect(first.products).toHaveLength(24);
    expect(first.products[0]!.name).toBe("Market Basket 30");
    expect(first.products[23]!.name).toBe("Market Basket 07");
    expect(first).toMatchObject({ total: BASKET_COUNT, page: 1, pageCount: 2 });

    const second = await shopProducts({ ...baskets, page: 2 });
    expect(second.products.map((p) => p.name)).toEqual([
      "Market Basket 06",
      "Market Basket 05",
      "Market Basket 04",
      "Market Basket 03",
      "Market Basket 02",
      "Market Basket 01",
    ]);
    expect(second).toMatchObject({ total: BASKET_COUNT, page: 2, pageCount: 2 });
    expect(await shopProducts({ ...baskets, page: 3 })).toMatchObject({ products: [], total: BASKET_COUNT, pageCount: 2 });
  });

  test("a page never repeats or skips a product", async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => shopProducts({ page }, 10)));
    const seen = pages.flatMap((p) => p.products.map((product) => product.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(ids(everyProduct.filter((p) => p.isVisible)));
    expect(pages[0]!.pageCount).toBe(5);
  });

  test("a product card carries what the grid shows, and nothing of a hidden product", async () => {
    const [card] = (await shopProducts({ q: "Ankara Wrap", page: 1 })).products;
    expect(card).toEqual({
      id: expect.any(String),
      name: "Ankara Wrap Dress",
      slug: expect.stringMatching(/^ankara-wrap-dress-/),
      priceCents: 580_000,
      compareAtCents: null,
      onSale: false,
      images: expect.arrayContaining([expect.stringMatching(/^\/uploads\//)]),
      isBestseller: expect.any(Boolean),
      isNewArrival: expect.any(Boolean),
    });
    expect(await countShopProducts({ q: "Secret Kitenge" })).toBe(0);
  });

  test("an empty result has no products, a total of 0 and one page", async () => {
    expect(await shopProducts({ q: "nothing like this", page: 1 })).toEqual({ products: [], total: 0, page: 1, pageSize: 24, pageCount: 1 });
  });
});

describe("filter choices", () => {
  test("the facets come from visible products only: sizes in reading order, colours and materials sorted", async () => {
    const facets = await shopFacets();
    expect(facets.sizes.slice(0, 5)).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(facets.sizes).toEqual(expect.arrayContaining(["One Size", "Set of 3", "Medium (30 × 32 cm)", "45 × 45 cm"]));
    expect(new Set(facets.sizes).size).toBe(facets.sizes.length);
    expect(facets.colors).toEqual([...facets.colors].sort());
    expect(facets.colors).toEqual(expect.arrayContaining(["Terracotta", "Indigo", "Natural", "Forest Green"]));
    expect(facets.materials).toEqual([...facets.materials].sort());
    expect(facets.materials).toEqual(expect.arrayContaining(["Cotton", "Raffia", "Sisal", "Cotton wax print"]));
    for (const hidden of [facets.sizes, facets.colors, facets.materials]) {
      expect(hidden.join("|")).not.toMatch(/Hidden/);
    }
  });

  test("the dearest price is that of the dearest visible product", async () => {
    expect((await shopFacets()).dearestPriceCents).toBe(850_000);
  });

  test("categories come in the shop's order", async () => {
    expect((await shopCategories()).map((c) => c.name)).toEqual(["Dresses", "Accessories", "Men's Wear", "Home Decor", "Market Baskets"]);
  });
});

describe("search suggestions", () => {
  test("need at least 2 characters", async () => {
    expect(await suggestions("")).toEqual([]);
    expect(await suggestions("k")).toEqual([]);
    expect(await suggestions(" k ")).toEqual([]);
    expect((await suggestions("ki")).length).toBeGreaterThan(0);
  });

  test("are at most 5, those starting with the text first", async () => {
    const found = await suggestions("ma");
    expect(found).toHaveLength(5);
    expect(found.slice(0, 3)).toEqual(["Maasai Beaded Collar Necklace", "Market Basket 01", "Market Basket 02"]);
    expect(await suggestions("market basket")).toHaveLength(5);
  });

  test("come from product names, cultural inspirations, materials and category names", async () => {
    expect(await suggestions("kiondo")).toEqual(["Kiondo Sisal Handbag", "Kiondo sisal baskets (Kamba)"]);
    expect(await suggestions("maasai")).toEqual(["Maasai Beaded Collar Necklace", "Maasai beadwork"]);
    expect(await suggestions("wax print")).toEqual(["Wax Print Scarf 50% Off", "Cotton wax print"]);
    expect(await suggestions("decor")).toEqual(["Home Decor"]);
    expect(await suggestions("MEN'S")).toEqual(["Men's Wear"]);
  });

  test("never come from hidden products, and take % and _ literally", async () => {
    expect(await suggestions("secret")).toEqual([]);
    expect(await suggestions("hidden")).toEqual([]);
    expect(await suggestions("50%")).toEqual(["Wax Print Scarf 50% Off"]);
    expect(await suggestions("d_b")).toEqual(["Beaded_Belt"]);
    expect(await suggestions("%%")).toEqual([]);
  });
});

// Last: these tests add products and orders of their own, which the counts above do not expect.
describe("variants and sale prices (decision 049)", () => {
  test("a size or colour filter lists a product with variants only while that size or colour has some left after holds", async () => {
    const adireUnder = async (filters: Filters) => names((await allPages(filters)).products).includes("Adire Variant Wrap");
    // M in Indigo has stock, but an unpaid order holds all of it; M in Ochre has none.
    expect(await adireUnder({ size: "M" })).toBe(false);
    expect(await adireUnder({ size: "L" })).toBe(true);
    expect(await adireUnder({ color: "Indigo" })).toBe(true);
    expect(await adireUnder({ color: "Ochre" })).toBe(false);
    expect(await adireUnder({ size: "M", color: "Indigo" })).toBe(false);
    expect(await adireUnder({ size: "L", color: "Indigo" })).toBe(true);
    expect(await countShopProducts({ size: "M", color: "Indigo", q: "adire" })).toBe(0);
    // A product without variants shows under its sizes whatever its stock, as before.
    const soldOutBasket = await givenProduct({ name: "Zanzibar Sold Out Basket", sizes: ["M"], stock: 0 });
    expect(ids((await allPages({ size: "M", q: "zanzibar" })).products)).toEqual([soldOutBasket.id]);
  });

  test("a product's page has each variant's own price and what is left of it, less what open orders hold", async () => {
    const page = await productBySlug(adire.slug);
    expect(page.kind === "found" && page.product).toMatchObject({
      priceCents: 450_000,
      compareAtCents: null,
      // Something is left to buy: the best-stocked variant's figure.
      available: 3,
      perOrderLimit: false,
      variants: [
        { size: "M", color: "Indigo", priceCents: 450_000, compareAtCents: null, available: 0, perOrderLimit: false, sku: "" },
        { size: "M", color: "Ochre", priceCents: 450_000, available: 0 },
        { size: "L", color: "Indigo", priceCents: 480_000, available: 3, sku: "ADIRE-L-IND" },
        { size: "L", color: "Ochre", priceCents: 450_000, available: 0 },
      ],
    });
    // The bag is told the same figures.
    const [forBag] = await productsForBag([adire.id]);
    expect(page.kind === "found" && page.product.variants).toEqual(forBag!.variants);
    // Once held, the L in Indigo is gone too, and M in Indigo is untouched by it.
    await givenOrder({ lines: [{ productId: adire.id, size: "L", color: "Indigo", quantity: 3 }] });
    const [after] = await productsForBag([adire.id]);
    expect(after!.variants.map((v) => v.available)).toEqual([0, 0, 0, 0]);
    expect(after!.available).toBe(0);
    expect((await shopProducts({ size: "L", q: "adire", page: 1 })).total).toBe(0);
  });

  test("a variant is told as left only up to what one order may take, and takes its price and compare-at price", async () => {
    const [tote] = await productsForBag([lamuSale.id]);
    expect(tote!.variants).toEqual([
      { size: "", color: "Natural", priceCents: 320_000, compareAtCents: null, sku: "", available: 10, perOrderLimit: true },
      { size: "", color: "Black", priceCents: 300_000, compareAtCents: 360_000, sku: "", available: 4, perOrderLimit: false },
      { size: "", color: "Indigo", priceCents: 320_000, compareAtCents: 400_000, sku: "", available: 1, perOrderLimit: false },
    ]);
    expect(tote).toMatchObject({ available: 10, perOrderLimit: true });
    // A product without variants has none.
    const [plain] = await productsForBag([(await givenProduct({ stock: 3 })).id]);
    expect(plain).toMatchObject({ available: 3, perOrderLimit: false, variants: [] });
  });

  test("cards carry the compare-at price and say Sale when the product or any of its variants is on sale", async () => {
    const cards = (await allPages({})).products;
    const card = (name: string) => cards.find((c) => c.name === name)!;
    expect(card("Shuka Sale Throw")).toMatchObject({ priceCents: 280_000, compareAtCents: 350_000, onSale: true });
    expect(card("Lamu Sale Tote")).toMatchObject({ compareAtCents: null, onSale: true });
    expect(card("Lamu Full Price Tote")).toMatchObject({ compareAtCents: 320_000, onSale: false });
    expect(card("Adire Variant Wrap").onSale).toBe(false);
    // The SQL agrees with the domain's rule (isOnSale of variantPrice) for every product.
    for (const product of everyProduct.filter((p) => p.isVisible)) {
      const onSale = isOnSale(product) || variantsOf(product.id).some((variant) => isOnSale(variantPrice(product, variant)));
      expect(card(product.name).onSale, product.name).toBe(onSale);
    }
    expect((await newestProducts(50)).filter((c) => c.onSale).map((c) => c.name).sort()).toEqual(["Lamu Sale Tote", "Shuka Sale Throw"]);
  });
});
