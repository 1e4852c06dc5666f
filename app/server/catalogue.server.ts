import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { availableStock } from "~/domain/stock";
import { type ShopFilters, searchSuggestions, SEARCH_MAX_SUGGESTIONS, SEARCH_MIN_CHARS } from "~/domain/catalogue";
import { shillingsToCents } from "~/domain/money";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Queryable, queryRows } from "./db/client.server";
import { likePattern, prefixPattern } from "./db/like.server";
import { db } from "./db/database.server";
import { categories, orderLines, orders, products, productSlugHistory } from "./db/schema.server";

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

/** SPEC §5: products with isVisible false are hidden everywhere public. */
const isPublic = eq(products.isVisible, true);

/** The SQL form of the shop filters of SPEC §5 (the domain's matchesShopFilters says the same in code). */
function filterConditions(filters: Omit<ShopFilters, "page">): SQL[] {
  const conditions: SQL[] = [isPublic];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    // Also what suggestions are drawn from, so picking one finds its products (decision 011).
    conditions.push(
      or(
        sql`lower(${products.name}) like ${pattern}`,
        sql`lower(${products.description}) like ${pattern}`,
        sql`lower(${products.culturalInspiration}) like ${pattern}`,
        sql`lower(${products.material}) like ${pattern}`,
        sql`exists (select 1 from ${categories} where ${categories.id} = ${products.categoryId} and lower(${categories.name}) like ${pattern})`,
      )!,
    );
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
  const where = and(...filterConditions(filters));
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
  const [row] = await (await db()).select({ total: count() }).from(products).where(and(...filterConditions(filters)));
  return row?.total ?? 0;
}

/** The newest visible products (the home page shows the first 10, SPEC §9). */
export async function newestProducts(limit: number): Promise<ProductCard[]> {
  return (await db()).select(cardColumns).from(products).where(isPublic).orderBy(desc(products.createdAt), asc(products.id)).limit(limit);
}

export type ShopCategory = { id: string; name: string };

/** Categories in the shop's order (the footer shows the first 4). */
export async function shopCategories(): Promise<ShopCategory[]> {
  return (await db())
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export type ShopFacets = { sizes: string[]; colors: string[]; materials: string[]; dearestPriceCents: number };

/** Clothing sizes in the order a shopper reads them; any other size follows in alphabetical order. */
const CLOTHING_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** The choices the filter sidebar offers, drawn from visible products. */
export async function shopFacets(): Promise<ShopFacets> {
  const [row] = await queryRows<{ sizes: string[] | null; colors: string[] | null; materials: string[] | null; dearest: number | null }>(
    await db(),
    sql`select
          (select array_agg(s order by array_position(array[${sql.join(CLOTHING_SIZES.map((size) => sql`${size}`), sql`, `)}]::text[], s) nulls last, s)
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
 * Search suggestions (SPEC §2 Shop): from 2 characters, at most 5, from product names, cultural inspirations,
 * materials and category names. The database narrows the candidates, those starting with the text first (so a
 * big catalogue cannot crowd them out); the domain rule orders them.
 */
export async function suggestions(query: string): Promise<string[]> {
  const q = query.trim();
  if (q.length < SEARCH_MIN_CHARS) return [];
  const pattern = likePattern(q);
  const prefix = prefixPattern(q);
  const database = await db();
  const limit = SEARCH_MAX_SUGGESTIONS * 4;
  const candidates = (column: AnyPgColumn, ofVisibleProducts = true) =>
    database
      .select({ v: sql<string>`${column}` })
      .from(column.table)
      .where(and(ofVisibleProducts ? isPublic : undefined, sql`lower(${column}) like ${pattern}`))
      .groupBy(column)
      .orderBy(sql`lower(${column}) like ${prefix} desc`, asc(column))
      .limit(limit);
  const [names, inspirations, materials, categoryNames] = await Promise.all([
    candidates(products.name),
    candidates(products.culturalInspiration),
    candidates(products.material),
    candidates(categories.name, false),
  ]);
  const values = (rows: { v: string }[]) => rows.map((r) => r.v);
  return searchSuggestions(q, {
    productNames: values(names),
    culturalInspirations: values(inspirations),
    materials: values(materials),
    categoryNames: values(categoryNames),
  });
}

/** Orders that still hold their products' quantities: not cancelled, not archived, stock not yet taken (decision 002). */
const holdsStock = and(isNull(orders.stockTakenAt), eq(orders.isArchived, false), sql`${orders.status} <> 'Cancelled'`);

/** How many units of the enclosing query's product open orders hold, as SQL (for lists of many products). */
export const heldQuantitySql = sql<number>`coalesce((select sum(${orderLines.quantity}) from ${orderLines}
  inner join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.productId} = ${products.id} and ${holdsStock}), 0)::int`;

/** Quantities that open orders hold of each product until their stock is taken (decision 002). */
export async function heldQuantities(source: Queryable, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await source
    .select({ productId: orderLines.productId, held: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.productId, [...productIds]), holdsStock))
    .groupBy(orderLines.productId);
  return new Map(rows.map((r) => [r.productId!, r.held]));
}

export type ProductDetail = {
  id: string;
  name: string;
  slug: string;
  sku: string;
  priceCents: number;
  description: string;
  details: string[];
  images: string[];
  sizes: string[];
  colors: string[];
  material: string;
  culturalInspiration: string;
  isBestseller: boolean;
  isNewArrival: boolean;
  category: ShopCategory | null;
  available: number;
};

export type ProductLookup = { kind: "found"; product: ProductDetail } | { kind: "moved"; slug: string } | { kind: "missing" };

/** A visible product by its slug; a former slug of a renamed product points to the current one. */
export async function productBySlug(slug: string): Promise<ProductLookup> {
  const database = await db();
  const [row] = await database
    .select({ product: products, category: { id: categories.id, name: categories.name } })
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
  const p = row.product;
  const held = (await heldQuantities(database, [p.id])).get(p.id) ?? 0;
  return {
    kind: "found",
    product: {
      id: p.id,
      name: p.name,
      slug: p.slug,
      sku: p.sku,
      priceCents: p.priceCents,
      description: p.description,
      details: p.details,
      images: p.images,
      sizes: p.sizes,
      colors: p.colors,
      material: p.material,
      culturalInspiration: p.culturalInspiration,
      isBestseller: p.isBestseller,
      isNewArrival: p.isNewArrival,
      category: row.category?.id ? row.category : null,
      available: availableStock(p.stock, held),
    },
  };
}

/** What the bag shows for its lines: today's name, price and picture, and how many can still be bought. */
export type BagProduct = { id: string; name: string; slug: string; priceCents: number; image: string | null; available: number };

export async function productsForBag(ids: readonly string[]): Promise<BagProduct[]> {
  if (ids.length === 0) return [];
  const database = await db();
  const rows = await database
    .select({ id: products.id, name: products.name, slug: products.slug, priceCents: products.priceCents, images: products.images, stock: products.stock })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isPublic));
  const held = await heldQuantities(database, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    priceCents: r.priceCents,
    image: r.images[0] ?? null,
    available: availableStock(r.stock, held.get(r.id) ?? 0),
  }));
}

/** Every visible product's address, for the sitemap. */
export async function sitemapProducts(): Promise<{ slug: string; updatedAt: Date }[]> {
  return (await db()).select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(isPublic).orderBy(asc(products.slug));
}
