import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { stockForShoppers, unitsPerProductPerOrder } from "~/domain/hold-limits";
import { availableStock, quantitiesByStockUnit, stockUnitKey } from "~/domain/stock";
import { type VariantOptions, variantPrice } from "~/domain/variants";
import { categoriesMatching, type ShopFilters, searchSuggestions, SEARCH_MAX_SUGGESTIONS, SEARCH_MIN_CHARS } from "~/domain/catalogue";
import { shillingsToCents } from "~/domain/money";
import type { ProductContent } from "~/domain/product";
import { type Queryable, queryRows } from "./db/client.server";
import { likePattern, prefixPattern } from "./db/like.server";
import { db } from "./db/database.server";
import { categories, products, productSlugHistory, productVariants } from "./db/schema.server";
import { liveCache } from "./live-cache.server";
import { readSiteDocument } from "./site-documents.server";
import { PRODUCT_FIELD_COLUMNS, VARIANT_COLUMNS } from "./products.server";
import { heldQuantities, stockUnitsSql } from "./stock.server";

/** What a product card in a list shows: its price, the compare-at price struck through, and "Sale" when on sale. */
export type ProductCard = {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  compareAtCents: number | null;
  onSale: boolean;
  images: string[];
  isBestseller: boolean;
  isNewArrival: boolean;
};

/**
 * A column named with its table. In the select list of a one-table query Drizzle leaves table names out, and the
 * variants' columns have the same names as the product's.
 */
const qualified = (column: AnyPgColumn) => sql`${column.table}.${sql.identifier(column.name)}`;

/**
 * Whether the product, or any of its variants, is on sale: the SQL twin of isOnSale(variantPrice(product, variant)),
 * where a variant without a price of its own sells at the product's and takes its compare-at price too unless it has
 * one. Evaluated only for the cards a page shows, through the variants' (product_id, size, color) index.
 */
const onSaleSql = sql<boolean>`(coalesce(${qualified(products.compareAtCents)} > ${qualified(products.priceCents)}, false) or exists (
    select 1 from ${productVariants} where ${qualified(productVariants.productId)} = ${qualified(products.id)} and case
      when ${qualified(productVariants.priceCents)} is null
        then coalesce(${qualified(productVariants.compareAtCents)}, ${qualified(products.compareAtCents)}) > ${qualified(products.priceCents)}
      else ${qualified(productVariants.compareAtCents)} > ${qualified(productVariants.priceCents)} end))`;

const cardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  onSale: onSaleSql,
  images: products.images,
  isBestseller: products.isBestseller,
  isNewArrival: products.isNewArrival,
};

/** product.md §5: products with isVisible false are hidden everywhere public. */
const isPublic = eq(products.isVisible, true);

/**
 * The SQL form of the shop filters of product.md §5 (the domain's matchesShopFilters says the same in code). The
 * categories a search names come from the cached list, so the rest is one trigram index lookup: with the
 * category test inside the query, the planner read every product to count the matches.
 */
async function filterConditions(filters: Omit<ShopFilters, "page">): Promise<SQL[]> {
  const conditions: SQL[] = [isPublic];
  if (filters.q) {
    // Also what suggestions are drawn from, so picking one finds its products (decision 011).
    const searched = sql`${products.searchText} like ${likePattern(filters.q)}`;
    const namedCategories = categoriesMatching(await shopCategories(), filters.q);
    conditions.push(namedCategories.length > 0 ? or(searched, inArray(products.categoryId, namedCategories))! : searched);
  }
  if (filters.categoryId) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.maxPrice !== undefined) conditions.push(sql`${products.priceCents} <= ${shillingsToCents(filters.maxPrice)}`);
  if (filters.size) conditions.push(sql`${filters.size} = any(${products.sizes})`);
  if (filters.color) conditions.push(sql`${filters.color} = any(${products.colors})`);
  const left = filters.size || filters.color ? await optionsLeft(filters) : undefined;
  if (left) conditions.push(left);
  if (filters.material) conditions.push(eq(products.material, filters.material));
  return conditions;
}

// Products that keep stock per variant and offer a size or colour with none of it left, per filter. An order changes
// that only when a variant sells out or comes back, and then announces "products" (decision 034), as staff saves and
// imports do; so it is kept until then. Adding up what open orders hold of every variant on each filtered page took
// 100-300 ms at 10,000 products; kept, a filtered page takes about 15 ms.
const cachedSoldOutOptions = liveCache<string, string[]>(["products"], { maxEntries: 200 });

