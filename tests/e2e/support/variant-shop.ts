import { closeShopDatabase, shopDatabase } from "../../../app/server/db/database.server";
import { givenProduct } from "../../setup/builders";

/**
 * Test fixture, run in its own process before a test shop starts (see variants.spec.ts): opens DATA_DIR (creating,
 * migrating and seeding it like `npm start`) and adds a dress that keeps stock per size and colour (decision 049), on
 * sale at KSH 3,000 (was 3,500): M in Indigo sold out, L in Indigo at its own KSH 3,200. Prints its slug.
 */
await shopDatabase();
const dress = await givenProduct({
  name: "Adire Variant Wrap Dress",
  description: "Hand-dyed adire cotton, wrapped and tied at the waist.",
  images: [],
  priceCents: 3_000_00,
  compareAtCents: 3_500_00,
  variants: [
    { size: "M", color: "Indigo", stock: 0 },
    { size: "L", color: "Indigo", stock: 5, priceCents: 3_200_00, sku: "ADIRE-L-IND" },
    { size: "M", color: "Ochre", stock: 2 },
    { size: "L", color: "Ochre", stock: 0 },
  ],
  // Sizes and colours in the shop's order: the page starts on the first of each (Indigo, M).
  sizes: ["M", "L"],
  colors: ["Indigo", "Ochre"],
});
console.log(JSON.stringify({ slug: dress.slug, id: dress.id }));
await closeShopDatabase();
