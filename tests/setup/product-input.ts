import type { ProductInput } from "../../app/domain/product.schema";

/** The product form's input for a kitenge dress with every field filled in; `changes` replace fields. */
export function productInput(changes: Partial<ProductInput> = {}): ProductInput {
  return {
    name: "Kitenge Maxi Dress",
    categoryId: null,
    priceCents: 3_500_50,
    stock: 12,
    description: "Flowing dress in bold print.",
    details: ["Hand-stitched", "Made in Nairobi"],
    sizes: ["S", "M", "L"],
    colors: ["Red", "Blue"],
    material: "Cotton",
    culturalInspiration: "Swahili Coast",
    isBestseller: true,
    isNewArrival: false,
    isVisible: true,
    images: ["/uploads/kitenge-1.webp", "https://example.com/kitenge-2.jpg"],
    ...changes,
  };
}