/**
 * The visible products that keep stock per variant (decision 049), offer the filters' size and colour, and have no
 * variant of them left: `available` in stockUnitsSql (the one SQL form of availableStock) is 0 for each one. The SQL
 * twin of hasOptionsLeft; catalogue.test.ts checks the shop's filters against matchesShopFilters.
 */
function soldOutOptions({ size, color }: { size?: string | undefined; color?: string | undefined }): Promise<string[]> {
  return cachedSoldOutOptions.get(JSON.stringify([size ?? null, color ?? null]), async () => {
    const matching = [...(size ? [sql`unit.size = ${size}`] : []), ...(color ? [sql`unit.color = ${color}`] : [])];
    const offered = [...(size ? [sql`${size} = any(${products.sizes})`] : []), ...(color ? [sql`${color} = any(${products.colors})`] : [])];
    const rows = await queryRows<{ id: string }>(
      await db(),
      sql`select ${products.id} as id from ${products}
        inner join ${stockUnitsSql} as unit on unit.product_id = ${products.id} and unit.is_variant
        where ${isPublic} and ${sql.join(offered, sql` and `)}
        group by ${products.id}
        having not coalesce(bool_or(unit.available > 0 and ${sql.join(matching, sql` and `)}), false)`,
    );
    return rows.map((row) => row.id);
  });
}

/**
 * A size or colour filter (issue 22): a product that keeps stock per variant shows only when a variant of that size
 * and colour has some left (hasOptionsLeft); a product that does not shows as before (matchesShopFilters).
 */
async function optionsLeft(filters: { size?: string | undefined; color?: string | undefined }): Promise<SQL | undefined> {
  const soldOut = await soldOutOptions(filters);
  return soldOut.length === 0 ? undefined : sql`not (${products.id} = any(${sql.param(soldOut)}::text[]))`;
}

export const SHOP_PAGE_SIZE = 24;

export type ShopPage = { products: ProductCard[]; total: number; page: number; pageSize: number; pageCount: number };

