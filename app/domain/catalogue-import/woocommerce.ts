import { CATEGORY_NAME_MAX_CHARS } from "../category";
import { MAX_DESCRIPTION_CHARS, MAX_SHORT_TEXT_CHARS } from "../product";
import { variantLabel } from "../variants";
import { addOnce, checkStockTotal, lastSegment, optionList, presentColumns, problemAt, productAt, productReader, quoted, splitCell } from "./cells";
import { type Cell, cellAt, type Column, columnOf, type FileContext, type Row } from "./file";
import { htmlToText } from "./html";
import { applyVariants, type NamedOption, sharedStock, type VariantDraft, variantOptions } from "./options";
import type { Candidate, FormatReader } from "./reading";

/** WooCommerce's lists: parted by commas, a comma inside an entry written "\,". */
function readWooList(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((entry) => entry.replace(/\\,/g, ",").trim())
    .filter((entry) => entry !== "");
}

// Product types that do not come in, and why.
const LEFT_OUT_TYPES = ["grouped", "external"] as const;
const LEFT_OUT_WORDS: Record<(typeof LEFT_OUT_TYPES)[number], string> = {
  grouped: "products have no price or stock of their own",
  external: "products are sold on another website",
};

/**
 * The price and compare-at price from a Regular price and a Sale price: a sale price below the regular one is the
 * price, with the regular one as the compare-at ("was") price; otherwise the regular price, with none.
 */
function salePrice(read: ReturnType<typeof productReader>, regularCents: number, sale: Cell): { priceCents: number; compareAtCents: number | null } {
  const saleCents = sale.text === "" ? null : read.priceOrZero(sale);
  if (saleCents === 0) read.problems.note(sale, `${quoted(sale.text)} is 0, so the Regular price is the price.`);
  return saleCents && saleCents < regularCents ? { priceCents: saleCents, compareAtCents: regularCents } : { priceCents: regularCents, compareAtCents: null };
}

/** WooCommerce writes line breaks in descriptions as the two characters "\n". */
const wooHtml = (cell: Cell): Cell => ({ ...cell, text: htmlToText(cell.text.replace(/\\n/g, "\n")) });

