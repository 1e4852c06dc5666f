/**
 * The lucide icons the back office draws, shipped as their own cached SVG sprite (scripts/make-icon-sprite.ts),
 * as the storefront's are: a table of orders draws hundreds, and inline SVGs made the page's HTML a third icons.
 */
export const ADMIN_ICONS = [
  "archive",
  "archive-arrow-up",
  "arrow-down",
  "arrow-up",
  "bell",
  "bike",
  "book-open",
  "chart-column",
  "circle-question-mark",
  "contact",
  "download",
  "eye",
  "image-plus",
  "layout-dashboard",
  "log-out",
  "mail",
  "menu",
  "message-circle",
  "package",
  "pencil",
  "plus",
  "rotate-ccw-clock",
  "search",
  "settings",
  "shopping-cart",
  "store",
  "tags",
  "ticket-percent",
  "trash",
  "truck",
  "upload",
] as const;
export type AdminIconName = (typeof ADMIN_ICONS)[number];

/** A decorative back-office icon; the control around it carries the accessible name. */
export function AdminIcon({ name, className = "size-4" }: { name: AdminIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`/admin-icons.svg#${name}`} />
    </svg>
  );
}