/** One page of the shop's products matching the filters, newest first, with the total for "N results". */
export async function shopProducts(filters: ShopFilters, pageSize = SHOP_PAGE_SIZE): Promise<ShopPage> {
  const database = await db();
  const where = and(...(await filterConditions(filters)));
  const [rows, [totals]] = await Promise.all([
    database
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    database.select({ total: count() }).from(products).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { products: rows, total, page: filters.page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** How many products the filters would show (the mobile drawer's 'Show N Results'). */
export async function countShopProducts(filters: Omit<ShopFilters, "page">): Promise<number> {
  const where = and(...(await filterConditions(filters)));
  const [row] = await (await db()).select({ total: count() }).from(products).where(where);
  return row?.total ?? 0;
}

/** The newest visible products (the home page shows the first 10, product.md §9). */
export async function newestProducts(limit: number): Promise<ProductCard[]> {
  return (await db()).select(cardColumns).from(products).where(isPublic).orderBy(desc(products.createdAt), asc(products.id)).limit(limit);
}

export type ShopCategory = { id: string; name: string };

// Every storefront page shows the categories (footer, filters); staff change them rarely.
const cachedCategories = liveCache<"all", ShopCategory[]>(["categories"]);

/** Categories in the shop's order (the footer shows the first 4). */
export function shopCategories(): Promise<ShopCategory[]> {
  return cachedCategories.get("all", async () =>
    (await db())
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
  );
}

export type ShopFacets = { sizes: string[]; colors: string[]; materials: string[]; dearestPriceCents: number };

/** Clothing sizes in the order a shopper reads them; any other size follows in alphabetical order. */
const CLOTHING_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

// Reading every visible product's sizes and colours costs more than the rest of the shop page together.
const cachedFacets = liveCache<"all", ShopFacets>(["products"]);

/** The choices the filter sidebar offers, drawn from visible products. */
export function shopFacets(): Promise<ShopFacets> {
  return cachedFacets.get("all", loadShopFacets);
}

async function loadShopFacets(): Promise<ShopFacets> {
  const [row] = await queryRows<{ sizes: string[] | null; colors: string[] | null; materials: string[] | null; dearest: number | null }>(
    await db(),
    sql`select
          (select array_agg(s order by array_position(array[${sql.join(
            CLOTHING_SIZES.map((size) => sql`${size}`),
            sql`, `,
          )}]::text[], s) nulls last, s)
             from (select distinct unnest(${products.sizes}) s from ${products} where ${isPublic}) sizes) as sizes,
          (select array_agg(c order by c)
             from (select distinct unnest(${products.colors}) c from ${products} where ${isPublic}) colors) as colors,
          (select array_agg(distinct ${products.material} order by ${products.material}) from ${products}
             where ${isPublic} and ${products.material} <> '') as materials,
          (select max(${products.priceCents}) from ${products} where ${isPublic}) as dearest`,
  );
  return {
    sizes: row?.sizes ?? [],
    colors: row?.colors ?? [],
    materials: row?.materials ?? [],
    dearestPriceCents: Number(row?.dearest ?? 0),
  };
}

/**
 * Search suggestions (product.md §2 Shop): from 2 characters, at most 5, from product names, cultural inspirations,
 * materials and category names. The database narrows the candidates, those starting with the text first (so a
 * big catalogue cannot crowd them out); the domain rule orders them.
 */
export async function suggestions(query: string): Promise<string[]> {
  const q = query.trim();
  if (q.length < SEARCH_MIN_CHARS) return [];
  const limit = SEARCH_MAX_SUGGESTIONS * 4;
  // Inspirations, materials and categories are few however large the catalogue: their cached lists go to the
  // domain rule whole, which picks the matching ones.
  const [productNames, { culturalInspirations, materials }, categoryList] = await Promise.all([
    suggestedProductNames(q, limit),
    searchVocabulary(),
    shopCategories(),
  ]);
  return searchSuggestions(q, {
    productNames,
    culturalInspirations,
    materials,
    categoryNames: categoryList.map((category) => category.name),
  });
}

/**
 * Up to `limit` product names for suggestions: those starting with the text, in order, read through the index
 * on lower(name) (at 100,000 products, grouping every match to sort it cost 25 ms); then, only when too few
 * start with it, names containing it. A few extra rows are read, as names may repeat.
 */
async function suggestedProductNames(q: string, limit: number): Promise<string[]> {
  const database = await db();
  const lowerName = sql`(lower(${products.name}) collate "C")`;
  const startsWith = sql`${lowerName} like ${prefixPattern(q)}`;
  const distinct = (rows: { name: string }[]) => [...new Set(rows.map((row) => row.name))];
  const starting = distinct(
    await database
      .select({ name: products.name })
      .from(products)
      .where(and(isPublic, startsWith))
      .orderBy(asc(lowerName))
      .limit(limit * 3),
  ).slice(0, limit);
  if (starting.length >= limit) return starting;
  const containing = await database
    .select({ name: products.name })
    .from(products)
    .where(and(isPublic, sql`lower(${products.name}) like ${likePattern(q)}`, sql`not ${startsWith}`))
    .limit(limit * 3);
  return [
    ...starting,
    ...distinct(containing)
      .sort()
      .slice(0, limit - starting.length),
  ];
}

type SearchVocabulary = { culturalInspirations: string[]; materials: string[] };
const cachedVocabulary = liveCache<"all", SearchVocabulary>(["products"]);

/** The cultural inspirations and materials of visible products, each once, in alphabetical order. */
function searchVocabulary(): Promise<SearchVocabulary> {
  return cachedVocabulary.get("all", async () => {
    const [row] = await queryRows<{ inspirations: string[] | null; materials: string[] | null }>(
      await db(),
      sql`select
            (select array_agg(distinct ${products.culturalInspiration} order by ${products.culturalInspiration}) from ${products}
               where ${isPublic} and ${products.culturalInspiration} <> '') as inspirations,
            (select array_agg(distinct ${products.material} order by ${products.material}) from ${products}
               where ${isPublic} and ${products.material} <> '') as materials`,
    );
    return { culturalInspirations: row?.inspirations ?? [], materials: row?.materials ?? [] };
  });
}

/** The most of one stock unit one order may take, which is as much as shoppers are told is left (decision 043). */
const unitsPerOrder = async () => unitsPerProductPerOrder(await readSiteDocument("settings"));

/** How many of a product or variant a shopper can still buy, up to what one order may take (stockForShoppers). */
type ShopAvailability = { available: number; perOrderLimit: boolean };

/** A size and colour combination as shoppers see it (decision 049): what it sells at and what is left of it. */
type ShopVariant = VariantOptions & ShopAvailability & { priceCents: number; compareAtCents: number | null; sku: string };

/** What is left of a product: its own when it sells from one stock, else each variant's (`variants` empty when none). */
type ProductStock = ShopAvailability & { variants: ShopVariant[] };

/**
 * What shoppers may buy of each product and of each of its variants: the stock of each stock unit less what open
 * orders hold of it (availableStock over quantitiesByStockUnit, the one availability rule), with each variant's
 * price. A product with variants is as available as its best-stocked variant: there is something left to buy.
 */
async function stockOfProducts(
  source: Queryable,
  rows: readonly { id: string; stock: number; priceCents: number; compareAtCents: number | null }[],
): Promise<Map<string, ProductStock>> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map();
  const [variantRows, held, most] = await Promise.all([
    source
      .select({ productId: productVariants.productId, ...VARIANT_COLUMNS })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
    heldQuantities(source, ids),
    unitsPerOrder(),
  ]);
  const tracksVariants = new Set(variantRows.map((variant) => variant.productId));
  const heldOf = new Map(quantitiesByStockUnit(held, (id) => tracksVariants.has(id)));
  const leftOf = (productId: string, options: VariantOptions, stock: number) =>
    availableStock(stock, heldOf.get(stockUnitKey(productId, options, tracksVariants.has(productId))) ?? 0);
  return new Map(
    rows.map((row) => {
      const variants = variantRows.filter((variant) => variant.productId === row.id);
      if (variants.length === 0) {
        return [row.id, { ...stockForShoppers(leftOf(row.id, { size: "", color: "" }, row.stock), most), variants: [] }];
      }
      const left = variants.map((variant) => leftOf(row.id, variant, variant.stock));
      return [
        row.id,
        {
          ...stockForShoppers(Math.max(...left), most),
          variants: variants.map((variant, index) => ({
            size: variant.size,
            color: variant.color,
            sku: variant.sku,
            ...variantPrice(row, variant),
            ...stockForShoppers(left[index]!, most),
          })),
        },
      ];
    }),
  );
}

/**
 * A product's page: what it says about itself, its category, its compare-at price, how many can still be bought,
 * and its variants, each with its own price and what is left of it (empty when it sells from one stock).
 */
export type ProductDetail = Omit<ProductContent, "stock" | "isVisible"> &
  ProductStock & {
    id: string;
    slug: string;
    sku: string;
    compareAtCents: number | null;
    category: ShopCategory | null;
  };

// What the product page reads of a product: the product form's columns but its category id and visibility.
const { categoryId: _categoryId, isVisible: _isVisible, ...PRODUCT_PAGE_COLUMNS } = PRODUCT_FIELD_COLUMNS;

export type ProductLookup = { kind: "found"; product: ProductDetail } | { kind: "moved"; slug: string } | { kind: "missing" };

/** A visible product by its slug; a former slug of a renamed product points to the current one. */
export async function productBySlug(slug: string): Promise<ProductLookup> {
  const database = await db();
  const [row] = await database
    .select({
      product: { ...PRODUCT_PAGE_COLUMNS, compareAtCents: products.compareAtCents },
      category: { id: categories.id, name: categories.name },
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.slug, slug), isPublic));
  if (!row) {
    const [moved] = await database
      .select({ slug: products.slug })
      .from(productSlugHistory)
      .innerJoin(products, eq(products.id, productSlugHistory.productId))
      .where(and(eq(productSlugHistory.slug, slug), isPublic));
    return moved ? { kind: "moved", slug: moved.slug } : { kind: "missing" };
  }
  const { stock: _stock, ...product } = row.product;
  const stock = (await stockOfProducts(database, [row.product])).get(product.id)!;
  return { kind: "found", product: { ...product, category: row.category?.id ? row.category : null, ...stock } };
}

/**
 * What the bag shows for its lines: today's name, price and picture, and how many can still be bought (up to what one
 * order may take); for a product with variants, each variant's own price and what is left of it, as a variant line
 * sells at its own (decision 049).
 */
export type BagProduct = ProductStock & {
  id: string;
  name: string;
  slug: string;
  /** What a promotion for a category covers (issue 24). */
  categoryId: string | null;
  priceCents: number;
  image: string | null;
};

export async function productsForBag(ids: readonly string[]): Promise<BagProduct[]> {
  if (ids.length === 0) return [];
  const database = await db();
  const rows = await database
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      categoryId: products.categoryId,
      priceCents: products.priceCents,
      compareAtCents: products.compareAtCents,
      images: products.images,
      stock: products.stock,
    })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isPublic));
  const stock = await stockOfProducts(database, rows);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    categoryId: r.categoryId,
    priceCents: r.priceCents,
    image: r.images[0] ?? null,
    ...stock.get(r.id)!,
  }));
}

/** Every visible product's address, for the sitemap. */
export async function sitemapProducts(): Promise<{ slug: string; updatedAt: Date }[]> {
  return (await db())
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(isPublic)
    .orderBy(asc(products.slug));
}
