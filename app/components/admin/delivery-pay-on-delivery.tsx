import { useState } from "react";
import { TextField } from "~/components/ui/field";
import { centsToShillings } from "~/domain/money";

/**
 * A zone's "Pay on delivery" box and its optional "up to" total, in whole shillings (decision 054). The amount is
 * kept only while the box is ticked (the server says so too), so it is greyed out otherwise.
 */
export function PayOnDeliveryFields({ allowed, upToCents, error }: { allowed: boolean; upToCents: number | null; error: string | undefined }) {
  const [ticked, setTicked] = useState(allowed);
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          name="payOnDelivery"
          checked={ticked}
          onChange={(event) => setTicked(event.target.checked)}
          className="size-5"
        />
        Pay on delivery
      </label>
      <TextField
        label="Pay on delivery up to (KSH)"
        name="payOnDeliveryUpTo"
        inputMode="numeric"
        autoComplete="off"
        disabled={!ticked}
        hint="Optional: orders whose total (delivery included) is above this pay before delivery."
        defaultValue={upToCents === null ? "" : String(centsToShillings(upToCents))}
        error={error}
      />
    </div>
  );
}
