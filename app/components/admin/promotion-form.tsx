import { useId, useState } from "react";
import { TextField } from "~/components/ui/field";
import { centsToShillings } from "~/domain/money";
import { type Promotion, PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind, type PromotionScope } from "~/domain/promotions";
import { OFFER_NAME_MAX_CHARS } from "~/domain/promotions.schema";
import { shopDateTimeInput } from "~/domain/shop-time";

// The Promotions page's add and edit form (issue 24). A part that does not apply (the code of an automatic offer,
// the value of free delivery, the boxes of a scope not chosen) is hidden and disabled, so it posts nothing yet keeps
// what was typed in it should staff change their mind.

/** Each category's and product's box is named by its id after these, so the form posts every ticked one. */
export const CATEGORY_BOX = "category:";
export const PRODUCT_BOX = "product:";

export const PROMOTION_FIELDS = [
  "trigger",
  "code",
  "name",
  "kind",
  "value",
  "appliesTo",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "totalUses",
  "usesPerPhone",
  "combinesWithAutomatic",
] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];
export type PromotionErrors = Partial<Record<PromotionField | "form", string>>;

type Choice = { id: string; name: string };
type Trigger = "code" | "automatic";
type AppliesTo = PromotionScope["kind"];

const shillings = (cents: number) => (cents === 0 ? "" : String(centsToShillings(cents)));
const count = (uses: number | null) => (uses === null ? "" : String(uses));

/** The form's fields, filled from `promotion` when editing. */
export function PromotionFields({
  promotion,
  categories,
  products,
  timeZone,
  errors,
}: {
  promotion: Promotion | undefined;
  categories: readonly Choice[];
  products: readonly Choice[];
  timeZone: string;
  errors: PromotionErrors;
}) {
  const [trigger, setTrigger] = useState<Trigger>(promotion && promotion.code === null ? "automatic" : "code");
  const [kind, setKind] = useState<PromotionKind>(promotion?.kind ?? "percent");
  const [appliesTo, setAppliesTo] = useState<AppliesTo>(promotion?.scope.kind ?? "everything");
  const byCode = trigger === "code";
  const scope = promotion?.scope;
  const moment = (instant: Date | null | undefined) => (instant ? shopDateTimeInput(instant, timeZone) : "");
  const value =
    !promotion || promotion.kind === "free-delivery"
      ? ""
      : promotion.kind === "percent"
        ? String(promotion.value)
        : shillings(promotion.value);

  return (
    <>
      <Choices
        legend="How shoppers get it"
        name="trigger"
        chosen={trigger}
        choose={setTrigger}
        options={[
          ["code", "With a code"],
          ["automatic", "Automatic"],
        ]}
        error={errors.trigger}
        autoFocus
      />
      <TextField
        label="Code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={30}
        hint="Letters and digits, e.g. EASTER10. Shoppers may type it in any case."
        defaultValue={promotion?.code ?? ""}
        error={errors.code}
        disabled={!byCode}
        className={byCode ? "" : "hidden"}
      />
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={OFFER_NAME_MAX_CHARS}
        required={!byCode}
        hint={byCode ? "Optional, for staff: what the code is for." : "Shoppers see it on their order's summary, e.g. “Madaraka Day sale”."}
        defaultValue={promotion?.name ?? ""}
        error={errors.name}
      />
      <Choices
        legend="What it gives"
        name="kind"
        chosen={kind}
        choose={setKind}
        options={PROMOTION_KINDS.map((each) => [
          each,
          each === "amount" ? `${PROMOTION_KIND_LABELS[each]} (KSH)` : PROMOTION_KIND_LABELS[each],
        ])}
        error={errors.kind}
      />
      <TextField
        label={kind === "percent" ? "Value (%)" : "Value (KSH)"}
        name="value"
        inputMode="numeric"
        autoComplete="off"
        hint={kind === "percent" ? "A whole percentage from 1 to 100." : "Whole shillings, taken off the lines it applies to."}
        defaultValue={value}
        error={errors.value}
        disabled={kind === "free-delivery"}
        className={kind === "free-delivery" ? "hidden" : ""}
      />
      <fieldset disabled={kind === "free-delivery"} hidden={kind === "free-delivery"} className="space-y-3">
        <Choices
          legend="Applies to"
          name="appliesTo"
          chosen={appliesTo}
          choose={setAppliesTo}
          options={[
            ["everything", "Everything"],
            ["categories", "Chosen categories"],
            ["products", "Chosen products"],
          ]}
          error={errors.appliesTo}
        />
        <TickList
          legend="Categories"
          prefix={CATEGORY_BOX}
          choices={categories}
          ticked={scope?.kind === "categories" ? scope.categoryIds : []}
          shown={appliesTo === "categories"}
          empty="The shop has no categories yet."
        />
        <TickList
          legend="Products"
          prefix={PRODUCT_BOX}
          choices={products}
          ticked={scope?.kind === "products" ? scope.productIds : []}
          shown={appliesTo === "products"}
          empty="The shop has no products yet."
        />
      </fieldset>
      <TextField
        label="Minimum subtotal (KSH)"
        name="minSubtotal"
        inputMode="numeric"
        autoComplete="off"
        hint="Optional: what the bag must come to, before delivery, to get it."
        defaultValue={shillings(promotion?.minSubtotalCents ?? 0)}
        error={errors.minSubtotal}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts"
          name="startsAt"
          type="datetime-local"
          hint={`Shop time (${timeZone}). Optional: blank starts it at once.`}
          defaultValue={moment(promotion?.startsAt)}
          error={errors.startsAt}
        />
        <TextField
          label="Ends"
          name="endsAt"
          type="datetime-local"
          hint="Optional: blank never ends it."
          defaultValue={moment(promotion?.endsAt)}
          error={errors.endsAt}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Total uses"
          name="totalUses"
          inputMode="numeric"
          autoComplete="off"
          hint="Optional: orders that may use it in all. A cancelled order gives its use back."
          defaultValue={count(promotion?.totalUses ?? null)}
          error={errors.totalUses}
        />
        <TextField
          label="Uses per phone"
          name="usesPerPhone"
          inputMode="numeric"
          autoComplete="off"
          hint="Optional: orders one phone number may place with it."
          defaultValue={count(promotion?.usesPerPhone ?? null)}
          error={errors.usesPerPhone}
        />
      </div>
      <div className={byCode ? "" : "hidden"}>
        <label className="flex items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            name="combinesWithAutomatic"
            disabled={!byCode}
            defaultChecked={promotion?.combinesWithAutomatic ?? false}
            className="size-5"
          />
          Combines with automatic offers
        </label>
        <p className="mt-1 text-sm text-earth-700 dark:text-clay-200">
          {errors.combinesWithAutomatic ?? "Unticked, a bag with the code gets the code instead of the automatic offer."}
        </p>
      </div>
    </>
  );
}

