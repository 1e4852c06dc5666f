import { and, desc, eq } from "drizzle-orm";
import { db } from "./db/database.server";
import { products } from "./db/schema.server";

export type ProductCard = { id: string; name: string; slug: string; priceCents: number; images: string[] };

/** The newest visible products, for the home page's collection. */
export async function newestVisibleProducts(limit: number): Promise<ProductCard[]> {
  return (await db())
    .select({ id: products.id, name: products.name, slug: products.slug, priceCents: products.priceCents, images: products.images })
    .from(products)
    .where(and(eq(products.isVisible, true)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}
