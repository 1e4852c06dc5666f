import { z } from "zod";
import { REPORT_PERIODS, type ReportPeriod, type ShopDate } from "./report-period";

const optionalShopDate = z.iso.date().optional().catch(undefined);

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
