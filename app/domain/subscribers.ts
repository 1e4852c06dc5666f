import { csvLine } from "./report";
import { csvDateTime } from "./shop-time";

// The newsletter's subscribers (issue 12): their states, and the back office's list and CSV. Kept apart from
// newsletter.ts, which the footer on every storefront page loads: these would add to each page's JavaScript.

/** An address signs up unconfirmed, is confirmed through the emailed link, and may unsubscribe at any time. */
export const SUBSCRIBER_STATES = ["unconfirmed", "confirmed", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export const SUBSCRIBER_STATE_LABELS: Record<SubscriberState, string> = {
  unconfirmed: "Unconfirmed",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

export const SUBSCRIBERS_PER_PAGE = 50;
const SUBSCRIBERS_PATH = "/admin/subscribers";

/** The subscribers list's address (or its CSV's) for a state and page, leaving out what is not set. */
export function subscribersHref(state: SubscriberState | undefined, page = 1, csv = false): string {
  const query = new URLSearchParams();
  if (state) query.set("state", state);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `${SUBSCRIBERS_PATH}${csv ? ".csv" : ""}${text ? `?${text}` : ""}`;
}

export type Subscriber = {
  email: string;
  state: SubscriberState;
  subscribedAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
};

/** When something happened to a subscriber, in the shop's time zone: "2026-11-20 13:05"; empty when it has not. */
export const subscriberTime = (instant: Date | null, timeZone: string): string => (instant ? csvDateTime(instant, timeZone) : "");

const SUBSCRIBERS_CSV_COLUMNS = ["Email", "State", "Subscribed", "Confirmed", "Unsubscribed"] as const;

/**
 * The subscribers as a CSV file, with a byte-order mark for spreadsheet programs. An address a spreadsheet
 * would take for a formula ("-2+3@…", or one written straight into the database) is neutralised by csvLine.
 */
export function subscribersCsv(subscribers: readonly Subscriber[], timeZone: string): string {
  const lines = subscribers.map((s) =>
    csvLine([
      s.email,
      SUBSCRIBER_STATE_LABELS[s.state],
      subscriberTime(s.subscribedAt, timeZone),
      subscriberTime(s.confirmedAt, timeZone),
      subscriberTime(s.unsubscribedAt, timeZone),
    ]),
  );
  return `\uFEFF${csvLine(SUBSCRIBERS_CSV_COLUMNS)}${lines.join("")}`;
}

/** The CSV's file name, saying what it holds: "subscribers.csv", "subscribers-confirmed.csv". */
export const subscribersCsvFileName = (state: SubscriberState | undefined): string => (state ? `subscribers-${state}.csv` : "subscribers.csv");
