import { useId } from "react";
import { AdminTable, Cell } from "~/components/admin/table";
import { Price } from "~/components/ui/price";
import { formatKsh } from "~/domain/money";
import { describeChart, type RevenueChart as Chart } from "~/domain/report";

const UNIT_HEADINGS = { day: "Day", month: "Month", year: "Year" } as const;
// At most this many labels under the bars, so they never run into each other on a phone.
const MAX_LABELS = 5;

/**
 * Revenue per day (or month, or year, for long periods) as bars drawn on the server with CSS: one image named
 * by its heading and described in a sentence, with every number also in a table for those who cannot see it.
 */
export function RevenueChart({ chart }: { chart: Chart }) {
  const id = useId();
  const { bars, unit } = chart;
  const highest = Math.max(0, ...bars.map((bar) => bar.revenueCents));
  const labelEvery = Math.ceil(bars.length / MAX_LABELS);
  // Columns share the width but stay slim when there are few, so one day is a bar, not a block.
  const column = "flex min-w-0 max-w-16 flex-1 justify-center";
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="font-display text-xl font-semibold">
        Revenue per {unit}
      </h2>
      <div className="rounded-2xl border border-clay-200 p-4 dark:border-earth-800">
        <p aria-hidden="true" className="text-xs text-earth-700 dark:text-clay-200">
          <Price cents={highest} />
        </p>
        <div
          role="img"
          aria-labelledby={`${id}-heading`}
          aria-describedby={`${id}-summary`}
          className="mt-2 flex h-48 items-end justify-center gap-px border-b border-clay-300 dark:border-earth-700"
        >
          {bars.map((bar) => (
            <div key={bar.key} title={`${bar.title}: ${formatKsh(bar.revenueCents)}`} className={`${column} h-full items-end`}>
              <div
                className="w-4/5 rounded-t-sm bg-clay-600 dark:bg-ochre-400"
                style={{ height: `${highest === 0 ? 0 : (bar.revenueCents / highest) * 100}%` }}
              />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="mt-1 flex justify-center gap-px text-xs text-earth-700 dark:text-clay-200">
          {bars.map((bar, index) => (
            <span key={bar.key} className={`${column} whitespace-nowrap`}>
              {index % labelEvery === 0 ? bar.label : ""}
            </span>
          ))}
        </div>
      </div>
      <p id={`${id}-summary`} className="text-sm">
        {describeChart(chart)}
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">Revenue per {unit} as a table</summary>
        <div className="mt-3">
          <AdminTable columns={[UNIT_HEADINGS[unit], "Orders", "Revenue"]} caption={`Revenue per ${unit}`}>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <Cell>{bar.title}</Cell>
                <Cell>{bar.orders}</Cell>
                <Cell>
                  <Price cents={bar.revenueCents} />
                </Cell>
              </tr>
            ))}
          </AdminTable>
        </div>
      </details>
    </section>
  );
}
