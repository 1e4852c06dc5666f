import type { ReactNode } from "react";

/** A page's headline figures (the dashboard, the report, an import's counts), four to a row on wide screens. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</dl>;
}

/** One figure of Figures, under its label; `compact` where the figures are not what the page is about. */
export function Figure({ label, compact = false, children }: { label: string; compact?: boolean; children: ReactNode }) {
  return (
    <div className={`rounded-2xl border border-clay-200 dark:border-earth-800 ${compact ? "p-4" : "p-5"}`}>
      <dt className="text-sm font-semibold text-earth-700 dark:text-clay-200">{label}</dt>
      <dd className={`font-display font-semibold ${compact ? "mt-1 text-2xl" : "mt-2 text-3xl"}`}>{children}</dd>
    </div>
  );
}
