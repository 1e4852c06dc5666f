import type { ReactNode } from "react";
import { type OrderStatus, statusBadgeTone } from "~/domain/order-status";

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
};

/** SPEC §2: Delivered green, Cancelled red, others yellow. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${tones[statusBadgeTone(status)]}`}>{status}</span>;
}
