import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { OrdersExport } from "~/components/admin/export-dialog";
import { ArchiveDialog } from "~/components/admin/order-archive";
import { OrderDetailsDialog } from "~/components/admin/order-details";
import { OrderListsNav } from "~/components/admin/order-lists-nav";
import { DispatchDialog } from "~/components/admin/order-dispatch";
import { type OrderAnswer, OwnChangesProvider, useLiveHighlights } from "~/components/admin/order-live";
import { OrderTable } from "~/components/admin/order-table";
import { EmptyState } from "~/components/admin/table";
import { LiveStatus } from "~/components/ui/status";
import { chatLink } from "~/domain/links";
import { staffActor } from "~/domain/audit";
import { changedMeanwhileMessage } from "~/domain/edit-version";
import {
  groupByShopDate,
  noOrdersMessage,
  notEnoughStockMessage,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderTab,
  orderListHref,
  orderTabFrom,
  pageCountFor,
  pageFrom,
  RIDER_NOT_FOUND_MESSAGE,
} from "~/domain/order-admin";
import { orderActionSchema } from "~/domain/order-admin.schema";
import { normaliseOrderId } from "~/domain/order-id";
import { orderPaymentsShown } from "~/domain/payments";
import { longShopDate } from "~/domain/report-period";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { timelineOf } from "~/server/audit.server";
import { config, shopOrigin } from "~/server/config.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "~/server/form.server";
import {
  adminOrderDetails,
  adminOrders,
  type DispatchResult,
  dispatchOrder,
  dispatchRiders,
  type OrderWriteResult,
  setOrderArchived,
  setOrderStatus,
  updateClientDetails,
} from "~/server/order-admin.server";
import { paymentsOfOrder, unmatchedPaymentCount } from "~/server/payments.server";
import { sendPaymentReminder } from "~/server/payment-reminders.server";
import { NO_SMS_PROVIDER_MESSAGE } from "~/domain/payment-reminders";
import { collectOnDelivery } from "~/server/pay-on-delivery.server";
import { collectRefusal } from "~/domain/pay-on-delivery";
import type { Route } from "./+types/orders";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("order")?.trim();
  // The order, its timeline and its payments are read together, and with the count of unmatched payments.
  const [[details, timeline, ledger], unmatchedCount] = await Promise.all([
    wanted
      ? Promise.all([adminOrderDetails(wanted), timelineOf("order", normaliseOrderId(wanted)), paymentsOfOrder(wanted)])
      : ([undefined, [], { payments: [], requests: [] }] as const),
    unmatchedPaymentCount(),
  ]);
  // A link to one order (reports, search) opens it on whichever tab holds it (decision 014).
  const tab: OrderTab = details ? (details.isArchived ? "archived" : "active") : orderTabFrom(url.searchParams.get("tab"));
  const asked = pageFrom(url.searchParams.get("page"), Number.POSITIVE_INFINITY);
  let list = await adminOrders(tab, asked);
  const pageCount = pageCountFor(list.total);
  const page = Math.min(asked, pageCount);
  if (page !== asked) list = await adminOrders(tab, page);

  const { timeZone } = config();
  const now = new Date();
  const selected = details
    ? {
        kind: "found" as const,
        order: { ...details, placedOn: longShopDate(details.orderDate, timeZone) },
        timeline,
        payments: orderPaymentsShown(ledger, details.totalCents),
        timeZone,
        mpesaExpress: config().mpesa !== undefined,
        paymentReminders: config().sms !== undefined,
      }
    : wanted
      ? { kind: "missing" as const }
      : null;
  return data(
    {
      tab,
      page,
      pageCount,
      groups: groupByShopDate(list.orders, now, timeZone),
      riders: await dispatchRiders(),
      origin: shopOrigin(request),
      selected,
      unmatchedCount,
    },
    { status: selected?.kind === "missing" ? 404 : 200 },
  );
}

const refused = (status: number, error: string, fields: Record<string, string> = {}) =>
  data<OrderAnswer>({ ok: false, error, fields }, { status });

/** A refused change, in words: 404 for an order that is gone, 409 for one that changed under the request. */
function refusal(result: Exclude<OrderWriteResult | DispatchResult, { ok: true }>) {
  switch (result.problem) {
    case "order-missing":
      return refused(404, ORDER_NOT_FOUND_MESSAGE);
    case "rider-missing":
      return refused(404, RIDER_NOT_FOUND_MESSAGE);
    case "changed-meanwhile":
      return refused(409, changedMeanwhileMessage("clientDetails"));
    case "short-of-stock":
      return refused(409, notEnoughStockMessage(result.productName, result.available));
  }
}

