import type { AdminIconName } from "~/components/admin/icon";
import type { StaffRole } from "./staff";

// Every back-office page (product.md §2 Admin, §6): the sidebar, the header title, the role guard and the global
// search's "Admin Pages" group all read this one list.

// "account" pages are the member's own, linked beside their name rather than in the sidebar's groups.
export type AdminPageGroup = "main" | "content" | "configuration" | "account";
export type AdminPage = {
  path: string;
  title: string;
  icon: AdminIconName;
  roles: readonly StaffRole[];
  group: AdminPageGroup;
};

const everyone: readonly StaffRole[] = ["owner", "developer"];
const developers: readonly StaffRole[] = ["developer"];

const ADMIN_PAGES: readonly AdminPage[] = [
  { path: "/admin/dashboard", title: "Dashboard", icon: "layout-dashboard", roles: everyone, group: "main" },
  { path: "/admin/reports", title: "Reports", icon: "chart-column", roles: everyone, group: "main" },
  { path: "/admin/seo-report", title: "SEO Report", icon: "search", roles: everyone, group: "main" },
  { path: "/admin/orders", title: "Orders", icon: "shopping-cart", roles: everyone, group: "main" },
  { path: "/admin/customers", title: "Customers", icon: "contact", roles: everyone, group: "main" },
  { path: "/admin/products", title: "Products", icon: "package", roles: everyone, group: "main" },
  { path: "/admin/categories", title: "Categories", icon: "tags", roles: everyone, group: "main" },
  { path: "/admin/riders", title: "Riders", icon: "bike", roles: everyone, group: "main" },
  { path: "/admin/delivery", title: "Delivery", icon: "truck", roles: everyone, group: "main" },
  { path: "/admin/promotions", title: "Promotions", icon: "ticket-percent", roles: everyone, group: "main" },
  { path: "/admin/subscribers", title: "Subscribers", icon: "mail", roles: everyone, group: "main" },
  { path: "/admin/campaigns", title: "Campaigns", icon: "mail", roles: everyone, group: "main" },
  { path: "/admin/notifications-log", title: "Notifications Log", icon: "bell", roles: everyone, group: "main" },
  { path: "/admin/our-story", title: "Our Story", icon: "book-open", roles: developers, group: "content" },
  { path: "/admin/faq", title: "FAQs", icon: "circle-question-mark", roles: developers, group: "content" },
  { path: "/admin/contact", title: "Contact Info", icon: "contact", roles: developers, group: "content" },
  { path: "/admin/privacy", title: "Privacy Policy", icon: "eye", roles: developers, group: "content" },
  { path: "/admin/notifications", title: "Notifications", icon: "message-circle", roles: developers, group: "content" },
  { path: "/admin/settings", title: "Site Settings", icon: "settings", roles: developers, group: "configuration" },
  { path: "/admin/image-generator", title: "Image Generator", icon: "image-plus", roles: developers, group: "configuration" },
  { path: "/admin/activity", title: "Activity", icon: "rotate-ccw-clock", roles: developers, group: "configuration" },
  { path: "/admin/account", title: "Your account", icon: "contact", roles: everyone, group: "account" },
];

export const ADMIN_GROUP_LABELS: Record<AdminPageGroup, string> = {
  main: "Store",
  content: "Site Content",
  configuration: "Configuration",
  account: "Your account",
};

/**
 * The page a path belongs to: sub-pages such as /admin/products/new belong to /admin/products, and a page's CSV
 * download such as /admin/subscribers.csv to /admin/subscribers.
 */
function adminPageFor(pathname: string): AdminPage | undefined {
  const path = pathname.replace(/\/+$/, "");
  return ADMIN_PAGES.find((page) => path === page.path || path === `${page.path}.csv` || path.startsWith(`${page.path}/`));
}

/**
 * Admin addresses that are not pages of their own: the index (it sends staff to the dashboard), the global
 * search (it answers for the searcher's role) and image uploads (every staff form with images uses them).
 */
const STAFF_SERVICES: readonly string[] = ["/admin", "/admin/search", "/admin/upload"];

/**
 * Who may open an admin address (product.md §6): its page's roles, any staff member for the services above, and
 * nobody for an address in neither list, so a page added without its line here is refused rather than open
 * to every role.
 */
export function rolesForAdminPath(pathname: string): readonly StaffRole[] {
  const path = pathname.replace(/\/+$/, "");
  if (STAFF_SERVICES.includes(path)) return everyone;
  return adminPageFor(path)?.roles ?? [];
}

/** The header's title for a path: the page's title, or the sub-page's ("Add Product", "Unmatched Payments"). */
export function adminTitleFor(pathname: string): string {
  if (/^\/admin\/products\/new\/?$/.test(pathname)) return "Add Product";
  if (/^\/admin\/products\/edit\//.test(pathname)) return "Edit Product";
  if (/^\/admin\/products\/import(\/|$)/.test(pathname)) return "Import Products";
  if (/^\/admin\/orders\/unmatched-payments\/?$/.test(pathname)) return "Unmatched Payments";
  return adminPageFor(pathname)?.title ?? "Admin";
}

export const pagesForRole = (role: StaffRole) => ADMIN_PAGES.filter((page) => page.roles.includes(role));
