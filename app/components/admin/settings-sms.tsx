import { useId } from "react";
import { TextField } from "~/components/ui/field";
import { formatCount } from "~/domain/number-format";
import { MAX_SMS_PER_DAY, SMS_COUNTRIES, type SmsCountryCode } from "~/domain/sms-limits";

/**
 * Site Settings: the countries the shop's SMS may go to and its daily SMS budget (issue 21). An emptied budget
 * stays empty (NaN, refused on save with a message) rather than becoming 0, which sends no SMS at all.
 */
export function SmsLimitsEditor({
  countries,
  perDay,
  onChange,
  error,
}: {
  countries: readonly SmsCountryCode[];
  perDay: number;
  onChange: (changes: { smsCountries?: SmsCountryCode[]; smsPerDay?: number }) => void;
  error: (field: "smsCountries" | "smsPerDay") => string | undefined;
}) {
  const hintId = useId();
  const errorId = useId();
  const countriesError = error("smsCountries");
  // Kept in the list's order, whatever order they were ticked in.
  const toggle = (code: SmsCountryCode, on: boolean) =>
    onChange({ smsCountries: SMS_COUNTRIES.map((country) => country.code).filter((c) => (c === code ? on : countries.includes(c))) });
  return (
    <div className="space-y-5">
      <fieldset aria-describedby={[hintId, countriesError ? errorId : ""].join(" ").trim()}>
        <legend className="text-sm font-semibold">Send SMS to phone numbers in</legend>
        <p id={hintId} className="mt-1 text-sm text-earth-700 dark:text-clay-200">
          An SMS to a number in any other country is not sent; the Notifications Log shows it as Not sent.
        </p>
        <div className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {SMS_COUNTRIES.map((country) => (
            <label key={country.code} className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={countries.includes(country.code)}
                onChange={(event) => toggle(country.code, event.target.checked)}
                className="size-5"
              />
              {`${country.name} (+${country.code})`}
            </label>
          ))}
        </div>
        {countriesError && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {countriesError}
          </p>
        )}
      </fieldset>
      <TextField
        label="SMS per day"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_SMS_PER_DAY}
        step={1}
        required
        value={Number.isNaN(perDay) ? "" : perDay}
        onChange={(event) => onChange({ smsPerDay: event.target.valueAsNumber })}
        error={error("smsPerDay")}
        hint={`Once this many SMS have gone out in a day (shop time), the rest that day are not sent, and Store Owners are told by email and on the dashboard. 0 sends no SMS; at most ${formatCount(MAX_SMS_PER_DAY)}.`}
      />
    </div>
  );
}
