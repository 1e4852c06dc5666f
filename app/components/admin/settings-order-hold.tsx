import { TextField } from "~/components/ui/field";
import { MAX_UNPAID_HOLD_MINUTES } from "~/domain/unpaid-hold";

/**
 * Site Settings: how long an unpaid order holds its stock before the shop cancels it (decision 033). An emptied
 * field stays empty (NaN, refused on save with a message) rather than becoming 0, which would hold forever.
 */
export function OrderHoldEditor({
  minutes,
  onChange,
  error,
}: {
  minutes: number;
  onChange: (minutes: number) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label="Hold stock for unpaid orders (minutes)"
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_UNPAID_HOLD_MINUTES}
      step={1}
      required
      value={Number.isNaN(minutes) ? "" : minutes}
      onChange={(event) => onChange(event.target.valueAsNumber)}
      error={error}
      hint="An order still Pending Payment and Unpaid this long after it was placed (or last changed by staff) is cancelled by the shop, and its stock goes back on sale. 2880 minutes is 48 hours; 0 holds stock forever."
    />
  );
}
