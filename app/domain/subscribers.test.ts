import { describe, expect, test } from "vitest";
import { SUBSCRIBER_STATES as STORED_STATES } from "../server/db/schema.server";
import { SUBSCRIBER_STATES, subscribersCsv, subscribersCsvFileName, subscribersHref, subscriberTime } from "./subscribers";

test("the database keeps exactly the same states", () => {
  expect([...STORED_STATES]).toEqual([...SUBSCRIBER_STATES]);
});

describe("subscribersHref", () => {
  test.each([
    [undefined, 1, false, "/admin/subscribers"],
    ["confirmed", 1, false, "/admin/subscribers?state=confirmed"],
    ["unsubscribed", 3, false, "/admin/subscribers?state=unsubscribed&page=3"],
    [undefined, 2, false, "/admin/subscribers?page=2"],
    ["unconfirmed", 1, true, "/admin/subscribers.csv?state=unconfirmed"],
    [undefined, 1, true, "/admin/subscribers.csv"],
  ] as const)("state %s, page %s, csv %s is %s", (state, page, csv, href) => {
    expect(subscribersHref(state, page, csv)).toBe(href);
  });
});

describe("subscriberTime", () => {
  test("is in the shop's time zone, to the minute", () => {
    expect(subscriberTime(new Date("2026-11-20T21:05:00Z"), "Africa/Nairobi")).toBe("2026-11-21 00:05");
    expect(subscriberTime(new Date("2026-11-20T21:05:59Z"), "UTC")).toBe("2026-11-20 21:05");
  });

  test("is empty for what has not happened", () => {
    expect(subscriberTime(null, "Africa/Nairobi")).toBe("");
  });
});

describe("subscribersCsv", () => {
  const at = new Date("2026-11-20T09:15:00Z");

  test("has a header and one line per subscriber, and neutralises what a spreadsheet would run", () => {
    const csv = subscribersCsv(
      [
        { email: "wanjiru@example.com", state: "confirmed", subscribedAt: at, confirmedAt: at, unsubscribedAt: null },
        { email: "-2+3@example.com", state: "unconfirmed", subscribedAt: at, confirmedAt: null, unsubscribedAt: null },
        { email: '=hyperlink("http://evil.test","x")@x.test', state: "unsubscribed", subscribedAt: at, confirmedAt: null, unsubscribedAt: at },
        { email: "@sum(a1)@x.test", state: "unconfirmed", subscribedAt: at, confirmedAt: null, unsubscribedAt: null },
        { email: "+254@x.test", state: "unconfirmed", subscribedAt: at, confirmedAt: null, unsubscribedAt: null },
      ],
      "Africa/Nairobi",
    );
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFEmail,State,Subscribed,Confirmed,Unsubscribed",
      "wanjiru@example.com,Confirmed,2026-11-20 12:15,2026-11-20 12:15,",
      "'-2+3@example.com,Unconfirmed,2026-11-20 12:15,,",
      `"'=hyperlink(""http://evil.test"",""x"")@x.test",Unsubscribed,2026-11-20 12:15,,2026-11-20 12:15`,
      "'@sum(a1)@x.test,Unconfirmed,2026-11-20 12:15,,",
      "'+254@x.test,Unconfirmed,2026-11-20 12:15,,",
      "",
    ]);
  });

  test("with nobody is the header alone", () => {
    expect(subscribersCsv([], "Africa/Nairobi")).toBe("\uFEFFEmail,State,Subscribed,Confirmed,Unsubscribed\r\n");
  });

  test.each([
    [undefined, "subscribers.csv"],
    ["confirmed", "subscribers-confirmed.csv"],
  ] as const)("for %s is called %s", (state, name) => {
    expect(subscribersCsvFileName(state)).toBe(name);
  });
});
