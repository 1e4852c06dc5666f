import { rolesForAdminPath } from "~/domain/admin-pages";
import type { StaffRole } from "~/domain/staff";
import { config } from "./config.server";
import { requireStaff, type SignedInStaff } from "./session.server";

/** The roles allowed on the admin address a request is for (product.md §6); none for an address not listed. */
function rolesFor(request: Request): readonly StaffRole[] {
  return rolesForAdminPath(new URL(request.url).pathname);
}

/** For every admin loader: the signed-in staff member allowed on this page, or a redirect (product.md §6). */
export function requireAdminPage(request: Request): Promise<SignedInStaff> {
  return requireStaff(request, rolesFor(request));
}

/**
 * A cross-site form post is refused before anything else: the browser always says where a POST comes from
 * (Origin), and it must be this shop. SameSite=Lax cookies already stop most; this stops the rest.
 */
export function requireSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  const allowed = new Set([new URL(request.url).origin]);
  const publicUrl = config().publicUrl;
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (!origin || !allowed.has(origin)) {
    throw new Response("This form was sent from another site and was refused.", { status: 403 });
  }
}

/** For every admin action: same origin, signed in, and a role allowed on the page the form belongs to. */
export async function requireAdminAction(request: Request): Promise<SignedInStaff> {
  requireSameOrigin(request);
  return requireStaff(request, rolesFor(request));
}
