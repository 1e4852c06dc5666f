import { CATEGORY_NAME_MAX_CHARS } from "../category";
import { MAX_DESCRIPTION_CHARS, MAX_SHORT_TEXT_CHARS } from "../product";
import { addOnce, lastSegment, optionList, presentColumns, problemAt, productAt, productReader, quoted, splitCell } from "./cells";
import { type Cell, cellAt, type Column, columnOf, type FileContext, type Row } from "./file";
import { htmlToText } from "./html";
import type { Candidate, FormatReader } from "./reading";

/** WooCommerce's lists: parted by commas, a comma inside an entry written "\,". */
function readWooList(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((entry) => entry.replace(/\\,/g, ",").trim())
    .filter((entry) => entry !== "");
}

/** WooCommerce writes line breaks in descriptions as the two characters "\n". */
const wooHtml = (cell: Cell): Cell => ({ ...cell, text: htmlToText(cell.text.replace(/\\n/g, "\n")) });

/**
 * WooCommerce: one row per product; a variable product's variations (Type "variation") follow on rows of their
 * own, pointing to it by Parent ("id:123" or its SKU). Variations are folded into their product: their price
 * (the lowest counts), stock (added up, when they keep their own), attribute values (sizes and colours) and
 * images. Grouped products have no price or stock of their own, so they are left out with a note; their
 * products come in on their own rows. The price is the Regular price: a sale price is temporary, and Duka has
 * none to keep it in.
 */
export function readWooFile(file: FileContext): ReturnType<FormatReader> {
  const column = (name: string) => columnOf(file.header, [name]);
  const c = {
    id: column("ID"),
    type: column("Type"),
    sku: column("SKU"),
    name: column("Name"),
    published: column("Published"),
    visibility: column("Visibility in catalog"),
    shortDescription: column("Short description"),
    description: column("Description"),
    price: column("Regular price"),
    categories: column("Categories"),
    images: column("Images"),
    stock: column("Stock"),
    parent: column("Parent"),
  };
  const attributes = file.header.flatMap((title, index) => {
    const n = /^attribute (\d+) name$/i.exec(title)?.[1];
    return n ? [{ name: { header: title, index }, values: column(`Attribute ${n} value(s)`) }] : [];
  });

  type WooProduct = { row: Row; variations: Row[] };
  const products: WooProduct[] = [];
  const byReference = new Map<string, WooProduct>();
  const variations: Row[] = [];
  for (const row of file.rows) {
    const types = readWooList(cellAt(row, c.type).text.toLowerCase());
    if (types.includes("variation")) {
      variations.push(row);
    } else if (types.includes("grouped")) {
      file.problems.push(
        problemAt(cellAt(row, c.type), `"grouped" products have no price or stock of their own, so this row is left out.`, false),
      );
    } else {
      const product = { row, variations: [] };
      products.push(product);
      const id = cellAt(row, c.id).text;
      const sku = cellAt(row, c.sku).text;
      if (id) byReference.set(`id:${id}`, product);
      if (sku) byReference.set(sku, product);
    }
  }
  for (const row of variations) {
    const parent = cellAt(row, c.parent);
    const product = byReference.get(parent.text);
    if (product) product.variations.push(row);
    else {
      const detail = parent.text ? `${quoted(parent.text)} is not a product in this file` : "is empty";
      file.problems.push(problemAt(parent, `${detail}, so this variation belongs to no product.`, true));
    }
  }

  const candidates = products.map(({ row, variations }): Candidate => {
    const read = productReader(file);
    const rows = [row, ...variations];
    const at = (col: Column | null) => cellAt(row, col);
    const cellsOf = (col: Column | null) => rows.map((r) => cellAt(r, col)).filter((cell) => cell.text !== "");
    const product = productAt(row.row);

    product.name = read.name(at(c.name));
    product.sku = read.optionalText(at(c.sku), MAX_SHORT_TEXT_CHARS);
    // The short description is WooCommerce's summary beside the price, usually a few points: Duka's details. It is
    // the description only when there is no other.
    const description = wooHtml(at(c.description));
    const summary = wooHtml(at(c.shortDescription));
    product.description = read.text(description.text ? description : summary, MAX_DESCRIPTION_CHARS);
    const summaryLines = summary.text.split("\n").filter((line) => line !== "");
    if (description.text) product.details = read.list(summary, summaryLines);

    const prices = cellsOf(c.price).map((cell) => read.price(cell));
    if (prices.length === 0) read.price(at(c.price));
    else product.priceCents = Math.min(...prices);
    // Variations that keep their own stock override the product's; otherwise they share the product's.
    const variationStock = variations.map((r) => cellAt(r, c.stock)).filter((cell) => cell.text !== "");
    product.stock = read.stockSum(variationStock.length > 0 ? variationStock : [at(c.stock)], at(c.stock));

    const category = readWooList(at(c.categories).text)[0] ?? "";
    product.categoryName = read.optionalText({ ...at(c.categories), text: lastSegment(category) }, CATEGORY_NAME_MAX_CHARS);

    // Attribute values: a variable product lists them all, each variation its own.
    const listAt: Partial<Record<"sizes" | "colors", Cell>> = {};
    for (const r of rows) {
      for (const attribute of attributes) {
        const list = optionList(cellAt(r, attribute.name).text);
        if (!list) continue;
        listAt[list] ??= cellAt(r, attribute.values);
        for (const value of readWooList(cellAt(r, attribute.values).text)) addOnce(product[list], value);
      }
    }
    for (const list of ["sizes", "colors"] as const) {
      const cell = listAt[list];
      if (cell) read.list(cell, product[list]);
    }

    product.imageUrls = read.images(cellsOf(c.images).flatMap((cell) => splitCell(cell, readWooList(cell.text))));
    // Published is 1 (published), 0 (private) or -1 (draft); hidden from the catalogue also means not shown.
    product.isVisible = !["0", "-1"].includes(at(c.published).text) && at(c.visibility).text.toLowerCase() !== "hidden";

    return { product, blocked: read.problems.blocked, skuAt: at(c.sku), slugAt: null };
  });

  const attributeValues = attributes[0]?.values ?? null;
  const columns = presentColumns({
    sku: c.sku,
    name: c.name,
    description: c.description ?? c.shortDescription,
    details: c.description ? c.shortDescription : null,
    priceCents: c.price,
    stock: c.stock,
    categoryName: c.categories,
    sizes: attributeValues,
    colors: attributeValues,
    imageUrls: c.images,
    isVisible: c.published ?? c.visibility,
  });
  return { candidates, columns };
}
