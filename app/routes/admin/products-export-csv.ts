import { productExportSchema } from "~/domain/catalogue-transfer.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { productsExport } from "~/server/catalogue-export.server";
import { csvDownload } from "~/server/csv-download.server";
import { config, shopOrigin } from "~/server/config.server";
import type { Route } from "./+types/products-export-csv";

/** Products → Export: every product as a CSV download, `?format=duka` (Duka's own) or `?format=shopify`. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const parsed = productExportSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]!.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { fileName, csv } = await productsExport(parsed.data.format, { url: shopOrigin(request), now: new Date(), timeZone: config().timeZone });
  return csvDownload(fileName, csv);
}
