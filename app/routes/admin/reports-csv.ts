import { requireAdminPage } from "~/server/admin-guard.server";
import type { Route } from "./+types/reports-csv";

// Placeholder while the reports page is being built (issue 4).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return new Response("", { headers: { "Content-Type": "text/csv" } });
}
