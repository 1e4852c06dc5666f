import { salesCsv } from "~/domain/report";
import { parseReportPeriod } from "~/domain/report-period.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { csvDownload } from "~/server/csv-download.server";
import { config } from "~/server/config.server";
import { salesForCsv } from "~/server/reports.server";
import type { Route } from "./+types/reports-csv";

/** The Reports page's sales table as a CSV download, for the same period as the page (`?period=…`; decision 017). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { timeZone } = config();
  const filter = parseReportPeriod(new URL(request.url).searchParams);
  const { fileName, sales } = await salesForCsv(filter, { now: new Date(), timeZone });
  return csvDownload(fileName, salesCsv(sales, timeZone));
}
