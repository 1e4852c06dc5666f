import { Link } from "react-router";

/** A back-office list's tab: underlined when it is the list shown. */
export function tabClass(current: boolean) {
  return `-mb-px flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-semibold ${
    current ? "border-clay-600 text-clay-700 dark:border-ochre-400 dark:text-ochre-300" : "border-transparent hover:border-clay-300"
  }`;
}

export type CountedTab = { label: string; count: number; href: string; current: boolean };

/** A list's views by state ("All 12", "Failed 2"), each with how many it holds. */
export function CountedTabs({ label, tabs }: { label: string; tabs: readonly CountedTab[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2 border-b border-clay-200 dark:border-earth-800">
      {tabs.map((tab) => (
        <Link key={tab.label} to={tab.href} aria-current={tab.current ? "page" : undefined} className={tabClass(tab.current)}>
          {tab.label}
          <span className="rounded-full bg-clay-100 px-2 py-0.5 text-xs dark:bg-earth-800">{tab.count}</span>
        </Link>
      ))}
    </nav>
  );
}
