// Where this process is in its life (decision 064): starting until its start-up work is done, then ready, then
// draining once told to stop, while the proxy moves its traffic to the other processes.

type ShopState = "starting" | "ready" | "draining";

let state: ShopState = "starting";
const drainingListeners = new Set<() => void>();

export function shopState(): ShopState {
  return state;
}

export function markReady(): void {
  if (state === "starting") state = "ready";
}

/** Reports not ready from now on and tells everything waiting on `whenDraining` (live streams) to end. */
export function startDraining(): void {
  if (state === "draining") return;
  state = "draining";
  for (const listener of drainingListeners) listener();
  drainingListeners.clear();
}

/** Calls `listener` when the process starts draining (at once if it already is); returns a way to stop waiting. */
export function whenDraining(listener: () => void): () => void {
  if (state === "draining") {
    listener();
    return () => {};
  }
  drainingListeners.add(listener);
  return () => drainingListeners.delete(listener);
}
