import { parseReportPeriod } from "~/domain/report-period.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { ordersExport } from "~/server/catalogue-export.server";
import { csvDownload } from "~/server/csv-download.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/orders-export-csv";

/** Orders → Export: the orders of a report period (`?period=…`, as the Reports page's) as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { fileName, csv } = await ordersExport(parseReportPeriod(new URL(request.url).searchParams), {
    now: new Date(),
    timeZone: config().timeZone,
  });
  return csvDownload(fileName, csv);
}
