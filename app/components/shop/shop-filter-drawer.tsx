import { useEffect, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { LiveStatus } from "~/components/ui/status";
import { activeFilterCount } from "~/domain/catalogue";
import { type FilterChoices, type FilterDraft, ShopFilterFields, shopHref } from "./shop-filters";

/** product.md §9: the drawer's result count is recomputed 300 ms after the last change. */
const RESULT_COUNT_DELAY_MS = 300;

const resultsLabel = (count: number) => `Show ${count} ${count === 1 ? "Result" : "Results"}`;
const noSubscription = () => () => {};

/**
 * Filters on phones and tablets (under 1024 px, product.md §2): a 'Filters' button opens a slide-in drawer that
 * edits draft filters; 'Show N Results' applies them, N counted by the server. Before JavaScript runs the
 * button is a link to the sidebar form, which then shows in the page.
 */
export function ShopFilterDrawer({
  filters,
  total,
  choices,
  sidebarId,
}: {
  filters: FilterDraft;
  total: number;
  choices: FilterChoices;
  sidebarId: string;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const active = activeFilterCount(filters);
  const label = (
    <>
      Filters
      {active > 0 && (
        <span className="grid min-w-5 place-items-center rounded-full bg-clay-600 px-1 text-xs text-white dark:bg-ochre-400 dark:text-earth-950">
          {active}
          <span className="sr-only"> applied</span>
        </span>
      )}
    </>
  );
  const trigger = buttonClass("secondary", "lg:hidden");
  return (
    <>
      {hydrated ? (
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={trigger}>
          {label}
        </button>
      ) : (
        <a href={`#${sidebarId}`} className={trigger}>
          {label}
        </a>
      )}
      {open && <DraftFilters filters={filters} total={total} choices={choices} onClose={() => setOpen(false)} />}
    </>
  );
}

function DraftFilters({
  filters,
  total,
  choices,
  onClose,
}: {
  filters: FilterDraft;
  total: number;
  choices: FilterChoices;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filters);
  const [counted, setCounted] = useState({ href: shopHref(filters), count: total });
  const href = shopHref(draft);

  useEffect(() => {
    if (href === counted.href) return;
    // Each change restarts the wait and cancels a count still on its way, so only the last one shows.
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/shop/count${href.slice("/products".length)}`, { signal: controller.signal })
        .then((response) => response.json())
        .then(({ count }: { count: number }) => setCounted({ href, count }))
        .catch(() => {});
    }, RESULT_COUNT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [href, counted.href]);

  const apply = (next: FilterDraft) => {
    onClose();
    void navigate(shopHref(next));
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Filters"
      className="my-0 mr-0 h-dvh max-h-none rounded-r-none transition-transform duration-300 starting:open:translate-x-full"
    >
      {/* As tall as the drawer (less its title and padding), so the buttons rest at the bottom. */}
      <form
        role="search"
        aria-label="Filter products"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
        className="flex min-h-[calc(100dvh-5.75rem)] flex-col"
      >
        <div className="flex-1 pb-8">
          <ShopFilterFields draft={draft} onChange={setDraft} onSearch={apply} choices={choices} />
        </div>
        <LiveStatus className="sr-only">{href === counted.href ? `${counted.count} matching products` : ""}</LiveStatus>
        <div className="sticky bottom-0 -mx-6 -mb-6 flex gap-3 border-t border-clay-200 bg-clay-50 px-6 py-4 dark:border-earth-800 dark:bg-earth-900">
          <Button variant="ghost" onClick={() => setDraft({})}>
            Clear All
          </Button>
          <Button type="submit" aria-busy={href !== counted.href} className="flex-1">
            {resultsLabel(counted.count)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
