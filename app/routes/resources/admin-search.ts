import { adminSearchQuerySchema } from "~/domain/admin-search.schema";
import { requireAdminPage } from "~/server/admin-guard.server";
import { searchAdmin } from "~/server/admin-search.server";
import type { Route } from "./+types/admin-search";

/** GET /admin/search?q=… → the global search's groups for the signed-in staff member's role. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAdminPage(request);
  const q = adminSearchQuerySchema.parse(new URL(request.url).searchParams.get("q") ?? "");
  return Response.json(await searchAdmin(q, staff.role), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
