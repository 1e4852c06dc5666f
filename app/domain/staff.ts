export const STAFF_ROLES = ["owner", "developer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** product.md §6: an address starting with 'dev@' is a Developer; any other signed-in address is a Store Owner. */
export function roleForEmail(email: string): StaffRole {
  return email.trim().toLowerCase().startsWith("dev@") ? "developer" : "owner";
}

export const MIN_PASSWORD_LENGTH = 10;

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Store Owner", developer: "Developer" };

/**
 * Where to go after signing in: the page the guard interrupted, if it is an admin page of this site;
 * anything else (another site, a protocol-relative URL) falls back to the dashboard.
 */
export function safeAdminRedirect(target: string | null | undefined): string {
  const fallback = "/admin/dashboard";
  if (!target || !target.startsWith("/admin") || target.startsWith("//") || target.includes("\\")) return fallback;
  if (target === "/admin/login" || target.startsWith("/admin/login?") || target.startsWith("/admin/login/")) return fallback;
  return target;
}
