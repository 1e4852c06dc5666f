import { useCallback, useSyncExternalStore } from "react";
import {
  addToBag,
  BAG_STORAGE_KEY,
  type BagLine,
  type BagLineIdentity,
  bagItemCount,
  clearBag,
  type LineStock,
  readStoredBag,
  removeFromBag,
  setQuantity,
} from "~/domain/bag";

// The bag lives in the browser (product.md §1, §3): restored from localStorage at start, saved on every change,
// shared by every tab through the storage event. The server sees it only at checkout.

const EMPTY: BagLine[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: BagLine[] } | undefined;

function readBag(): BagLine[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(BAG_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (cached?.raw !== raw) {
    cached = { raw, lines: readStoredBag(raw, (message) => console.error(message)) };
  }
  return cached.lines;
}

function writeBag(lines: BagLine[]) {
  try {
    localStorage.setItem(BAG_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or blocked (private mode): keep the bag for this page at least.
    cached = { raw: null, lines };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BAG_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The shopper's bag and the ways to change it. On the server (and before hydration) it is empty. */
export function useBag() {
  const lines = useSyncExternalStore(subscribe, readBag, () => EMPTY);
  return {
    lines,
    count: bagItemCount(lines),
    /** Adds one of a line, never above what is left for it (`stock`, mostOfLine); false when it could not. */
    add: useCallback((line: BagLineIdentity, stock: LineStock) => {
      const before = readBag();
      const after = addToBag(before, line, 1, stock);
      if (bagItemCount(after) === bagItemCount(before)) return false;
      writeBag(after);
      return true;
    }, []),
    /** Sets a line's quantity, never above what is left for it (`stock`, mostOfLine). */
    setQuantity: useCallback(
      (line: BagLineIdentity, quantity: number, stock: LineStock) => writeBag(setQuantity(readBag(), line, quantity, stock)),
      [],
    ),
    remove: useCallback((line: BagLineIdentity) => writeBag(removeFromBag(readBag(), line)), []),
    clear: useCallback(() => writeBag(clearBag()), []),
  };
}
