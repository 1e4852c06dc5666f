import { subscribersCsv, subscribersCsvFileName } from "~/domain/subscribers";
import { subscribersQuerySchema } from "~/domain/newsletter.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { csvDownload } from "~/server/csv-download.server";
import { config } from "~/server/config.server";
import { subscribersForCsv } from "~/server/newsletter.server";
import type { Route } from "./+types/subscribers-csv";

/** The Subscribers page's list as a CSV download, for the same state as the page (`?state=…`). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { state } = subscribersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvDownload(subscribersCsvFileName(state), subscribersCsv(await subscribersForCsv(state), config().timeZone));
}
