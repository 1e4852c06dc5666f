import { redirect } from "react-router";
import { requireSameOrigin } from "~/server/admin-guard.server";
import { endSession } from "~/server/session.server";
import type { Route } from "./+types/logout";

/** product.md §4: signing out goes to the shop's home page. */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

export function loader() {
  return redirect("/admin/dashboard");
}
