import { maskRecipient } from "./notifications";
import { maskPhone } from "./phone";

// What the shop's logs may carry (decision 061): no request bodies, no secrets, no shopper's phone number or
// email address in full, and no address parameter that opens one shopper's order or data.

// A plus sign or not, then ten or more digits, spaced or hyphenated as people type them ("+254 712-345 678",
// "0712345678", Daraja's "254712345678"), not inside a word or an identifier (a UUID's last group, "ws_CO_…").
const PHONE_IN_TEXT = /(?<![\w.+-])\+?\d(?:[ -]?\d){9,}(?![\w-])/g;
const EMAIL_IN_TEXT = /[^\s@<>"'(),;:=/]+@[^\s@<>"'(),;:=/]+\.[A-Za-z]{2,}/g;
// A failed query's message lists its parameters (drizzle: "params: a,b,c"): shoppers' names, phones, addresses.
const QUERY_PARAMETERS = /^params: .*$/gm;

const HIDDEN = "[hidden]";

/** Text as a log line may carry it: phone numbers and email addresses masked, a failed query's parameters hidden. */
export function maskPersonalText(text: string): string {
  return text
    .replace(QUERY_PARAMETERS, `params: ${HIDDEN}`)
    .replace(EMAIL_IN_TEXT, (email) => maskRecipient("email", email))
    .replace(PHONE_IN_TEXT, (phone) => maskPhone(phone));
}

// Fields never logged whatever they hold: bodies, credentials, a query's parameters, and a shopper's name and address.
const HIDDEN_FIELDS = new Set(
  ["body", "html", "params", "password", "secret", "token", "authorization", "cookie", "set-cookie", "name", "address"].map(
    (field) => field.toLowerCase(),
  ),
);
const isHiddenField = (field: string) => HIDDEN_FIELDS.has(field.toLowerCase()) || /^(client|payer)(name|address)$/i.test(field);

/** How deep a logged object is followed; deeper values are left out. */
const MAX_DEPTH = 6;

function loggableError(error: Error, depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  for (const [field, value] of Object.entries(error)) fields[field] ??= value;
  if (error.cause !== undefined) fields.cause = error.cause;
  return loggableFields(fields, depth);
}

function loggableValue(field: string, value: unknown, depth: number): unknown {
  if (isHiddenField(field)) return HIDDEN;
  if (typeof value === "string") return maskPersonalText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (value instanceof Error) return loggableError(value, depth + 1);
  if (Array.isArray(value)) return value.map((item) => loggableValue("", item, depth + 1));
  if (value instanceof Date) return value;
  return loggableFields(value as Record<string, unknown>, depth + 1);
}

/**
 * A log line's fields as they may be written: hidden fields replaced, every text masked (maskPersonalText), errors
 * turned into their type, message, stack and fields, and their cause, masked alike.
 */
export function loggableFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) shown[field] = loggableValue(field, value, depth);
  return shown;
}

// Route parameters whose value is a secret (a newsletter link's token, a callback address's secret): a log names the
// parameter, not its value.
const PRIVATE_PARAMETERS = new Set(["token", "secret"]);

/**
 * The path a request log line shows: the route's pattern with each parameter filled in (phones masked), except
 * secrets, which stay `:name`; the rest of an unmatched path (the not-found page's `*`) masked too. Never the query.
 */
export function loggablePath(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  const filled = pattern
    .split("/")
    .map((segment) => {
      const parameter = /^:(\w+)\??$/.exec(segment)?.[1];
      if (parameter === undefined) return segment;
      const value = params[parameter];
      if (value === undefined) return undefined;
      return PRIVATE_PARAMETERS.has(parameter) ? `:${parameter}` : maskPersonalText(value);
    })
    .filter((segment) => segment !== undefined)
    .join("/");
  if (!filled.endsWith("*")) return filled;
  const rest = params["*"] ?? "";
  return filled.slice(0, -1) + maskPersonalText(rest);
}
