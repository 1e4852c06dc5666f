import { OrderNotFound } from "~/components/shop/order-not-found";
import { data, Link, redirect } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { PayNow } from "~/components/shop/pay-now";
import { PaymentDetails } from "~/components/shop/payment-details";
import { buttonClass } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status";
import { PAY_NOW_PHONE_MESSAGE, payNowSchema } from "~/domain/mpesa.schema";
import { isPayable } from "~/domain/order-status";
import { payOnDeliveryText } from "~/domain/pay-on-delivery";
import { personalPageHeaders } from "~/domain/page-cache";
import { MPESA_DOWN_MESSAGE, resendWaitMessage, tooManyPromptsMessage } from "~/domain/pay-now";
import { mpesaSettings } from "~/server/daraja.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "~/server/form.server";
import { orderPayment } from "~/server/orders.server";
import { payNowState, requestPayment } from "~/server/payments.server";
import { readSiteDocument } from "~/server/site-documents.server";
import { OrderChargeRows } from "~/components/order-charges";
import type { Route } from "./+types/payment-instructions";
import type { ShopPageHandle } from "./layout";

export async function loader({ params }: Route.LoaderArgs) {
  const mpesa = mpesaSettings();
  const [found, payNow] = await Promise.all([orderPayment(params.orderId), mpesa ? payNowState(params.orderId) : null]);
  // ARCHITECTURE: an unknown order shows 'Order not found.' (HTTP 404) with a link to /track.
  if (!found) return data({ order: null, payment: null, payNow: null }, { status: 404 });
  const { order, payment } = found;
  // M-Pesa Express is offered while the order can still be paid; a paid request still shows its receipt.
  const payable = isPayable(order);
  return {
    order: {
      id: order.id,
      trackingId: order.trackingId,
      status: order.status,
      totalCents: order.totalCents,
      delivery: order.delivery,
      deliveryFeeCents: order.deliveryFeeCents,
      discountCents: order.discountCents,
      discounts: order.discounts,
      payOnDelivery: order.payOnDelivery,
      clientName: order.clientName,
      clientAddress: order.clientAddress,
      lines: order.lines.map(({ name, size, color, quantity }) => ({ name, size, color, quantity })),
    },
    payment,
    payNow: payNow && (payable || payNow.status?.kind === "paid") ? { phone: order.clientPhone, ...payNow } : null,
  };
}

/** 'Pay now with M-Pesa': sends an M-Pesa Express request, then shows this page again with its state. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const mpesa = mpesaSettings();
  if (!mpesa) return data({ error: undefined, problem: "M-Pesa Express is not available.", phone: "" }, { status: 404 });
  const fields = formFields(await request.formData());
  const parsed = payNowSchema.safeParse(fields);
  const phone = fields.phone ?? "";
  if (!parsed.success) return data({ error: fieldErrors(parsed.error).phone, problem: undefined, phone }, { status: 400 });
  const { storeName } = await readSiteDocument("settings");
  const result = await requestPayment(mpesa, { orderId: params.orderId, phone: parsed.data.phone, clientAddress: context.clientAddress, storeName });
  if (result.ok) return redirect(`/payment-instructions/${params.orderId}`, 303);
  const refused = (problem: string, status: number, headers?: HeadersInit) => data({ error: undefined, problem, phone }, { status, headers });
  switch (result.problem) {
    case "order-missing":
      return refused("Order not found.", 404);
    case "not-payable":
      return refused("This order is already paid or cancelled.", 409);
    case "phone":
      return data({ error: PAY_NOW_PHONE_MESSAGE, problem: undefined, phone }, { status: 400 });
    case "wait":
      return refused(resendWaitMessage(result.seconds), 429);
    case "too-many":
      return refused(tooManyPromptsMessage(result.retryAfterSeconds), 429, { "Retry-After": String(result.retryAfterSeconds) });
    case "mpesa-down":
      return refused(MPESA_DOWN_MESSAGE, 503);
  }
}

// The page holds the shopper's name and address.
export const headers = personalPageHeaders;

export function meta({ data: page, matches }: Route.MetaArgs) {
  const title = page?.order ? "Thank you for your order" : "Order not found";
  return [{ title: `${title} | ${matches[1].data.storeName}` }, { name: "robots", content: "noindex" }];
}

// Nothing here may sit under the floating contact button (issue 23).
export const handle: ShopPageHandle = { contactButtonAtPageEnd: true };

export default function PaymentInstructions({ loaderData, actionData }: Route.ComponentProps) {
  // Staff confirming the payment, and M-Pesa's answer to a request, show here without a reload.
  const { order, payment, payNow } = loaderData;
  useLiveTopics(order ? ["orders"] : [], order ? [order.id] : []);

  if (!order) {
    return <OrderNotFound />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Thank You! Your Order is Placed.</h1>
      <p className="mt-3">
        {order.payOnDelivery ? "We will prepare your order and bring it to you." : "We will prepare your order as soon as your payment arrives."}
      </p>

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
            <OrderChargeRows order={order} rowClassName="flex justify-between gap-4" totalClassName="font-semibold" />
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
          {payNow && (
            <div className="mt-4 border-b border-clay-300 pb-5 dark:border-earth-700">
              <PayNow view={payNow} refusal={actionData} />
            </div>
          )}
          <div className="mt-4">
            {order.payOnDelivery ? (
              <p className="font-semibold">{payOnDeliveryText(order.totalCents)}</p>
            ) : payment ? (
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

      {!order.payOnDelivery && <p className="mt-8">Once your payment is sent, your order status will change to &lsquo;Processing&rsquo;.</p>}
      <Link to={`/track/${order.trackingId}`} className={buttonClass("primary", "mt-4")}>
        Check Order Status
      </Link>
    </div>
  );
}
