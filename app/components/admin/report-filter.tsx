import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { PERIOD_LABELS } from "~/domain/report";
import { REPORT_PERIODS, type ReportPeriod, type ShopDate } from "~/domain/report-period";

/**
 * The report period's fields, for a form with the `group` class: the date fields show only while "Custom Range"
 * is chosen, by CSS alone (:has), so that works without JavaScript too. One per page (the option's id).
 */
export function PeriodFields({ period, from, to }: { period: ReportPeriod; from?: ShopDate; to?: ShopDate }) {
  return (
    <>
      <SelectField label="Period" name="period" defaultValue={period} className="w-48">
        {REPORT_PERIODS.map((value) => (
          <option key={value} value={value} id={value === "custom" ? "report-period-custom" : undefined}>
            {PERIOD_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <div className="hidden flex-wrap gap-4 group-has-[#report-period-custom:checked]:flex">
        <TextField label="From" name="from" type="date" defaultValue={from ?? ""} className="w-44" />
        <TextField label="To" name="to" type="date" defaultValue={to ?? ""} className="w-44" />
      </div>
    </>
  );
}

/** The report's period as a plain GET form, so it works before and without JavaScript. */
export function ReportFilter({ period, from, to }: { period: ReportPeriod; from?: ShopDate; to?: ShopDate }) {
  return (
    <Form method="get" preventScrollReset className="group flex flex-wrap items-end gap-4" aria-label="Report filter">
      <PeriodFields period={period} from={from} to={to} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  );
}
