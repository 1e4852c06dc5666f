import { CATEGORY_NAME_MAX_CHARS } from "../category";
import { MAX_DESCRIPTION_CHARS, MAX_SHORT_TEXT_CHARS } from "../product";
import { slugify } from "../slug";
import { addOnce, lastSegment, optionList, presentColumns, problemAt, productAt, productReader, quoted } from "./cells";
import { cellAt, type Column, columnOf, type FileContext, type Row } from "./file";
import { htmlToText } from "./html";
import type { Candidate, FormatReader } from "./reading";

// Shopify's tags for the shop's two flags; the Shopify export writes the first of each.
const BESTSELLER_TAGS = ["bestseller", "best seller", "best-seller"];
const NEW_ARRIVAL_TAGS = ["new arrival", "new-arrival", "new arrivals", "new"];
// Statuses that keep a product off the storefront.
const HIDDEN_STATUSES = ["draft", "archived", "unlisted"];

/**
 * Shopify: several rows per product, grouped by Handle (rows after the first may hold only variant or image
 * columns). The first row with a Title holds the product's own fields. Both the classic headers ("Handle",
 * "Variant Price", "Image Src") and those of Shopify's newer template ("URL handle", "Price", "Product image URL")
 * are read. The handle becomes the slug, so links to the old shop's product pages keep their path.
 */
export function readShopifyFile(file: FileContext): ReturnType<FormatReader> {
  const column = (...names: string[]) => columnOf(file.header, names);
  const c = {
    handle: column("Handle", "URL handle"),
    title: column("Title"),
    body: column("Body (HTML)", "Description"),
    type: column("Type"),
    productCategory: column("Product Category"),
    tags: column("Tags"),
    published: column("Published", "Published on online store"),
    status: column("Status"),
    sku: column("Variant SKU", "SKU"),
    price: column("Variant Price", "Price"),
    quantity: column("Variant Inventory Qty", "Inventory quantity"),
    image: column("Image Src", "Product image URL"),
    imagePosition: column("Image Position"),
    variantImage: column("Variant Image", "Variant image URL"),
  };
  const options = [1, 2, 3].map((n) => ({ name: column(`Option${n} Name`), value: column(`Option${n} Value`) }));

  // A row without a handle but with a title starts a product whose handle Shopify would make from the title.
  const groups = new Map<string, Row[]>();
  for (const row of file.rows) {
    const handle = cellAt(row, c.handle).text || (cellAt(row, c.title).text && slugify(cellAt(row, c.title).text));
    if (!handle) {
      file.problems.push(problemAt(cellAt(row, c.handle), "is empty and so is Title, so this row belongs to no product.", true));
      continue;
    }
    const group = groups.get(handle);
    if (group) group.push(row);
    else groups.set(handle, [row]);
  }

  const candidates: Candidate[] = [];
  for (const [handle, rows] of groups) {
    const main = rows.find((row) => cellAt(row, c.title).text !== "");
    if (!main) {
      for (const row of rows) {
        file.problems.push(
          problemAt(cellAt(row, c.handle), `${quoted(handle)} has no row with a Title, so this row belongs to no product.`, true),
        );
      }
      continue;
    }
    const read = productReader(file);
    const at = (col: Column | null) => cellAt(main, col);
    const cellsOf = (col: Column | null) => rows.map((row) => cellAt(row, col)).filter((cell) => cell.text !== "");
    const product = productAt(main.row);

    product.name = read.name(at(c.title));
    product.slug = slugify(handle);
    product.description = read.text({ ...at(c.body), text: htmlToText(at(c.body).text) }, MAX_DESCRIPTION_CHARS);
    const category = at(c.type).text ? at(c.type) : { ...at(c.productCategory), text: lastSegment(at(c.productCategory).text) };
    product.categoryName = read.optionalText(category, CATEGORY_NAME_MAX_CHARS);
    const tags = at(c.tags)
      .text.split(",")
      .map((tag) => tag.trim().toLowerCase());
    product.isBestseller = tags.some((tag) => BESTSELLER_TAGS.includes(tag));
    product.isNewArrival = tags.some((tag) => NEW_ARRIVAL_TAGS.includes(tag));
    product.isVisible = at(c.published).text.toLowerCase() !== "false" && !HIDDEN_STATUSES.includes(at(c.status).text.toLowerCase());

    const skuAt = cellsOf(c.sku)[0] ?? null;
    if (skuAt) product.sku = read.text(skuAt, MAX_SHORT_TEXT_CHARS);

    const prices = cellsOf(c.price).map((cell) => read.price(cell));
    if (prices.length === 0) read.price({ ...at(c.price), column: c.price?.header ?? "Variant Price" });
    else product.priceCents = Math.min(...prices);
    product.stock = read.stockSum(cellsOf(c.quantity), at(c.quantity));

    // Option names are usually only on the product's first row; each variant row carries its values.
    for (const option of options) {
      const list = optionList(cellsOf(option.name)[0]?.text ?? "");
      if (!list) continue;
      for (const cell of cellsOf(option.value)) addOnce(product[list], cell.text);
      read.list(at(option.value), product[list]);
    }

    // Images in Image Position order (rows without one after, as they come), then the variants' images.
    const images = rows
      .filter((row) => cellAt(row, c.image).text !== "")
      .map((row) => ({ cell: cellAt(row, c.image), position: imagePosition(cellAt(row, c.imagePosition).text) }))
      .sort((a, b) => a.position - b.position)
      .map((image) => image.cell);
    product.imageUrls = read.images([...images, ...cellsOf(c.variantImage)]);

    candidates.push({ product, blocked: read.problems.blocked, skuAt, slugAt: at(c.handle) });
  }

  const optionValue = options.find((option) => option.value)?.value ?? null;
  const columns = presentColumns({
    sku: c.sku,
    slug: c.handle,
    name: c.title,
    description: c.body,
    categoryName: c.type ?? c.productCategory,
    priceCents: c.price,
    stock: c.quantity,
    sizes: optionValue,
    colors: optionValue,
    imageUrls: c.image ?? c.variantImage,
    isVisible: c.published ?? c.status,
    isBestseller: c.tags,
    isNewArrival: c.tags,
  });
  return { candidates, columns };
}

/** An Image Position; a missing or unusable one sorts after all others. */
function imagePosition(text: string): number {
  const position = Number(text);
  return text !== "" && Number.isSafeInteger(position) && position > 0 ? position : Number.MAX_SAFE_INTEGER;
}
