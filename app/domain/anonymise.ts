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

/** The longest a shop may keep personal details with the retention setting on; 1 year is the shortest. */
export const MAX_RETENTION_YEARS = 20;
export const RETENTION_MESSAGE = `Please enter a whole number of years from 1 to ${MAX_RETENTION_YEARS}, or leave it empty to keep details.`;

/** The settings' retention: personal details are removed from orders older than this many years; null, never. */
export function retentionYears(settings: { removeDetailsAfterYears?: number | null | undefined }): number | null {
  return settings.removeDetailsAfterYears ?? null;
}

/** Orders placed before this instant are past a retention of `years` at `now`; null when it is off. */
export function retentionCutoff(years: number | null, now: Date): Date | null {
  if (years === null) return null;
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** Whether orders placed at `orderDate` are past a retention of `years` at `now` (off when `years` is null). */
export function pastRetention(orderDate: Date, years: number | null, now: Date): boolean {
  const cutoff = retentionCutoff(years, now);
  return cutoff !== null && orderDate < cutoff;
}

/** The fields of activity-log entries (orders, payments) that hold a customer's details. */
const PERSONAL_FIELDS = ["clientName", "clientAddress", "clientPhone", "mpesaPhone", "payerName", "phoneMasked"] as const;

/** An activity-log entry's recorded fields with the customer's details replaced; null stays null. */
export function withoutPersonalDetails(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (fields === null) return null;
  const kept = { ...fields };
  for (const field of PERSONAL_FIELDS) if (field in kept && kept[field] !== null) kept[field] = REMOVED;
  return kept;
}

/** What one anonymising replaced, as staff are told and the activity log records it. */
export type AnonymisedCounts = { orders: number; payments: number; messages: number; subscriptions: number };

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 orders, 2 payments, 5 messages and 1 subscription": what was anonymised, for the log and staff's message. */
export function anonymisedSummary(counts: AnonymisedCounts): string {
  const parts = [
    counted(counts.orders, "order", "orders"),
    counted(counts.payments, "payment", "payments"),
    counted(counts.messages, "message", "messages"),
    counted(counts.subscriptions, "subscription", "subscriptions"),
  ];
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
