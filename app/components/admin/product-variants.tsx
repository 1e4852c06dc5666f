import { type ChangeEvent, type InputHTMLAttributes, useState } from "react";
import { centsToShillings } from "~/domain/money";
import { MAX_SKU_CHARS, parseCommaList, parseNumberOrZero } from "~/domain/product";
import {
  droppedVariantsWithStock,
  optionsKey,
  totalStock,
  type Variant,
  type VariantOptions,
  variantLabel,
  variantsForOptions,
} from "~/domain/variants";

/** A row of the Variants grid as typed (decision 049); `stockWas` is the stock it was loaded with, null for a new row. */
type VariantRow = VariantOptions & { stock: string; stockWas: number | null; price: string; compareAt: string; sku: string };

type RowField = "stock" | "price" | "compareAt" | "sku";

const money = (cents: number | null) => (cents === null ? "" : String(centsToShillings(cents)));

const savedRow = (variant: Variant): VariantRow => ({
  size: variant.size,
  color: variant.color,
  stock: String(variant.stock),
  stockWas: variant.stock,
  price: money(variant.priceCents),
  compareAt: money(variant.compareAtCents),
  sku: variant.sku,
});

const blankRow = (options: VariantOptions): VariantRow => ({ ...options, stock: "0", stockWas: null, price: "", compareAt: "", sku: "" });

/** Stock as the server reads it: invalid or negative is 0, decimals cut (productInputSchema). */
const stockOf = (row: VariantRow) => ({ ...row, stock: Math.floor(parseNumberOrZero(row.stock)) });

const options = (text: string) => [...new Set(parseCommaList(text))];

/**
 * The product form's Variants state: the rows follow the Sizes and Colors fields as typed, each combination keeping
 * what was typed in it (a size removed and typed again gets its row back), and the product's Stock field shows
 * their total, read-only, while stock is kept per variant; turning that off leaves the total in the Stock field.
 */
export function useVariantGrid({
  variants,
  stock,
  sizes,
  colors,
}: {
  variants: readonly Variant[];
  stock: number;
  sizes: string;
  colors: string;
}) {
  const [tracking, setTracking] = useState(variants.length > 0);
  const [typed, setTyped] = useState(() => new Map(variants.map((variant) => [optionsKey(variant), savedRow(variant)])));
  const [ownStock, setOwnStock] = useState(String(stock));
  const sizeList = options(sizes);
  const colorList = options(colors);
  const rows = variantsForOptions(sizeList, colorList, [...typed.values()], blankRow);
  const total = totalStock(rows.map(stockOf));
  const perVariant = tracking && rows.length > 0;
  // Only saved rows hold stock a save could drop.
  const dropped = perVariant
    ? droppedVariantsWithStock(sizeList, colorList, [...typed.values()].filter((row) => row.stockWas !== null).map(stockOf))
    : [];

  return {
    hasOptions: sizeList.length > 0 || colorList.length > 0,
    tracking,
    rows,
    dropped,
    // Saved rows the save deletes: the switch turned off, or every size and colour cleared.
    turningOff: !perVariant && variants.length > 0,
    setTracking(on: boolean) {
      if (!on && perVariant) setOwnStock(String(total));
      setTracking(on);
    },
    changeRow(row: VariantOptions, field: RowField, value: string) {
      setTyped((before) => {
        const key = optionsKey(row);
        const current = before.get(key) ?? blankRow(row);
        return new Map(before).set(key, { ...current, [field]: value });
      });
    },
    stockField: {
      value: perVariant ? String(total) : ownStock,
      readOnly: perVariant,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setOwnStock(event.target.value),
    },
  };
}

export type VariantGrid = ReturnType<typeof useVariantGrid>;

const cellInput =
  "block w-full min-w-20 rounded-lg border border-clay-300 bg-white px-2 py-2 text-base text-earth-900 aria-[invalid=true]:border-red-700 dark:border-earth-700 dark:bg-earth-900 dark:text-clay-100 dark:aria-[invalid=true]:border-red-400";