function answered(id: string, result: OrderWriteResult) {
  if (!result.ok) return refusal(result);
  return data<OrderAnswer>({ ok: true, id, version: result.version, clientDetailsVersion: result.clientDetailsVersion, dispatched: null });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const parsed = orderActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return refused(400, parsed.error.issues[0]!.message, fieldErrors(parsed.error));
  const input = parsed.data;
  switch (input.intent) {
    case "status":
      return answered(input.id, await setOrderStatus(input.id, { status: input.status }, actor));
    case "payment":
      return answered(input.id, await setOrderStatus(input.id, { paymentStatus: input.paymentStatus }, actor));
    case "client":
      return answered(input.id, await updateClientDetails(input.id, input, input.clientDetailsVersion, actor));
    case "archive":
      return answered(input.id, await setOrderArchived(input.id, true, actor));
    case "restore":
      return answered(input.id, await setOrderArchived(input.id, false, actor));
    case "remind": {
      if (!config().sms) return refused(409, NO_SMS_PROVIDER_MESSAGE);
      const result = await sendPaymentReminder(input.id, actor);
      if (!result.ok) return refused(result.status, result.message);
      return data<OrderAnswer>({ ok: true, id: input.id, version: result.version, clientDetailsVersion: result.clientDetailsVersion, dispatched: null });
    }
    case "paid-in-cash":
    case "request-mpesa": {
      const result = await collectOnDelivery(input, actor, context.clientAddress);
      if (!result.ok) {
        const { status, message } = collectRefusal(result, ORDER_NOT_FOUND_MESSAGE);
        return refused(status, message);
      }
      return answered(input.id, result);
    }
    case "dispatch": {
      const result = await dispatchOrder(input.id, input.riderId, actor);
      if (!result.ok) return refusal(result);
      return data<OrderAnswer>({
        ok: true,
        id: input.id,
        version: result.version,
        clientDetailsVersion: result.clientDetailsVersion,
        dispatched: { riderName: result.rider.name, chatLink: chatLink(result.rider.phone, result.message) },
      });
    }
  }
}

type Acting = { mode: "dispatch" | "archive"; orderId: string } | null;

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <OwnChangesProvider>
      <OrdersPage {...loaderData} />
    </OwnChangesProvider>
  );
}

function OrdersPage({ tab, page, pageCount, groups, riders, origin, selected, unmatchedCount }: Route.ComponentProps["loaderData"]) {
  const navigate = useNavigate();
  const [acting, setActing] = useState<Acting>(null);
  // Each dialog opening gets a fresh fetcher, so it never shows an earlier answer.
  const [opening, setOpening] = useState(0);
  const act = (next: Exclude<Acting, null>) => {
    setOpening((n) => n + 1);
    setActing(next);
  };
  const orders = groups.flatMap((group) => group.orders);
  const { highlights, announcement } = useLiveHighlights(orders, `${tab}:${page}`, page === 1);

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <OrdersExport />
      </div>
      <OrderListsNav current={tab} unmatchedCount={unmatchedCount} />

      {/* The rows show it with their highlight; screen readers hear it. */}
      <LiveStatus className="sr-only">{announcement}</LiveStatus>

      {orders.length === 0 ? (
        <EmptyState>{noOrdersMessage(tab)}</EmptyState>
      ) : (
        <OrderTable
          groups={groups}
          tab={tab}
          origin={origin}
          detailsHref={(orderId) => orderListHref(tab, page, orderId)}
          highlights={highlights}
          onDispatch={(order) => act({ mode: "dispatch", orderId: order.id })}
          onArchive={(order) => act({ mode: "archive", orderId: order.id })}
        />
      )}

      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
          {page > 1 ? (
            <Link to={orderListHref(tab, page - 1)} className="font-semibold hover:underline">
              Newer orders
            </Link>
          ) : (
            <span />
          )}
          <span>{`Page ${page} of ${pageCount}`}</span>
          {page < pageCount ? (
            <Link to={orderListHref(tab, page + 1)} className="font-semibold hover:underline">
              Older orders
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}

      <OrderDetailsDialog
        selected={selected}
        onClose={() => void navigate(orderListHref(tab, page), { preventScrollReset: true, replace: true })}
      />
      <DispatchDialog
        orderId={acting?.mode === "dispatch" ? acting.orderId : null}
        opening={opening}
        riders={riders}
        onClose={() => setActing(null)}
      />
      <ArchiveDialog orderId={acting?.mode === "archive" ? acting.orderId : null} opening={opening} onClose={() => setActing(null)} />
    </div>
  );
}
