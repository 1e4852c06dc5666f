import { requireAdminPage } from "~/server/admin-guard.server";
import type { Route } from "./+types/faq";

// Placeholder while this page is being built (issue 4).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

export default function Page() {
  return <p>Coming soon.</p>;
}
