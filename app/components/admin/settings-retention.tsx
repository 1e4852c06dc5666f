import { TextField } from "~/components/ui/field";
import { MAX_RETENTION_YEARS } from "~/domain/anonymise";

/**
 * Site Settings: how long orders keep their customer's details (issue 25, decision 058). Empty is off; a number that
 * cannot be read stays as typed (NaN) and is refused on save with a message.
 */
export function RetentionEditor({
  years,
  onChange,
  error,
}: {
  years: number | null;
  onChange: (years: number | null) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label="Remove personal details from orders older than (years)"
      type="number"
      inputMode="numeric"
      step={1}
      min={1}
      max={MAX_RETENTION_YEARS}
      value={years === null || Number.isNaN(years) ? "" : years}
      onChange={(event) => onChange(event.target.value === "" ? null : event.target.valueAsNumber)}
      error={error}
      hint="Leave empty to keep them. Names, phones, addresses and the messages sent are replaced with “Removed”; amounts and items stay, as tax records are kept 5 years."
    />
  );
}
