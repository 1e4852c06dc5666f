import { z } from "zod";
import { REPORT_PERIODS, type ReportPeriod, type ShopDate } from "./report-period";

// No order falls before the first or after the last of these days, so a date beyond them is read as the nearest:
// the range holds the same orders, and day arithmetic never meets years that Date reads otherwise (0000-0099).
const EARLIEST_DATE = "1970-01-01";
const LATEST_DATE = "9998-12-31";
const optionalShopDate = z.iso
  .date()
  .transform((date) => (date < EARLIEST_DATE ? EARLIEST_DATE : date > LATEST_DATE ? LATEST_DATE : date))
  .optional()
  .catch(undefined);

/**
 * The report filter from the page's search params {period, from, to}. An unknown period means all time;
 * invalid dates are ignored; a custom range given backwards is turned round; a custom range without any
 * date means all time. Dates are kept only for a custom period.
 */
export const reportPeriodSchema = z
  .object({
    period: z.enum(REPORT_PERIODS).catch("all"),
    from: optionalShopDate,
    to: optionalShopDate,
  })
  .transform(({ period, from, to }): { period: ReportPeriod; from?: ShopDate; to?: ShopDate } => {
    if (period !== "custom") return { period };
    if (!from && !to) return { period: "all" };
    if (from && to && from > to) return { period, from: to, to: from };
    return { period, ...(from && { from }), ...(to && { to }) };
  });

export type ReportFilter = z.output<typeof reportPeriodSchema>;

/** Reads the report filter from a URL's search params; never fails. */
export function parseReportPeriod(params: URLSearchParams): ReportFilter {
  return reportPeriodSchema.parse(Object.fromEntries(params));
}
