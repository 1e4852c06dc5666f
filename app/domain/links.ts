import { phoneDigits } from "./phone";

/** The floating contact button's pre-filled chat message: a fixed question about products (product.md §7). */
export const FAB_GREETING = "Hello! I'd like to ask about your products.";

/** A chat link to a phone number (digits only) with a pre-filled message (product.md §7). */
export function chatLink(phone: string, text: string): string {
  const base = `https://wa.me/${phoneDigits(phone)}`;
  return text === "" ? base : `${base}?text=${encodeURIComponent(text)}`;
}

/** A link that calls a phone number in international form (product.md §7). */
export function telLink(phone: string): string {
  return `tel:+${phoneDigits(phone)}`;
}

/** The absolute address of an order's tracking page, to send to the client (product.md §2 Tracking). */
export function trackingUrl(origin: string, trackingId: string): string {
  return `${origin.replace(/\/+$/, "")}/track/${encodeURIComponent(trackingId)}`;
}
