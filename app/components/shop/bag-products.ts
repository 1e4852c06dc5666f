import { useEffect, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import type { BagLine } from "~/domain/bag";
import type { BagProduct } from "~/server/catalogue.server";

const noChanges = () => () => {};

/**
 * Whether this browser's bag has been read: false on the server and while the page hydrates, so pages show
 * "loading" rather than a wrong "your bag is empty" in their first HTML.
 */
export function useBagRestored(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}

/** A bag line's product as the shop sells it today, or why it cannot be shown. */
export type BagLineProduct = BagProduct | "loading" | "gone";

/**
 * Today's name, price, picture and stock of the bag's products (the bag itself holds only ids, sizes, colours
 * and quantities). Fetched again when the set of products changes; revalidated with the page, so live updates
 * reach it. A product the shop no longer shows is "gone".
 */
export function useBagProducts(lines: readonly BagLine[]): (productId: string) => BagLineProduct {
  const { load, data, state } = useFetcher<BagProduct[]>();
  const ids = [...new Set(lines.map((line) => line.productId))].sort().join(",");
  useEffect(() => {
    if (ids) void load(`/shop/bag-products?${new URLSearchParams({ ids })}`);
  }, [ids, load]);
  return (productId) => data?.find((p) => p.id === productId) ?? (data === undefined || state === "loading" ? "loading" : "gone");
}
