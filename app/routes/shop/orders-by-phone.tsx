import { Icon } from "~/components/ui/icon";
import { data, Link, redirect } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { seoMeta } from "~/components/seo";
import { buttonClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { ErrorMessage, StatusBadge } from "~/components/ui/status";
import { personalPageHeaders } from "~/domain/page-cache";
import { phoneOrders } from "~/server/tracking.server";
import type { Route } from "./+types/orders-by-phone";
import type { ShopPageHandle } from "./layout";

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = matches[1]?.loaderData;
  return seoMeta({
    title: `Your Orders | ${layout?.storeName ?? "Duka"}`,
    description: "Every order placed with your phone number, and where each one is.",
    origin: layout?.origin ?? "",
    path: `/orders-by-phone/${params.phone ?? ""}`,
    noindex: true,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  // product.md §2: no phone, nothing to look up.
  if (!params.phone?.trim()) throw redirect("/track");
  const result = await phoneOrders(params.phone, context.clientAddress);
  if (result.kind === "rate-limited") {
    return data(
      { orders: [], problem: result.message },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return { orders: result.orders, problem: null };
}

// The page lists the orders of one phone number, which its address names.
export const headers = personalPageHeaders;

// Nothing here may sit under the floating contact button (issue 23).
export const handle: ShopPageHandle = { contactButtonAtPageEnd: true };

export default function OrdersByPhone({ loaderData }: Route.ComponentProps) {
  const { orders, problem } = loaderData;
  useLiveTopics(
    orders.length > 0 ? ["orders"] : [],
    orders.map((order) => order.trackingId),
  );

  if (orders.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-semibold">Your Orders</h1>
        {problem ? <ErrorMessage className="mt-4">{problem}</ErrorMessage> : <p className="mt-4">No orders found for this phone number.</p>}
        <Link to="/track" className={buttonClass("primary", "mt-8")}>
          Try Again
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-4xl font-semibold">Your Orders</h1>
      <ul className="mt-8 space-y-4">
        {orders.map((order) => (
          <li key={order.trackingId}>
            <Link
              to={`/track/${order.trackingId}`}
              className="flex items-center gap-4 rounded-2xl border border-clay-200 p-5 hover:border-clay-500 hover:bg-clay-100/60 dark:border-earth-800 dark:hover:border-ochre-400 dark:hover:bg-earth-900"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold">Order #{order.orderNumber}</p>
                <p className="mt-1 text-sm text-earth-700 dark:text-clay-200">Placed on {order.placedOn}</p>
                <p className="mt-3 flex flex-wrap items-center gap-3">
                  <StatusBadge status={order.status} />
                  <Price cents={order.totalCents} className="font-semibold" />
                </p>
              </div>
              <Icon name="chevron-right" className="size-5 shrink-0" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
