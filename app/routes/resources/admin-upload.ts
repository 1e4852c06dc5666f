import { requireAdminPage } from "~/server/admin-guard.server";
import type { Route } from "./+types/admin-upload";

// Placeholder (issue 4).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return Response.json({});
}
