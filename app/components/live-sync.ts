import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps a page's data live: listens to /events for the given topics and re-runs the page's loaders when one
 * changes. A shopper's page hears of orders only for those it names in `orders` (order or tracking ids).
 * EventSource reconnects by itself; after a reconnect we revalidate once, since events sent while the
 * connection was down are not replayed.
 */
export function useLiveTopics(topics: readonly string[], orders: readonly string[] = []) {
  const { revalidate } = useRevalidator();
  const key = [...topics].sort().join(",");
  const orderKeys = orders.join(",");

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    const query = new URLSearchParams({ topics: key });
    if (orderKeys) query.set("orders", orderKeys);
    const source = new EventSource(`/events?${query}`);
    let pending: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    // Several writes in a burst (a checkout touches orders and products) cost one reload.
    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(() => void revalidate(), 150);
    };
    source.addEventListener("change", refresh);
    // The server lost track of changes for a while (its database connection dropped): reload everything.
    source.addEventListener("resync", refresh);
    source.addEventListener("open", () => {
      if (opened) refresh();
      opened = true;
    });
    return () => {
      clearTimeout(pending);
      source.close();
    };
  }, [key, orderKeys, revalidate]);
}
