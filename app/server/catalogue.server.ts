import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { stockForShoppers, unitsPerProductPerOrder } from "~/domain/hold-limits";
import { availableStock } from "~/domain/stock";
import { categoriesMatching, type ShopFilters, searchSuggestions, SEARCH_MAX_SUGGESTIONS, SEARCH_MIN_CHARS } from "~/domain/catalogue";
import { shillingsToCents } from "~/domain/money";
import type { ProductContent } from "~/domain/product";
import { queryRows } from "./db/client.server";
import { likePattern, prefixPattern } from "./db/like.server";
import { db } from "./db/database.server";
import { categories, products, productSlugHistory } from "./db/schema.server";
import { liveCache } from "./live-cache.server";
import { readSiteDocument } from "./site-documents.server";
import { PRODUCT_FIELD_COLUMNS } from "./products.server";
import { heldQuantities } from "./stock.server";

/** What a product card in a list shows. */
export type ProductCard = {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  images: string[];
  isBestseller: boolean;
  isNewArrival: boolean;
};

const cardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
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
  if (filters.material) conditions.push(eq(products.material, filters.material));
  return conditions;
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

/** The most of one product one order may take, which is as much as shoppers are told is left (decision 043). */
const unitsPerOrder = async () => unitsPerProductPerOrder(await readSiteDocument("settings"));

/** A product's page: what it says about itself, its category, and how many can still be bought. */
export type ProductDetail = Omit<ProductContent, "stock" | "isVisible"> & {
  id: string;
  slug: string;
  sku: string;
  category: ShopCategory | null;
  available: number;
  perOrderLimit: boolean;
};

// What the product page reads of a product: the product form's columns but its category id and visibility.
const { categoryId: _categoryId, isVisible: _isVisible, ...PRODUCT_PAGE_COLUMNS } = PRODUCT_FIELD_COLUMNS;

export type ProductLookup = { kind: "found"; product: ProductDetail } | { kind: "moved"; slug: string } | { kind: "missing" };

/** A visible product by its slug; a former slug of a renamed product points to the current one. */
export async function productBySlug(slug: string): Promise<ProductLookup> {
  const database = await db();
  const [row] = await database
    .select({ product: PRODUCT_PAGE_COLUMNS, category: { id: categories.id, name: categories.name } })
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
  const { stock, ...product } = row.product;
  const held = (await heldQuantities(database, [product.id])).get(product.id) ?? 0;
  const shown = stockForShoppers(availableStock(stock, held), await unitsPerOrder());
  return { kind: "found", product: { ...product, category: row.category?.id ? row.category : null, ...shown } };
}

/** What the bag shows for its lines: today's name, price and picture, and how many can still be bought (up to what one order may take). */
export type BagProduct = {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  image: string | null;
  available: number;
  perOrderLimit: boolean;
};

export async function productsForBag(ids: readonly string[]): Promise<BagProduct[]> {
  if (ids.length === 0) return [];
  const database = await db();
  const rows = await database
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      priceCents: products.priceCents,
      images: products.images,
      stock: products.stock,
    })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isPublic));
  const held = await heldQuantities(
    database,
    rows.map((r) => r.id),
  );
  const most = await unitsPerOrder();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    priceCents: r.priceCents,
    image: r.images[0] ?? null,
    ...stockForShoppers(availableStock(r.stock, held.get(r.id) ?? 0), most),
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
