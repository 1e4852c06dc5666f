import { formatCount } from "./number-format";
import { phoneDigits } from "./phone";

// Where the shop's SMS may go and how many it sends a day (issue 21): a stranger who types made-up phone numbers
// at checkout must not be able to make the shop text the world, or spend its SMS credit. Pure rules: the outbox
// (app/server/notifications.server.ts) applies them as it claims SMS to send.

/** The countries Site Settings offers, by calling code: East Africa, then a few where shops also sell. */
export const SMS_COUNTRIES = [
  { code: "254", name: "Kenya" },
  { code: "255", name: "Tanzania" },
  { code: "256", name: "Uganda" },
  { code: "250", name: "Rwanda" },
  { code: "257", name: "Burundi" },
  { code: "211", name: "South Sudan" },
  { code: "243", name: "DR Congo" },
  { code: "252", name: "Somalia" },
  { code: "251", name: "Ethiopia" },
  { code: "260", name: "Zambia" },
  { code: "265", name: "Malawi" },
  { code: "27", name: "South Africa" },
  { code: "234", name: "Nigeria" },
  { code: "233", name: "Ghana" },
] as const;

export type SmsCountryCode = (typeof SMS_COUNTRIES)[number]["code"];
export const SMS_COUNTRY_CODES = SMS_COUNTRIES.map((country) => country.code) as [SmsCountryCode, ...SmsCountryCode[]];

/** A shop without the setting texts Kenyan numbers only. */
const DEFAULT_SMS_COUNTRIES: readonly SmsCountryCode[] = ["254"];
/** A day's SMS for a shop without the setting: a busy day's orders, each texted through its life. */
const DEFAULT_SMS_PER_DAY = 500;
export const MAX_SMS_PER_DAY = 100_000;

export const SMS_COUNTRIES_MESSAGE = "Please choose countries from the list.";
export const SMS_PER_DAY_MESSAGE = `Enter a whole number of SMS, from 0 (no SMS) to ${formatCount(MAX_SMS_PER_DAY)}.`;

export type SmsSettings = { smsCountries?: readonly SmsCountryCode[] | undefined; smsPerDay?: number | undefined };

/** The calling codes SMS may go to; settings saved before the setting existed allow Kenya only. */
export function smsCountries(settings: SmsSettings): readonly SmsCountryCode[] {
  return settings.smsCountries ?? DEFAULT_SMS_COUNTRIES;
}

/** How many SMS the shop starts sending in a shop day; settings saved before the setting existed allow 500. */
export function smsPerDay(settings: SmsSettings): number {
  return settings.smsPerDay ?? DEFAULT_SMS_PER_DAY;
}

/** Whether a phone number ("+254712345678") is in one of the countries; the codes are prefix-free (E.164). */
export function inSmsCountries(phone: string, countries: readonly string[]): boolean {
  const digits = phoneDigits(phone);
  return phone.trim().startsWith("+") && countries.some((code) => digits.startsWith(code));
}

export const COUNTRY_NOT_ALLOWED_REASON = "not sent: SMS go only to the countries chosen in Site Settings";
export const budgetSpentReason = (perDay: number) => `not sent: the daily SMS budget (${formatCount(perDay)}) was spent`;

/** An SMS due to be sent; `countedOn` is the shop day it was counted against the budget, if it was. */
export type DueSms = { id: string; recipient: string; countedOn: string | null };

/**
 * What becomes of due SMS: sent (`count` are counted against today's budget first), or not sent and why; and
 * whether the Store Owners are told the budget stopped some.
 */
export type SmsVerdicts = { send: string[]; count: string[]; notSent: { id: string; reason: string }[]; tellOwners: boolean };

/**
 * Which of the due SMS may be sent on shop day `today`, when `countedToday` have been counted against its budget
 * already. An SMS to a country not chosen is not sent. The budget counts messages, not attempts: one already
 * counted today (being tried again) is sent without counting again; the rest are counted in order while the
 * budget lasts, and those past it are not sent rather than kept for tomorrow, when an order's news would be stale
 * and a flood of them would spend that day's budget too. The owners are told when the budget stops one, unless
 * it is 0: a shop's choice to send none is not news.
 */
export function smsVerdicts(due: readonly DueSms[], settings: SmsSettings, countedToday: number, today: string): SmsVerdicts {
  const countries = smsCountries(settings);
  const perDay = smsPerDay(settings);
  const verdicts: SmsVerdicts = { send: [], count: [], notSent: [], tellOwners: false };
  let counted = countedToday;
  for (const sms of due) {
    if (!inSmsCountries(sms.recipient, countries)) {
      verdicts.notSent.push({ id: sms.id, reason: COUNTRY_NOT_ALLOWED_REASON });
    } else if (sms.countedOn === today) {
      verdicts.send.push(sms.id);
    } else if (counted < perDay) {
      counted += 1;
      verdicts.count.push(sms.id);
      verdicts.send.push(sms.id);
    } else {
      verdicts.notSent.push({ id: sms.id, reason: budgetSpentReason(perDay) });
      verdicts.tellOwners = perDay > 0;
    }
  }
  return verdicts;
}

/**
 * Whether the dashboard says today's budget is spent: once as many SMS as it allows have been counted today. A
 * budget of 0 is a shop's choice to send none, not news.
 */
export function smsBudgetSpent(settings: SmsSettings, countedToday: number): boolean {
  const perDay = smsPerDay(settings);
  return perDay > 0 && countedToday >= perDay;
}

/** The dashboard's notice while today's budget is spent. */
export const smsBudgetSpentLine = (perDay: number) =>
  `Today's SMS budget of ${formatCount(perDay)} is spent: SMS to shoppers are not sent until midnight. A Developer can raise it in Site Settings.`;

/** The event of the Store Owners' email about a spent budget: one a shop day, however many processes see it. */
export const budgetSpentEvent = (today: string) => `sms-budget-spent:${today}`;
