import { formatKsh } from "~/domain/money";

/** An amount as the shop shows it: "KSH 1,200" (the one price formatter is formatKsh). */
export function Price({ cents, className }: { cents: number; className?: string }) {
  return <span className={className}>{formatKsh(cents)}</span>;
}
