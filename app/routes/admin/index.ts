import { redirect } from "react-router";
import { requireAdminPage } from "~/server/admin-guard.server";
import type { Route } from "./+types/index";

/** product.md §2: the admin index redirects to the dashboard. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return redirect("/admin/dashboard");
}
