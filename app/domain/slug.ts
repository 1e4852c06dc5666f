/**
 * A product's name as a URL part (product.md §3): lowercased, each run of non-word characters replaced by one
 * hyphen, hyphens trimmed from the ends. Accents are dropped first ("Café" → "cafe"); a name with no Latin
 * letters or digits at all becomes "product", so a slug is never empty.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\W+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.replace(/_/g, "") === "" ? "product" : slug;
}

/**
 * A product's slug: its name plus a suffix that keeps slugs unique (product.md §3). A new product's suffix is a
 * timestamp; on update the slug is rebuilt from the name and the product id.
 */
export function productSlug(name: string, suffix: string): string {
  return `${slugify(name)}-${suffix}`;
}

/** A new product's SKU: 'AFB-NEW-' and the time it was created, in milliseconds (product.md §3). */
export function newProductSku(now: Date): string {
  return `AFB-NEW-${now.getTime()}`;
}

/**
 * A new product's SKU and slug, both from the time it was created, in milliseconds (product.md §3). The product form
 * and the catalogue import both make them here; should another product already hold either, they take the
 * next millisecond.
 */
export function newProductKeys(name: string, time: number): { sku: string; slug: string } {
  return { sku: newProductSku(new Date(time)), slug: productSlug(name, String(time)) };
}