function RowInput({
  grid,
  row,
  index,
  field,
  name,
  error,
  ...input
}: {
  grid: VariantGrid;
  row: VariantRow;
  index: number;
  field: RowField;
  name: string;
  error: string | undefined;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "min" | "step" | "maxLength">) {
  const fieldName = `variants.${index}.${field}`;
  const errorId = `${fieldName}-error`;
  return (
    <td className="px-1 py-2 align-top">
      <input
        name={fieldName}
        aria-label={`${name} (${variantLabel(row)})`}
        value={row[field]}
        onChange={(event) => grid.changeRow(row, field, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cellInput}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </td>
  );
}

/**
 * The product form's Variants section (issue 22, decision 049): shown when the product has sizes or colours, with a
 * switch to keep stock per size and colour and then one row per combination (Stock, Price, Compare-at price and SKU,
 * each named for its row, e.g. "Stock (M, Indigo)"). Rows of a removed size or colour that hold saved stock are named
 * in a warning: the save deletes them. Without JavaScript the rows are those of the saved sizes and colours.
 */
export function ProductVariants({ grid, fieldError }: { grid: VariantGrid; fieldError: (name: string) => string | undefined }) {
  if (!grid.hasOptions && !grid.turningOff) return null;
  const droppedUnits = totalStock(grid.dropped);
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 font-display text-lg font-semibold">Variants</legend>
      {grid.hasOptions && (
        <label className="flex items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            role="switch"
            name="tracksVariants"
            value="true"
            checked={grid.tracking}
            onChange={(event) => grid.setTracking(event.target.checked)}
            aria-describedby="variants-hint"
            className="size-5"
          />
          Track stock per size and colour
        </label>
      )}
      <p id="variants-hint" className="text-sm text-earth-700 dark:text-clay-200">
        Each size and colour combination keeps its own stock, and may have its own price and SKU. A blank price uses the product&apos;s
        price.
      </p>
      <div role="alert">
        {grid.dropped.length > 0 && (
          <p className="rounded-lg border border-amber-700/40 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-300/40 dark:bg-amber-950/40 dark:text-amber-100">
            Saving removes these variants and the {droppedUnits} in stock there:{" "}
            {grid.dropped.map((variant) => `${variantLabel(variant)} (${variant.stock})`).join("; ")}.
          </p>
        )}
        {grid.turningOff && (
          <p className="rounded-lg border border-amber-700/40 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-300/40 dark:bg-amber-950/40 dark:text-amber-100">
            Saving removes the stock per size and colour; the product keeps the Stock above.
          </p>
        )}
      </div>
      {fieldError("variants") && <p className="text-sm font-medium text-red-700 dark:text-red-300">{fieldError("variants")}</p>}
      {grid.tracking && grid.rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-1 py-2 font-semibold">
                  Variant
                </th>
                <th scope="col" className="px-1 py-2 font-semibold">
                  Stock
                </th>
                <th scope="col" className="px-1 py-2 font-semibold">
                  Price (KSH)
                </th>
                <th scope="col" className="px-1 py-2 font-semibold">
                  Compare-at price (KSH)
                </th>
                <th scope="col" className="px-1 py-2 font-semibold">
                  SKU
                </th>
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row, index) => {
                const error = (field: RowField) => fieldError(`variants.${index}.${field}`);
                return (
                  <tr key={optionsKey(row)} className="border-t border-clay-200 dark:border-earth-700">
                    <th scope="row" className="px-1 py-2 align-top font-semibold whitespace-nowrap">
                      {variantLabel(row)}
                      <input type="hidden" name={`variants.${index}.size`} value={row.size} />
                      <input type="hidden" name={`variants.${index}.color`} value={row.color} />
                      {row.stockWas !== null && <input type="hidden" name={`variants.${index}.stockWas`} value={row.stockWas} />}
                    </th>
                    <RowInput
                      grid={grid}
                      row={row}
                      index={index}
                      field="stock"
                      name="Stock"
                      error={error("stock")}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                    />
                    <RowInput
                      grid={grid}
                      row={row}
                      index={index}
                      field="price"
                      name="Price"
                      error={error("price")}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                    />
                    <RowInput
                      grid={grid}
                      row={row}
                      index={index}
                      field="compareAt"
                      name="Compare-at price"
                      error={error("compareAt")}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                    />
                    <RowInput grid={grid} row={row} index={index} field="sku" name="SKU" error={error("sku")} maxLength={MAX_SKU_CHARS} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}
