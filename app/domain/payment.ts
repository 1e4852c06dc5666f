import { formatKsh } from "./money";
import { orderCode } from "./mpesa";

/** What placeholders in payment details are filled with. */
export type PaymentPlaceholders = { orderId: string; clientName: string };

const PLACEHOLDER = /\{\{(ORDER_ID|ORDER_CODE|CLIENT_NAME)\}\}/g;

/**
 * Fills every {{ORDER_ID}}, {{ORDER_CODE}} (the order's short code, its M-Pesa account number) and
 * {{CLIENT_NAME}} anywhere in the text. Replacement is one pass, so a client whose name contains a placeholder
 * or a '$' gets exactly that name.
 */
export function fillPlaceholders(text: string, values: PaymentPlaceholders): string {
  return text.replace(PLACEHOLDER, (_, name: string) =>
    name === "ORDER_ID" ? values.orderId : name === "ORDER_CODE" ? orderCode(values.orderId) : values.clientName,
  );
}

/** A link that opens the phone's dialler with a USSD code, e.g. "*334#" → "tel:*334%23" ('#' must be escaped). */
export function ussdDialLink(code: string): string {
  return `tel:${encodeURIComponent(code.trim())}`;
}

/**
 * The text the 'Copy Details' button copies: the method's name, each detail as "label: value" with the order's
 * placeholders filled, then the amount to pay.
 */
export function paymentDetailsText(
  method: { name: string; fields: readonly { label: string; value: string }[] },
  order: PaymentPlaceholders & { totalCents: number },
): string {
  const details = method.fields
    .filter((field) => field.label.trim() || field.value.trim())
    .map((field) => `${field.label.trim()}: ${fillPlaceholders(field.value, order).trim()}`);
  return [method.name.trim(), ...details, `Amount to pay: ${formatKsh(order.totalCents)}`].join("\n");
}