/** A labelled group of radio buttons with its message. */
function Choices<Value extends string>({
  legend,
  name,
  chosen,
  choose,
  options,
  error,
  autoFocus = false,
}: {
  legend: string;
  name: string;
  chosen: Value;
  choose: (value: Value) => void;
  options: readonly (readonly [Value, string])[];
  error: string | undefined;
  /** The dialog starts at the chosen button. */
  autoFocus?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {options.map(([value, label]) => (
          <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={value}
              checked={value === chosen}
              onChange={() => choose(value)}
              data-autofocus={(autoFocus && value === chosen) || undefined}
              className="size-4"
            />
            {label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A box per category or product; hidden and disabled (posting nothing) while its scope is not chosen. */
function TickList({
  legend,
  prefix,
  choices,
  ticked,
  shown,
  empty,
}: {
  legend: string;
  prefix: string;
  choices: readonly Choice[];
  ticked: readonly string[];
  shown: boolean;
  empty: string;
}) {
  return (
    <fieldset disabled={!shown} hidden={!shown} className="rounded-lg border border-clay-300 px-4 py-2 dark:border-earth-700">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {choices.length === 0 ? (
        <p className="py-1 text-sm">{empty}</p>
      ) : (
        <ul className="grid max-h-60 gap-x-4 overflow-y-auto sm:grid-cols-2">
          {choices.map((choice) => (
            <li key={choice.id}>
              <label className="flex items-center gap-2 py-1 text-sm">
                <input type="checkbox" name={`${prefix}${choice.id}`} defaultChecked={ticked.includes(choice.id)} className="size-4" />
                {choice.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
