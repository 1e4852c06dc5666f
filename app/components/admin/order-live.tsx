import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type ListedOrder, liveChanges, liveChangesMessage } from "~/domain/order-admin";

/** How long a row that arrived or changed elsewhere stays highlighted. */
const HIGHLIGHT_MS = 5_000;

/**
 * What every Orders action answers: the order's new version and its client details' version on success, else
 * the message (and field messages).
 */
export type OrderAnswer =
  | { ok: true; id: string; version: string; clientDetailsVersion: number; dispatched: { riderName: string; chatLink: string } | null }
  | { ok: false; error: string; fields: Record<string, string> };

/**
 * The changes this page made itself, so they are not highlighted as someone else's: orders with a request
 * still on its way, and the versions this page's requests produced.
 */
class OwnChanges {
  private pending = new Map<string, number>();
  private versions = new Set<string>();

  begin(id: string) {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  end(id: string, version: string | undefined) {
    const left = (this.pending.get(id) ?? 1) - 1;
    if (left > 0) this.pending.set(id, left);
    else this.pending.delete(id);
    if (version) this.versions.add(`${id} ${version}`);
  }

  isOwn = (order: ListedOrder) => this.pending.has(order.id) || this.versions.has(`${order.id} ${order.version}`);
}

const OwnChangesContext = createContext<OwnChanges | null>(null);

export function OwnChangesProvider({ children }: { children: ReactNode }) {
  const [own] = useState(() => new OwnChanges());
  return <OwnChangesContext.Provider value={own}>{children}</OwnChangesContext.Provider>;
}

// Each opening of the order's dialog gets fetchers of its own, so it never shows an earlier opening's answer.
let openings = 0;

/** A fetcher key for this opening of the order's dialog ("<prefix>-<n>"): new each time the part mounts. */
export function useOpeningKey(prefix: string): string {
  const [key] = useState(() => `${prefix}-${++openings}`);
  return key;
}

/**
 * A fetcher for one order's changes that tells the page which changes are its own. `submit` posts the fields
 * to the Orders page's action.
 */
export function useOrderAction(key?: string) {
  const own = useContext(OwnChangesContext);
  const fetcher = useFetcher<OrderAnswer>(key ? { key } : undefined);
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    const id = submitted.current;
    if (id === null || fetcher.state === "submitting") return;
    // The answer arrives with the order's new version, before the list is reloaded with it.
    if (fetcher.data || fetcher.state === "idle") {
      submitted.current = null;
      own?.end(id, fetcher.data?.ok ? fetcher.data.version : undefined);
    }
  }, [fetcher.state, fetcher.data, own]);
  const post = fetcher.submit;
  const submit = useCallback(
    (fields: Record<string, string> & { id: string }) => {
      if (submitted.current !== null) own?.end(submitted.current, undefined);
      submitted.current = fields.id;
      own?.begin(fields.id);
      void post(fields, { method: "post", action: "/admin/orders" });
    },
    [own, post],
  );
  return { fetcher, submit };
}

export type Highlight = "new" | "changed";

/**
 * Highlights, for a few seconds, the rows that are new or were changed by someone else since the list was
 * last shown, and words them for screen readers. Moving to another tab or page starts afresh.
 */
export function useLiveHighlights(orders: readonly ListedOrder[], view: string, reportNew: boolean) {
  const own = useContext(OwnChangesContext);
  const seen = useRef<{ view: string; versions: Map<string, string> } | null>(null);
  const [highlights, setHighlights] = useState<ReadonlyMap<string, Highlight>>(new Map());
  const [announcement, setAnnouncement] = useState("");
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const running = timers.current;
    return () => running.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    const before = seen.current;
    seen.current = { view, versions: new Map(orders.map((o) => [o.id, o.version])) };
    if (!before || before.view !== view) {
      setHighlights(new Map());
      setAnnouncement("");
      return;
    }
    const changes = liveChanges(before.versions, orders, own?.isOwn ?? (() => false));
    // Beyond the first page, rows that slid down from the page before are not new orders.
    if (!reportNew) changes.added = [];
    const marked: [string, Highlight][] = [
      ...changes.added.map((id): [string, Highlight] => [id, "new"]),
      ...changes.changed.map((id): [string, Highlight] => [id, "changed"]),
    ];
    if (marked.length === 0) return;
    const message = liveChangesMessage(changes);
    setHighlights((current) => new Map([...current, ...marked]));
    setAnnouncement(message);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setHighlights((current) => {
        const next = new Map(current);
        for (const [id, kind] of marked) if (next.get(id) === kind) next.delete(id);
        return next;
      });
      setAnnouncement((current) => (current === message ? "" : current));
    }, HIGHLIGHT_MS);
    timers.current.add(timer);
  }, [orders, view, reportNew, own]);

  return { highlights, announcement };
}
