import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

/** The product.md §3 slug rule, as the tests see it: the name lowercased, non-word runs as hyphens. */
const slugPrefix = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\W+/g, "-")
    .replace(/^-+|-+$/g, "");

/** A sample product's slug and id, found the way a search engine would: through the sitemap. */
export async function sampleProduct(request: APIRequestContext, name: string) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const match = sitemap.match(new RegExp(`/product/(${slugPrefix(name)}-([a-z0-9]+))<`));
  if (!match) throw new Error(`${name} is not in the sitemap`);
  return { slug: match[1]!, id: match[2]! };
}

export type TestOrder = { orderId: string; trackingId: string };

/**
 * Places an order with a plain form post, as a browser without JavaScript would, and returns its ids
 * (read from the payment page's 'Check Order Status' link).
 */
export async function placeOrderOverHttp(
  request: APIRequestContext,
  order: {
    productName: string;
    size: string;
    color: string;
    quantity?: number;
    phone?: string;
    name?: string;
    address?: string;
    /** Ticks "Send me news and offers" (issue 25). */
    marketing?: boolean;
  },
): Promise<TestOrder> {
  const product = await sampleProduct(request, order.productName);
  const response = await request.post("/checkout", {
    form: {
      name: order.name ?? "Achieng Otieno",
      address: order.address ?? "Kimathi Street, Nairobi",
      phone: order.phone ?? "+254712345678",
      paymentMethod: "M-Pesa",
      bag: JSON.stringify([{ productId: product.id, size: order.size, color: order.color, quantity: order.quantity ?? 1 }]),
      idempotencyKey: randomUUID(),
      ...(order.marketing ? { marketing: "on" } : {}),
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  const orderId = response.headers().location!.split("/").pop()!;
  const page = await (await request.get(`/payment-instructions/${orderId}`)).text();
  const trackingId = page.match(/\/track\/(AFB[A-Z0-9]{9})/)?.[1];
  if (!trackingId) throw new Error("the payment page has no tracking link");
  return { orderId, trackingId };
}
