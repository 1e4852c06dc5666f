import { TextField } from "~/components/ui/field";
import { MAX_UNITS_PER_PRODUCT } from "~/domain/hold-limits";
import { MAX_UNPAID_HOLD_MINUTES } from "~/domain/unpaid-hold";

type WholeNumberFieldProps = {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  error: string | undefined;
  hint: string;
};

/**
 * A whole number setting. An emptied field stays empty (NaN, refused on save with a message) rather than becoming
 * 0, which for a hold would mean forever.
 */
function WholeNumberField({ value, onChange, ...field }: WholeNumberFieldProps) {
  return (
    <TextField
      {...field}
      type="number"
      inputMode="numeric"
      step={1}
      required
      value={Number.isNaN(value) ? "" : value}
      onChange={(event) => onChange(event.target.valueAsNumber)}
    />
  );
}

export type OrderLimits = { unpaidHoldMinutes: number; holdBeforePaymentMinutes: number; unitsPerProductPerOrder: number };

/** Site Settings: how long unpaid orders hold stock (decisions 033 and 043), and how much of a product one order may take. */
export function OrderHoldEditor({
  limits,
  onChange,
  error,
}: {
  limits: OrderLimits;
  onChange: (changes: Partial<OrderLimits>) => void;
  error: (path: string) => string | undefined;
}) {
  return (
    <>
      <WholeNumberField
        label="Hold stock before payment starts (minutes)"
        value={limits.holdBeforePaymentMinutes}
        min={0}
        max={MAX_UNPAID_HOLD_MINUTES}
        onChange={(minutes) => onChange({ holdBeforePaymentMinutes: minutes })}
        error={error("holdBeforePaymentMinutes")}
        hint="An order whose shopper has not started paying (no M-Pesa prompt reached their phone) and that staff have not taken in hand is cancelled this long after it was placed. 0 uses the hold below instead."
      />
      <WholeNumberField
        label="Hold stock for unpaid orders (minutes)"
        value={limits.unpaidHoldMinutes}
        min={0}
        max={MAX_UNPAID_HOLD_MINUTES}
        onChange={(minutes) => onChange({ unpaidHoldMinutes: minutes })}
        error={error("unpaidHoldMinutes")}
        hint="Once a payment has started (or staff last changed the order), an order still Pending Payment and Unpaid this long afterwards is cancelled by the shop, and its stock goes back on sale. 2880 minutes is 48 hours; 0 holds stock forever."
      />
      <WholeNumberField
        label="Most of one product in an order"
        value={limits.unitsPerProductPerOrder}
        min={1}
        max={MAX_UNITS_PER_PRODUCT}
        onChange={(units) => onChange({ unitsPerProductPerOrder: units })}
        error={error("unitsPerProductPerOrder")}
        hint="Checkout refuses more units of one product than this, and shoppers are told how many are left only up to this number."
      />
    </>
  );
}
