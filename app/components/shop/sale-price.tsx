import { Price } from "~/components/ui/price";
import { formatKsh } from "~/domain/money";
import { isOnSale } from "~/domain/variants";

/**
 * A price as the shop shows it, with the compare-at ("was") price struck through beside it when it is above the
 * price (decision 049). A screen reader hears "KSH 2,800 Was KSH 3,500", as it says nothing of the strike.
 */
export function SalePrice({
  priceCents,
  compareAtCents,
  className,
}: {
  priceCents: number;
  compareAtCents: number | null;
  className?: string;
}) {
  if (!isOnSale({ priceCents, compareAtCents })) return <Price cents={priceCents} className={className} />;
  return (
    <span className={className}>
      {formatKsh(priceCents)}{" "}
      <del className="ml-1 text-[0.85em] font-normal whitespace-nowrap">
        <span className="sr-only">Was </span>
        {formatKsh(compareAtCents!)}
      </del>
    </span>
  );
}
