import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { activeFilterCount, PRICE_SLIDER_MAX_KSH, type ShopFilters, shopFiltersToSearchParams } from "~/domain/catalogue";
import { centsToShillings, formatKsh, shillingsToCents } from "~/domain/money";
import { ShopSearch } from "./shop-search";

/** The filters a shopper is choosing (page aside: a new choice starts again at page 1). */
export type FilterDraft = Omit<ShopFilters, "page">;

export type FilterChoices = {
  categories: { id: string; name: string }[];
  sizes: string[];
  colors: string[];
  materials: string[];
  /** The price slider's top, in KSH: at the top there is no price cap. */
  priceCeilingKsh: number;
};

const PRICE_STEP_KSH = 50;

/** product.md §5 says 0–500; when a product costs more the slider widens to reach it, so nothing is out of reach. */
export const priceCeilingKsh = (dearestPriceCents: number) =>
  Math.max(PRICE_SLIDER_MAX_KSH, Math.ceil(centsToShillings(dearestPriceCents) / PRICE_STEP_KSH) * PRICE_STEP_KSH);

/** The shop's address for these filters and page (the query string is the truth). */
export function shopHref(filters: Partial<ShopFilters>) {
  const query = shopFiltersToSearchParams(filters).toString();
  return query ? `/products?${query}` : "/products";
}

/** A value from a shared link stays choosable even when no visible product offers it any more. */
const withCurrent = (options: string[], current: string | undefined) =>
  current && !options.includes(current) ? [...options, current] : options;

/** Every filter field, controlled by a draft: the sidebar's form and the phone drawer both use it. */
export function ShopFilterFields({
  draft,
  onChange,
  onSearch,
  choices,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  onSearch: (draft: FilterDraft) => void;
  choices: FilterChoices;
}) {
  const priceId = useId();
  const set = (key: keyof FilterDraft, value: string) => onChange({ ...draft, [key]: value || undefined });
  const price = draft.maxPrice ?? choices.priceCeilingKsh;
  const priceText = draft.maxPrice === undefined ? "Any price" : `Up to ${formatKsh(shillingsToCents(draft.maxPrice))}`;
  const select = (key: "size" | "color" | "material", label: string, anyLabel: string, options: string[]) => (
    <SelectField label={label} name={key} value={draft[key] ?? ""} onChange={(event) => set(key, event.target.value)}>
      <option value="">{anyLabel}</option>
      {withCurrent(options, draft[key]).map((option) => (
        <option key={option}>{option}</option>
      ))}
    </SelectField>
  );
  return (
    <div className="space-y-5">
      <ShopSearch
        value={draft.q ?? ""}
        onValueChange={(q) => set("q", q)}
        onPick={(q) => onSearch({ ...draft, q })}
      />
      <SelectField label="Category" name="categoryId" value={draft.categoryId ?? ""} onChange={(event) => set("categoryId", event.target.value)}>
        <option value="">All categories</option>
        {choices.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={priceId} className="text-sm font-semibold">
            Max price
          </label>
          <output htmlFor={priceId} className="text-sm">
            {priceText}
          </output>
        </div>
        <input
          id={priceId}
          type="range"
          name="maxPrice"
          min={0}
          max={choices.priceCeilingKsh}
          step={PRICE_STEP_KSH}
          value={price}
          aria-valuetext={priceText}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange({ ...draft, maxPrice: value >= choices.priceCeilingKsh ? undefined : value });
          }}
          className="mt-2 block w-full accent-clay-600 dark:accent-ochre-400"
        />
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-earth-700 dark:text-clay-200">
          <span>{formatKsh(0)}</span>
          <span>{formatKsh(shillingsToCents(choices.priceCeilingKsh))}</span>
        </div>
      </div>
      {select("size", "Size", "Any size", choices.sizes)}
      {select("color", "Colour", "Any colour", choices.colors)}
      {select("material", "Material", "Any material", choices.materials)}
    </div>
  );
}

/**
 * The desktop sidebar: a real GET form, so filtering works before and without JavaScript; with it, the
 * address is built from the draft (no empty fields, no cap when the slider is at its top).
 */
export function ShopFilterSidebar({ filters, choices }: { filters: FilterDraft; choices: FilterChoices }) {
  const navigate = useNavigate();
  const applied = shopHref(filters);
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(applied);
  // A new address (Back, a footer link, a drawer) brings its filters; a live reload of the same one does not.
  if (shown !== applied) {
    setShown(applied);
    setDraft(filters);
  }
  const apply = (next: FilterDraft) => navigate(shopHref(next));
  return (
    <form
      method="get"
      action="/products"
      role="search"
      aria-label="Filter products"
      onSubmit={(event) => {
        event.preventDefault();
        void apply(draft);
      }}
    >
      <ShopFilterFields draft={draft} onChange={setDraft} onSearch={apply} choices={choices} />
      <div className="mt-6 flex items-center gap-4">
        <Button type="submit" className="flex-1">
          Apply
        </Button>
        {activeFilterCount(filters) > 0 && (
          <Link to="/products" className="text-sm font-semibold underline">
            Clear all
          </Link>
        )}
      </div>
    </form>
  );
}
