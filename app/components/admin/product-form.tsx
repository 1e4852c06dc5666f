import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { ProductImages } from "~/components/admin/product-images";
import { ProductVariants, useVariantGrid } from "~/components/admin/product-variants";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextArea, TextField } from "~/components/ui/field";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { centsToShillings } from "~/domain/money";
import { type ProductFields, type ProductFormAnswer, REQUIRED_FIELDS_MESSAGE } from "~/domain/product";
import type { Variant } from "~/domain/variants";

/** product.md §9: after 'Saved!' the form returns to the products list after 2 s. */
const REDIRECT_MS = 2_000;

const commaHint = "Separate entries with commas.";

function Checkbox({
  name,
  label,
  defaultChecked,
  postsFalse = false,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  postsFalse?: boolean;
}) {
  return (
    <label className="flex items-center gap-3 text-sm font-semibold">
      <input type="checkbox" name={name} value="true" defaultChecked={defaultChecked} className="size-5" />
      {label}
      {/* An unticked box posts nothing; the form reads the first value, so this "false" counts only then. */}
      {postsFalse && <input type="hidden" name={name} value="false" />}
    </label>
  );
}

/**
 * The product form, for a new product and for an edit (product.md §2, §3, §5). Everything is checked on the server:
 * lists are posted as typed (a comma typed at the end stays put) and parsed there. A save shows 'Saving...'
 * then 'Saved!' and returns to the list after 2 s; a refusal keeps everything typed and the button enabled.
 * A product with sizes or colours may keep stock per combination (decision 049): see ProductVariants.
 */
export function ProductForm({
  product,
  categories,
  submitLabel,
}: {
  /** An edit carries the version it was loaded from; its save is refused if someone changed the product since. */
  product: ProductFields & { version?: number; compareAtCents?: number | null; variants?: Variant[] };
  categories: readonly { id: string; name: string }[];
  submitLabel: "Create Product" | "Update Product";
}) {
  const fetcher = useFetcher<ProductFormAnswer>();
  const navigate = useNavigate();
  const [images, setImages] = useState(product.images);
  // Sizes and colours are followed as typed: the Variants rows come and go with them.
  const [sizes, setSizes] = useState(product.sizes.join(", "));
  const [colors, setColors] = useState(product.colors.join(", "));
  const grid = useVariantGrid({ variants: product.variants ?? [], stock: product.stock, sizes, colors });
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  const saved = answer?.saved === true;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate("/admin/products"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const errors = answer?.errors ?? {};
  // The required-fields message is said once, for the whole form; other messages sit beside their field.
  const fieldError = (name: string) => (errors[name] === REQUIRED_FIELDS_MESSAGE ? undefined : errors[name]);
  const messages = Object.values(errors);
  const formError =
    errors.form ??
    (messages.includes(REQUIRED_FIELDS_MESSAGE)
      ? REQUIRED_FIELDS_MESSAGE
      : messages.length > 0
        ? "Please correct the fields above."
        : undefined);

  return (
    <fetcher.Form method="post" noValidate className="max-w-3xl space-y-6">
      {product.version !== undefined && (
        <>
          <input type="hidden" name="version" value={product.version} />
          <input type="hidden" name="stockWas" value={product.stock} />
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          defaultValue={product.name}
          aria-required="true"
          error={fieldError("name")}
          className="sm:col-span-2"
        />
        <SelectField label="Category" name="categoryId" defaultValue={product.categoryId ?? ""} error={fieldError("categoryId")}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
          <option value="">No category</option>
        </SelectField>
        <TextField
          label="Price (KSH)"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          aria-required="true"
          defaultValue={centsToShillings(product.priceCents)}
          error={fieldError("price")}
        />
        <TextField
          label="Compare-at price"
          name="compareAt"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="In KSH, optional: the “was” price. When it is above the price, the shop shows it struck through, with a Sale badge."
          defaultValue={product.compareAtCents == null ? "" : centsToShillings(product.compareAtCents)}
          error={fieldError("compareAt")}
        />
        <TextField
          label="Stock"
          name="stock"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={grid.stockField.readOnly ? "The total of the variants' stock below." : undefined}
          {...grid.stockField}
          error={fieldError("stock")}
        />
        <TextField label="Material" name="material" defaultValue={product.material} error={fieldError("material")} />
        <TextField
          label="Cultural inspiration"
          name="culturalInspiration"
          defaultValue={product.culturalInspiration}
          error={fieldError("culturalInspiration")}
          className="sm:col-span-2"
        />
        <TextArea
          label="Description"
          name="description"
          rows={4}
          defaultValue={product.description}
          error={fieldError("description")}
          className="sm:col-span-2"
        />
        <TextArea
          label="Details"
          name="details"
          rows={2}
          hint={`${commaHint} For example: Hand-stitched, Made in Nairobi`}
          defaultValue={product.details.join(", ")}
          error={fieldError("details")}
          className="sm:col-span-2"
        />
        <TextField
          label="Sizes"
          name="sizes"
          hint={`${commaHint} For example: S, M, L`}
          value={sizes}
          onChange={(event) => setSizes(event.target.value)}
          error={fieldError("sizes")}
        />
        <TextField
          label="Colors"
          name="colors"
          hint={`${commaHint} For example: Red, Indigo`}
          value={colors}
          onChange={(event) => setColors(event.target.value)}
          error={fieldError("colors")}
        />
      </div>

      <ProductVariants grid={grid} fieldError={fieldError} />

      <fieldset className="flex min-w-0 flex-wrap gap-x-8 gap-y-3">
        <legend className="mb-2 text-sm font-semibold">Shown in the shop</legend>
        <Checkbox name="isVisible" label="Visible" defaultChecked={product.isVisible} postsFalse />
        <Checkbox name="isBestseller" label="Bestseller" defaultChecked={product.isBestseller} />
        <Checkbox name="isNewArrival" label="New arrival" defaultChecked={product.isNewArrival} />
      </fieldset>

      <ProductImages images={images} onChange={setImages} skippedOnSave={answer?.skippedUrls ?? false} />

      <ErrorMessage>{formError}</ErrorMessage>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Link to="/admin/products" className={buttonClass("ghost")}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy || saved}>
          {busy ? "Saving..." : saved ? "Saved!" : submitLabel}
        </Button>
      </div>
      <LiveStatus className="sr-only">{saved ? "Saved!" : ""}</LiveStatus>
    </fetcher.Form>
  );
}
