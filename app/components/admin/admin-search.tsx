import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { Thumbnail } from "~/components/ui/image";
import { Price } from "~/components/ui/price";
import { LiveStatus } from "~/components/ui/status";
import {
  ADMIN_SEARCH_EMPTY,
  ADMIN_SEARCH_MAX_CHARS,
  ADMIN_SEARCH_PLACEHOLDER,
  adminSearchLinks,
  isSearchable,
  noResultsMessage,
} from "~/domain/admin-search";
import { shortOrderId } from "~/domain/order-id";
import type { AdminSearchResults } from "~/server/admin-search.server";
import { AdminIcon } from "./icon";

/** Waits this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 150;

type Hit = { id: string; href: string; content: ReactNode };
type Group = { label: string; hits: Hit[] };

function groupsOf(results: AdminSearchResults): Group[] {
  const groups: Group[] = [
    {
      label: "Products",
      hits: results.products.map((product) => ({
        id: `product-${product.id}`,
        href: adminSearchLinks.product(product.id),
        content: (
          <>
            <Thumbnail url={product.image} width={40} height={40} className="size-10" />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{product.name}</span>
              <span className="block text-xs text-earth-700 dark:text-clay-200">{product.sku}</span>
            </span>
          </>
        ),
      })),
    },
    {
      label: "Orders",
      hits: results.orders.map((order) => ({
        id: `order-${order.id}`,
        href: adminSearchLinks.order(order.id),
        content: (
          <>
            <AdminIcon name="shopping-cart" className="size-5 shrink-0" />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{`Order #${shortOrderId(order.id)} - ${order.clientName}`}</span>
              <span className="block text-xs text-earth-700 dark:text-clay-200">
                {order.status} · <Price cents={order.totalCents} />
              </span>
            </span>
          </>
        ),
      })),
    },
    {
      label: "Riders",
      hits: results.riders.map((rider) => ({
        id: `rider-${rider.id}`,
        href: adminSearchLinks.rider(),
        content: (
          <>
            <AdminIcon name="bike" className="size-5 shrink-0" />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{rider.name}</span>
              <span className="block text-xs text-earth-700 dark:text-clay-200">{rider.phone}</span>
            </span>
          </>
        ),
      })),
    },
    {
      label: "Admin Pages",
      hits: results.pages.map((page) => {
        return {
          id: `page-${page.path}`,
          href: page.path,
          content: (
            <>
              <AdminIcon name={page.icon} className="size-5 shrink-0" />
              <span className="font-semibold">{page.title}</span>
            </>
          ),
        };
      }),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}

/**
 * The back office's global search (product.md §2 Admin): a Search button in the header (and Ctrl/Cmd+K) opens an
 * overlay whose box searches products, orders, riders and admin pages on the server as you type. Arrow keys
 * move through the results, Enter opens one, Escape closes.
 */
export function AdminSearch() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<{
    query: string;
    results: AdminSearchResults;
  } | null>(null);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const text = query.trim();

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!open || !isSearchable(text)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/admin/search?q=${encodeURIComponent(text)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) =>
          response.ok ? (response.json() as Promise<AdminSearchResults>) : Promise.reject(new Error(String(response.status))),
        )
        .then((results) => {
          setAnswer({ query: text, results });
          setActive(0);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text]);

  const close = () => {
    setOpen(false);
    setQuery("");
    setAnswer(null);
  };
  const current = isSearchable(text) && answer?.query === text ? answer.results : null;
  const groups = current ? groupsOf(current) : [];
  const hits = groups.flatMap((group) => group.hits);
  const activeHit = hits[Math.min(active, hits.length - 1)];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // product.md §2: Escape closes the overlay. A search box would spend the first press clearing its text.
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (hits.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (Math.min(index, hits.length - 1) + step + hits.length) % hits.length);
    } else if (event.key === "Enter" && activeHit) {
      event.preventDefault();
      close();
      void navigate(activeHit.href);
    }
  };

  let status: ReactNode = null;
  if (!isSearchable(text)) status = ADMIN_SEARCH_EMPTY;
  else if (!current) status = "Searching...";
  else if (hits.length === 0) status = noResultsMessage(text);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold hover:bg-clay-100 dark:hover:bg-earth-800"
      >
        <AdminIcon name="search" className="size-4" /> Search
        <kbd className="hidden rounded border border-clay-300 px-1.5 text-xs font-normal sm:inline dark:border-earth-700">Ctrl K</kbd>
      </button>
      <Dialog open={open} onClose={close} title="Search" className="self-start sm:mt-24">
        <input
          type="search"
          role="combobox"
          aria-label="Search the admin panel"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeHit?.id}
          placeholder={ADMIN_SEARCH_PLACEHOLDER}
          maxLength={ADMIN_SEARCH_MAX_CHARS}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          data-autofocus
          autoComplete="off"
          className="block w-full rounded-lg border border-clay-300 bg-white px-3 py-2.5 text-base dark:border-earth-700 dark:bg-earth-950"
        />
        <LiveStatus className="mt-4 text-sm text-earth-700 dark:text-clay-200">{status}</LiveStatus>
        <div id={listId} role="listbox" aria-label="Search results" className="mt-2 max-h-[60vh] space-y-4 overflow-y-auto">
          {groups.map((group) => (
            <div key={group.label} role="group" aria-label={group.label}>
              <p aria-hidden="true" className="px-2 text-xs font-semibold tracking-wide text-earth-700 uppercase dark:text-clay-200">
                {group.label}
              </p>
              {group.hits.map((hit) => (
                <Link
                  key={hit.id}
                  id={hit.id}
                  to={hit.href}
                  role="option"
                  aria-selected={hit === activeHit}
                  tabIndex={-1}
                  onClick={close}
                  onMouseEnter={() => setActive(hits.indexOf(hit))}
                  className={`mt-1 flex items-center gap-3 rounded-lg px-2 py-2 text-sm ${hit === activeHit ? "bg-clay-100 dark:bg-earth-800" : ""}`}
                >
                  {hit.content}
                </Link>
              ))}
            </div>
          ))}
        </div>
      </Dialog>
    </>
  );
}
