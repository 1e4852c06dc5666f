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

const THIS_SHOP = "http://shop.invalid";

/**
 * A page of this shop to send a browser back to, from an address a form or a link carried ("/products?page=2"),
 * without its #part; undefined when the browser could end up anywhere else: another site, a protocol-relative
 * "//host", a backslash or a tab browsers read past, or a path such as "/.//host" that reads "//host" once its dot
 * segments are resolved. Judged on the address as a browser resolves it, and returned in that form.
 */
export function pageOnThisShop(address: string): string | undefined {
  if (!address.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(address, THIS_SHOP);
  } catch {
    return undefined;
  }
  if (url.origin !== THIS_SHOP || url.pathname.startsWith("//")) return undefined;
  return `${url.pathname}${url.search}`;
}
