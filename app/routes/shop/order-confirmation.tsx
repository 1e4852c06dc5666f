import { OrderNotFound } from "~/components/shop/order-not-found";
import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { StatusBadge } from "~/components/ui/status";
import { personalPageHeaders } from "~/domain/page-cache";
import { orderById } from "~/server/orders.server";
import type { Route } from "./+types/order-confirmation";

export async function loader({ params }: Route.LoaderArgs) {
  const order = await orderById(params.orderId);
  if (!order) return data({ order: null }, { status: 404 });
  return { order: { id: order.id, trackingId: order.trackingId, status: order.status, totalCents: order.totalCents } };
}

export const headers = personalPageHeaders;

export function meta({ data: page, matches }: Route.MetaArgs) {
  const title = page?.order ? "Order confirmed" : "Order not found";
  return [{ title: `${title} | ${matches[1].data.storeName}` }, { name: "robots", content: "noindex" }];
}

/** product.md §2 lists this page without showing it: a short confirmation pointing to payment and tracking. */
export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) {
    return <OrderNotFound />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-semibold">Your order is confirmed</h1>
      <p className="mt-4 break-all">
        Order ID: <span className="font-semibold">{order.id}</span>
      </p>
      <p className="mt-2 flex items-center justify-center gap-3">
        <StatusBadge status={order.status} />
        <Price cents={order.totalCents} className="font-semibold" />
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/payment-instructions/${order.id}`} className={buttonClass("primary")}>
          Payment Instructions
        </Link>
        <Link to={`/track/${order.trackingId}`} className={buttonClass("secondary")}>
          Check Order Status
        </Link>
      </div>
    </div>
  );
}
