import { CATEGORY_NAME_MAX_CHARS } from "../category";
import { MAX_DESCRIPTION_CHARS, MAX_SHORT_TEXT_CHARS } from "../product";
import { slugify } from "../slug";
import { variantLabel } from "../variants";
import { checkStockTotal, lastSegment, optionList, presentColumns, problemAt, productAt, productReader, quoted } from "./cells";
import { cellAt, type Column, columnOf, type FileContext, type Row } from "./file";
import { htmlToText } from "./html";
import { applyVariants, type VariantDraft, variantOptions } from "./options";
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
    compareAt: column("Variant Compare At Price", "Compare-at price"),
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

    // Option names are usually only on the product's first row; each variant's row carries its values. A row with
    // neither a price nor an option value holds only an image.
    const optionNames = options.map((option) => cellsOf(option.name)[0]?.text ?? "");
    const variantRows = rows.filter((row) => [c.price, ...options.map((option) => option.value)].some((col) => cellAt(row, col).text !== ""));
    const drafts: VariantDraft[] = [];
    for (const row of variantRows) {
      const combination = variantOptions(options.map((option, i) => ({ name: optionNames[i]!, value: cellAt(row, option.value).text })));
      const priceAt = { ...cellAt(row, c.price), column: c.price?.header ?? "Variant Price" };
      const priceCents = read.priceOrZero(priceAt);
      const quantity = cellAt(row, c.quantity);
      const draft = {
        ...combination,
        at: priceAt,
        stock: read.soldStock(quantity, "Shopify sold it past its stock"),
        ownStock: quantity.text !== "",
        compareAtCents: read.compareAt(cellAt(row, c.compareAt)),
        sku: read.text(cellAt(row, c.sku), MAX_SHORT_TEXT_CHARS),
      };
      // Shopify lets a shop keep a combination at 0 (not for sale, or a placeholder); the shop sells nothing free.
      if (priceCents === 0 && variantRows.length === 1) read.problems.leaveOut(priceAt, `${quoted(priceAt.text)} is 0, so this product is left out.`);
      else if (priceCents === 0) read.problems.note(priceAt, `${quoted(priceAt.text)} is 0, so this variant (${variantLabel(combination)}) is left out.`);
      else if (priceCents !== null) drafts.push({ ...draft, priceCents });
    }
    if (variantRows.length === 0) read.price({ ...at(c.price), column: c.price?.header ?? "Variant Price" });
    else if (drafts.length === 0 && variantRows.length > 1 && !read.problems.blocked) {
      read.problems.leaveOut(at(c.price), `no variant of ${quoted(product.name)} has a price above 0, so this product is left out.`);
    }
    product.stock = drafts.reduce((sum, draft) => sum + draft.stock, 0);
    checkStockTotal(product.stock, at(c.quantity), read.problems);
    applyVariants(product, drafts, read.problems, at(c.quantity));
    for (const list of ["sizes", "colors"] as const) {
      const option = options[optionNames.findIndex((name) => optionList(name) === list)] ?? options[0]!;
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
    compareAtCents: c.compareAt,
    stock: c.quantity,
    variants: optionValue,
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
