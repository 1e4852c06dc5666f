// Anonymising a customer (issue 25): on request, or when the shop's retention setting says so, a customer's name,
// phone, address and email are replaced in every order, payment, message and subscription, while amounts and items
// stay for the tax records (kept 5 years). The placeholders match no lookup: tracking by phone finds nothing.

/** What replaces a customer's name, address and email. */
export const REMOVED = "Removed";

/** What replaces a phone number: no digits, so no lookup by phone and no SMS can ever reach it. */
export const REMOVED_PHONE = "Removed";

/** The confirmation staff answer before anonymising, naming the phone. */
export const anonymiseConfirmation = (phone: string): string =>
  `Remove the name, phone, address and email of ${phone} from every order, payment, message and subscription? Amounts and items are kept. This cannot be undone.`;

/** Whether orders placed at `orderDate` are past a retention of `years` at `now` (off when `years` is null). */
export function pastRetention(orderDate: Date, years: number | null, now: Date): boolean {
  if (years === null) return false;
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - years);
  return orderDate < limit;
}
