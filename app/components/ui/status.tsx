import type { ReactNode } from "react";
import { type OrderStatus, type PaymentStatus, statusBadgeTone } from "~/domain/order-status";

/** A polite live region: status messages ("Added to Bag!", "Copied!") are announced without moving focus. */
export function LiveStatus({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <p role="status" aria-live="polite" className={className}>
      {children}
    </p>
  );
}

/** An error the user must notice, announced at once. */
export function ErrorMessage({ children, className = "" }: { children?: ReactNode; className?: string }) {
  return (
    <div role="alert" className={className}>
      {children ? (
        <p className="rounded-lg border border-red-700/40 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-200">
          {children}
        </p>
      ) : null}
    </div>
  );
}

const tones = {
  green: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200",
  red: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
  yellow: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  grey: "bg-clay-100 text-earth-900 dark:bg-earth-800 dark:text-clay-100",
};

export type BadgeTone = keyof typeof tones;

/** A state in a coloured pill: green is done, red failed or stopped, yellow still under way, grey neither. */
export function Badge({ tone, className = "", children }: { tone: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${tones[tone]} ${className}`.trimEnd()}>{children}</span>;
}

/** product.md §2: Delivered green, Cancelled red, others yellow. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={statusBadgeTone(status)}>{status}</Badge>;
}

/** Paid green, Unpaid yellow: an unpaid order still awaits its money. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={status === "Paid" ? "green" : "yellow"}>{status}</Badge>;
}
