import { pageCountFor } from "./order-admin";

/**
 * A back-office list kept by state (the subscribers, the Notifications Log): how many rows each state holds (0
 * for one with none), how many pages the state shown (or all of them) fills, and the page asked for kept within.
 */
export function stateListPage<S extends string>(
  states: readonly S[],
  perState: readonly { state: S; n: number }[],
  shown: S | undefined,
  requestedPage: number,
  perPage: number,
): { counts: Record<S, number>; page: number; pageCount: number } {
  const counts = Object.fromEntries(states.map((s) => [s, perState.find((row) => row.state === s)?.n ?? 0])) as Record<S, number>;
  const listed = shown ? counts[shown] : states.reduce((sum, s) => sum + counts[s], 0);
  const pageCount = pageCountFor(listed, perPage);
  return { counts, page: Math.min(requestedPage, pageCount), pageCount };
}
