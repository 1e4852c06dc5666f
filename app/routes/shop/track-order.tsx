import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { data, Link } from "react-router";
import { useLiveTopics } from "~/components/live-sync";
import { seoMeta } from "~/components/seo";
import { TrackTimeline } from "~/components/shop/track-timeline";
import { buttonClass } from "~/components/ui/button";
import { Thumbnail } from "~/components/ui/image";
import { Price } from "~/components/ui/price";
import { ErrorMessage, StatusBadge } from "~/components/ui/status";
import { personalPageHeaders } from "~/domain/page-cache";
import { orderToTrack, trackedOrder } from "~/server/tracking.server";
import { OrderChargeRows } from "~/components/order-charges";
import type { Route } from "./+types/track-order";
import type { ShopPageHandle } from "./layout";

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const layout = matches[1]?.loaderData;
  const title =
    loaderData?.kind === "found"
      ? `Order ${loaderData.order.trackingId}`
      : loaderData?.kind === "unknown"
        ? "Invalid Tracking ID"
        : "Track Your Order";
  return seoMeta({
    title: `${title} | ${layout?.storeName ?? "Duka"}`,
    description: "Where your order is, from payment to delivery.",
    origin: layout?.origin ?? "",
    path: `/track/${params.trackingId}`,
    noindex: true,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = context.lookupCounted ? await orderToTrack(params.trackingId) : await trackedOrder(params.trackingId, context.clientAddress);
  if (result.kind === "unknown") return data({ kind: "unknown" as const }, { status: 404 });
  if (result.kind === "rate-limited") {
    return data(
      { kind: "rate-limited" as const, message: result.message },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return { kind: "found" as const, order: result.order };
}

// The page is about one order. The shop keeps it per tracking id (decision 026); no browser or proxy may.
export const headers = personalPageHeaders;

/** One fact about the order, under its label. */
function Detail({ label, className = "font-semibold", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-earth-700 dark:text-clay-200">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

function TrackSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// Nothing here may sit under the floating contact button (issue 23).
export const handle: ShopPageHandle = { contactButtonAtPageEnd: true };

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  // Staff moving the order along shows here without a reload.
  useLiveTopics(loaderData.kind === "found" ? ["orders"] : [], loaderData.kind === "found" ? [loaderData.order.trackingId] : []);

  if (loaderData.kind !== "found") {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        {loaderData.kind === "unknown" ? (
          <>
            <h1 className="font-display text-3xl font-semibold">Invalid Tracking ID.</h1>
            <p className="mt-4">Please check the tracking ID and try again.</p>
          </>
        ) : (
          <>
            <h1 className="font-display text-3xl font-semibold">Please wait a moment</h1>
            <ErrorMessage className="mt-4">{loaderData.message}</ErrorMessage>
          </>
        )}
        <Link to="/track" className={buttonClass("primary", "mt-8")}>
          Try Again
        </Link>
      </div>
    );
  }

  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-4xl font-semibold">Track Your Order</h1>
      <dl className="mt-6 grid gap-x-8 gap-y-4 rounded-2xl border border-clay-200 p-5 sm:grid-cols-2 dark:border-earth-800">
        <Detail label="Tracking ID" className="font-mono font-semibold tracking-wider">
          {order.trackingId}
        </Detail>
        <Detail label="Placed on">{order.placedOn}</Detail>
        <Detail label="Status" className="mt-1">
          <StatusBadge status={order.status} />
        </Detail>
        <Detail label="Phone">{order.maskedPhone}</Detail>
        {order.riderName && <Detail label="Rider">{order.riderName}</Detail>}
      </dl>

      <TrackSection id="progress-heading" title="Progress">
        <div className="mt-5">
          {order.timeline.cancelled ? (
            <div className="flex items-center gap-3 rounded-2xl border border-red-700/40 bg-red-50 px-5 py-4 text-red-900 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-100">
              <Icon name="ban" className="size-6 shrink-0" />
              <p className="text-lg font-semibold">Order Cancelled</p>
            </div>
          ) : (
            <TrackTimeline steps={order.timeline.steps} />
          )}
        </div>
      </TrackSection>

      <TrackSection id="items-heading" title="Items">
        <ul className="mt-4 divide-y divide-clay-200 dark:divide-earth-800">
          {order.items.map((item, index) => (
            <li key={index} className="flex items-center gap-4 py-4">
              <Thumbnail url={item.image} width={64} height={80} className="h-20 w-16" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.name}</p>
                <p className="text-sm text-earth-700 dark:text-clay-200">{[item.size, item.color].filter(Boolean).join(" · ")}</p>
              </div>
              <p className="text-right text-sm">
                {item.quantity} × <Price cents={item.unitPriceCents} />
              </p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-clay-300 pt-4 dark:border-earth-700">
          <OrderChargeRows order={order} rowClassName="flex justify-between gap-4" totalClassName="text-lg font-semibold" />
        </dl>
      </TrackSection>
    </div>
  );
}
