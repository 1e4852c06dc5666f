import { expect, test } from "vitest";
import { stateListPage } from "./state-list";

const STATES = ["pending", "sent", "failed"] as const;

test("counts every state, 0 for one with no rows", () => {
  expect(stateListPage(STATES, [{ state: "sent", n: 120 }], undefined, 1, 50).counts).toEqual({ pending: 0, sent: 120, failed: 0 });
});

test("pages follow the state shown, or all states; a page past the last reads as the last", () => {
  const perState = [
    { state: "sent" as const, n: 120 },
    { state: "failed" as const, n: 3 },
  ];
  expect(stateListPage(STATES, perState, undefined, 9, 50)).toMatchObject({ page: 3, pageCount: 3 });
  expect(stateListPage(STATES, perState, "failed", 2, 50)).toMatchObject({ page: 1, pageCount: 1 });
  expect(stateListPage(STATES, [], "pending", 1, 50)).toMatchObject({ page: 1, pageCount: 1 });
});