/**
 * WooCommerce: one row per product; a variable product's variations (Type "variation") follow on rows of their
 * own, pointing to it by Parent ("id:123" or its SKU). A variable product becomes one product whose variations are
 * its variants (options.ts): each variation's attributes name its size and colour, an "any" attribute (left empty)
 * stands for each of the product's values of it, and each has its stock, price and SKU. Grouped products have no
 * price or stock of their own, and external ones are sold on another website: both are left out with a note (their
 * products come in on their own rows). A Sale price below the Regular price is the price, the Regular price its
 * compare-at price.
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
    salePrice: column("Sale price"),
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
    const leftOut = LEFT_OUT_TYPES.find((type) => types.includes(type));
    if (types.includes("variation")) {
      variations.push(row);
    } else if (leftOut) {
      file.problems.push(problemAt(cellAt(row, c.type), `${quoted(leftOut)} ${LEFT_OUT_WORDS[leftOut]}, so this row is left out.`, false));
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

  /** A row's attributes, name and the values it lists (a variation lists one, or none for "any"). */
  const attributesOf = (row: Row) =>
    attributes.flatMap((attribute) => {
      const name = cellAt(row, attribute.name).text;
      return name ? [{ name, values: readWooList(cellAt(row, attribute.values).text), at: cellAt(row, attribute.values) }] : [];
    });

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

    const category = readWooList(at(c.categories).text)[0] ?? "";
    product.categoryName = read.optionalText({ ...at(c.categories), text: lastSegment(category) }, CATEGORY_NAME_MAX_CHARS);

    const parentAttributes = attributesOf(row);
    const listAt: Partial<Record<"sizes" | "colors", Cell>> = {};
    const addListed = (attribute: { name: string; values: string[]; at: Cell }) => {
      const list = optionList(attribute.name);
      if (!list) return;
      listAt[list] ??= attribute.at;
      for (const value of attribute.values) addOnce(product[list], value);
    };

    const stockCell = at(c.stock);
    const parentStock = stockCell.text === "" ? 0 : read.soldStock(stockCell, "sold on backorder");
    if (variations.length === 0) {
      // A simple product: its own price and stock; its attributes describe it, and sizes and colours are listed.
      const regular = read.priceOrZero(at(c.price));
      if (regular === 0) read.problems.leaveOut(at(c.price), `${quoted(at(c.price).text)} is 0, so this product is left out.`);
      else if (regular !== null) Object.assign(product, salePrice(read, regular, at(c.salePrice)));
      product.stock = parentStock;
      parentAttributes.forEach(addListed);
    } else {
      const drafts = variationDrafts(read, variations, parentAttributes);
      if (drafts.length === 0 && !read.problems.blocked) {
        read.problems.leaveOut(at(c.price), `no variation of ${quoted(product.name)} has a price above 0, so this product is left out.`);
      }
      // Variations without stock of their own share the product's.
      const sharing = drafts.filter((draft) => !draft.ownStock);
      sharedStock(parentStock, sharing.length).forEach((stock, i) => (sharing[i]!.stock = stock));
      product.stock = drafts.reduce((sum, draft) => sum + draft.stock, 0);
      checkStockTotal(product.stock, stockCell, read.problems);
      if (applyVariants(product, drafts, read.problems, stockCell)) {
        if (sharing.length > 1 && parentStock > 0) {
          read.problems.note(stockCell, `${quoted(stockCell.text)} is shared by ${sharing.length} variants without stock of their own, so each has part of it: ${sharing.map((draft) => draft.stock).join(", ")}.`);
        }
      } else {
        parentAttributes.forEach(addListed);
      }
      listAt.sizes ??= drafts[0]?.at;
      listAt.colors ??= drafts[0]?.at;
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

  /**
   * A variable product's variations as its combinations: an attribute a variation leaves empty ("any") stands for
   * each value the product lists, the variation's stock shared out over them. A variation without a price, or at 0,
   * is not for sale and is left out with a note.
   */
  function variationDrafts(read: ReturnType<typeof productReader>, rows: readonly Row[], parentAttributes: ReturnType<typeof attributesOf>): VariantDraft[] {
    const drafts: VariantDraft[] = [];
    for (const row of rows) {
      const own = attributesOf(row);
      const choices = own.map((attribute) => {
        const values = attribute.values.length > 0 ? attribute.values : (parentAttributes.find((p) => p.name === attribute.name)?.values ?? []);
        return values.map((value) => ({ name: attribute.name, value }));
      });
      const combinations = choices.reduce<NamedOption[][]>((all, values) => (values.length === 0 ? all : all.flatMap((combination) => values.map((value) => [...combination, value]))), [[]]);
      const priceAt = cellAt(row, c.price);
      const label = (options: NamedOption[]) => variantLabel(variantOptions(options)) || "this variation";
      const regular = priceAt.text === "" ? 0 : read.priceOrZero(priceAt);
      if (regular === 0) {
        const why = priceAt.text === "" ? "is empty" : `${quoted(priceAt.text)} is 0`;
        read.problems.note(priceAt, `${why}, so this variation (${combinations.map(label).join("; ")}) is not for sale and is left out.`);
        continue;
      }
      const price = regular === null ? null : salePrice(read, regular, cellAt(row, c.salePrice));
      const stockAt = cellAt(row, c.stock);
      const ownStock = stockAt.text !== "";
      const stock = ownStock ? read.soldStock(stockAt, "sold on backorder") : 0;
      const shares = sharedStock(stock, combinations.length);
      if (ownStock && combinations.length > 1 && stock > 0) {
        read.problems.note(stockAt, `${quoted(stockAt.text)} is for ${combinations.length} combinations (${combinations.map(label).join("; ")}), so each has part of it: ${shares.join(", ")}.`);
      }
      const sku = read.text(cellAt(row, c.sku), MAX_SHORT_TEXT_CHARS);
      if (!price) continue;
      combinations.forEach((combination, i) => {
        drafts.push({ ...variantOptions(combination), ...price, at: priceAt, stock: shares[i]!, ownStock, sku });
      });
    }
    return drafts;
  }

  const attributeValues = attributes[0]?.values ?? null;
  const columns = presentColumns({
    sku: c.sku,
    name: c.name,
    description: c.description ?? c.shortDescription,
    details: c.description ? c.shortDescription : null,
    priceCents: c.price,
    compareAtCents: c.salePrice,
    stock: c.stock,
    variants: attributeValues,
    categoryName: c.categories,
    sizes: attributeValues,
    colors: attributeValues,
    imageUrls: c.images,
    isVisible: c.published ?? c.visibility,
  });
  return { candidates, columns };
}
