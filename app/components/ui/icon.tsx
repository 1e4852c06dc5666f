/** The lucide icons the storefront draws, shipped as one cached SVG sprite (scripts/make-icon-sprite.ts). */
export const STOREFRONT_ICONS = [
  "ban",
  "check",
  "chevron-right",
  "globe",
  "mail",
  "map-pin",
  "menu",
  "message-circle",
  "moon",
  "phone",
  "shopping-bag",
  "sun",
  "x",
] as const;
export type IconName = (typeof STOREFRONT_ICONS)[number] | `social-${string}`;

/** A decorative icon; the control around it carries the accessible name. */
export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
