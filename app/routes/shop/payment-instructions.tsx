import { OrderNotFound } from "~/components/shop/order-not-found";
import { data, Link } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { PaymentDetails } from "~/components/shop/payment-details";
import { buttonClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { StatusBadge } from "~/components/ui/status";
import { personalPageHeaders } from "~/domain/page-cache";
import { orderPayment } from "~/server/orders.server";
import type { Route } from "./+types/payment-instructions";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await orderPayment(params.orderId);
  // ARCHITECTURE: an unknown order shows 'Order not found.' (HTTP 404) with a link to /track.
  if (!found) return data({ order: null, payment: null }, { status: 404 });
  const { order, payment } = found;
  return {
    order: {
      id: order.id,
      trackingId: order.trackingId,
      status: order.status,
      totalCents: order.totalCents,
      clientName: order.clientName,
      clientAddress: order.clientAddress,
      lines: order.lines.map(({ name, size, color, quantity }) => ({ name, size, color, quantity })),
    },
    payment,
  };
}

// The page holds the shopper's name and address.
export const headers = personalPageHeaders;

export function meta({ data: page, matches }: Route.MetaArgs) {
  const title = page?.order ? "Thank you for your order" : "Order not found";
  return [{ title: `${title} | ${matches[1].data.storeName}` }, { name: "robots", content: "noindex" }];
}

export default function PaymentInstructions({ loaderData }: Route.ComponentProps) {
  // Staff confirming the payment shows here without a reload.
  const { order, payment } = loaderData;
  useLiveTopics(order ? ["orders"] : [], order ? [order.id] : []);

  if (!order) {
    return <OrderNotFound />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Thank You! Your Order is Placed.</h1>
      <p className="mt-3">We will prepare your order as soon as your payment arrives.</p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="your-order" className="h-fit rounded-2xl bg-clay-100 p-6 dark:bg-earth-900">
          <h2 id="your-order" className="font-display text-xl font-semibold">
            Your order
          </h2>
          <dl className="mt-4 space-y-2">
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>Order ID</dt>
              <dd className="font-semibold break-all">{order.id}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={order.status} />
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Total</dt>
              <dd className="font-semibold">
                <Price cents={order.totalCents} />
              </dd>
            </div>
          </dl>
          <ul className="mt-4 space-y-1 border-t border-clay-300 pt-4 text-sm dark:border-earth-700">
            {order.lines.map((line, index) => (
              <li key={index}>
                {line.name} × {line.quantity}
                {(line.size || line.color) && <> ({[line.size, line.color].filter(Boolean).join(", ")})</>}
              </li>
            ))}
          </ul>
          <h3 className="mt-4 font-semibold">Shipping to</h3>
          <p className="mt-1">
            <span className="block font-semibold">{order.clientName}</span>
            <span className="block whitespace-pre-line">{order.clientAddress}</span>
          </p>
        </section>

        <section aria-labelledby="how-to-pay" className="h-fit rounded-2xl border border-clay-300 p-6 dark:border-earth-700">
          <h2 id="how-to-pay" className="font-display text-xl font-semibold">
            How to pay
          </h2>
          <div className="mt-4">
            {payment ? (
              <PaymentDetails payment={payment} totalCents={order.totalCents} />
            ) : (
              <>
                <p className="font-semibold">Payment method not available.</p>
                <p className="mt-1">Please contact support.</p>
                <Link to="/#contact-us" className="mt-2 inline-block font-semibold underline underline-offset-4">
                  Contact us
                </Link>
              </>
            )}
          </div>
        </section>
      </div>

      <p className="mt-8">Once your payment is sent, your order status will change to &lsquo;Processing&rsquo;.</p>
      <Link to={`/track/${order.trackingId}`} className={buttonClass("primary", "mt-4")}>
        Check Order Status
      </Link>
    </div>
  );
}
