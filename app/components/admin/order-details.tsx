import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { PhoneField, TextArea, TextField } from "~/components/ui/field";
import { Thumbnail } from "~/components/ui/image";
import { OrderChargeRows } from "~/components/order-charges";
import { Price } from "~/components/ui/price";
import { ErrorMessage, LiveStatus, PaymentBadge, StatusBadge } from "~/components/ui/status";
import { useTimedFlag } from "~/components/ui/use-timed-flag";
import { fieldErrors } from "~/domain/form-errors";
import {
  CLIENT_ADDRESS_MAX_CHARS,
  CLIENT_DETAILS_SAVE_DELAY_MS,
  CLIENT_NAME_MAX_CHARS,
  type ClientDetailsProblems,
  ORDER_NOT_FOUND_MESSAGE,
} from "~/domain/order-admin";
import { clientDetailsSchema } from "~/domain/order-admin.schema";
import { shortOrderId } from "~/domain/order-id";
import type { OrderPaymentShown, PaymentRequestShown } from "~/domain/payments";
import { shopDateTime } from "~/domain/shop-time";
import type { AdminOrderDetails } from "~/server/order-admin.server";
import { ActivityTimeline, type TimelineEntry } from "./activity-timeline";
import { useOpeningKey, useOrderAction } from "./order-live";
import { OrderCollect } from "./order-collect";
import { CASH_PAYMENT_METHOD } from "~/domain/pay-on-delivery";
import { PaymentReminder } from "./order-payment-reminder";

/** product.md §4: success messages clear after 3 s. */
const SAVED_MS = 3_000;

export type SelectedOrder =
  | {
      kind: "found";
      order: AdminOrderDetails & { placedOn: string };
      timeline: readonly TimelineEntry[];
      payments: OrderPayments;
      timeZone: string;
      /** Whether M-Pesa Express is set up, so staff may send a prompt ('Request M-Pesa payment'). */
      mpesaExpress: boolean;
      /** Whether SMS is set up, so staff may send a payment reminder. */
      paymentReminders: boolean;
    }
  | { kind: "missing" }
  | null;

type OrderPayments = { payments: readonly OrderPaymentShown[]; requests: readonly PaymentRequestShown[] };

/**
 * The order's payments (issue 11): the ledger's rows, with why one did not pay the order, and the M-Pesa Express
 * requests sent to the shopper's phone, newest first.
 */
function OrderPaymentsSection({ payments, requests, timeZone }: OrderPayments & { timeZone: string }) {
  const when = (at: Date) => <time dateTime={at.toISOString()}>{shopDateTime(at, timeZone)}</time>;
  return (
    <section aria-labelledby="order-payments" className="space-y-3">
      <h3 id="order-payments" className="font-display text-lg font-semibold">
        Payments
      </h3>
      {payments.length === 0 ? (
        <p className="text-sm text-earth-700 dark:text-clay-200">No payments received yet.</p>
      ) : (
        <ul aria-labelledby="order-payments" className="divide-y divide-clay-200 text-sm dark:divide-earth-800">
          {payments.map((payment) => (
            <li key={payment.id} className="py-2">
              <p className="flex flex-wrap justify-between gap-x-4">
                <span className="font-semibold">{payment.method === CASH_PAYMENT_METHOD ? "Paid in cash" : `M-Pesa receipt ${payment.receipt}`}</span>
                <Price cents={payment.amountCents} className="font-semibold" />
              </p>
              <p className="text-earth-700 dark:text-clay-200">
                {payment.method}
                {payment.phoneMasked && ` · ${payment.phoneMasked}`} · {when(payment.paidAt)}
              </p>
              {payment.note && <p className="font-medium text-amber-900 dark:text-amber-200">{payment.note}</p>}
            </li>
          ))}
        </ul>
      )}
      {requests.length > 0 && (
        <>
          <h4 id="order-payment-requests" className="font-semibold">
            M-Pesa Express requests
          </h4>
          <ul aria-labelledby="order-payment-requests" className="divide-y divide-clay-200 text-sm dark:divide-earth-800">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span>
                  {when(request.requestedAt)} · {request.phoneMasked} · <Price cents={request.amountCents} />
                </span>
                <span className="font-semibold">{request.state}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const CLIENT_FIELDS = { name: "clientName", address: "clientAddress", phone: "clientPhone" } as const;

/**
 * The client's details, saved 500 ms after typing stops (product.md §2, §9) once they pass the rules of product.md §5;
 * `flushRef` saves at once what is still waiting (the dialog calls it when it closes). Each save names the
 * version of the details its text is based on, and is refused if a colleague changed them since (decision 031).
 */
function ClientDetailsForm({ order, flushRef }: { order: AdminOrderDetails; flushRef: RefObject<(() => void) | null> }) {
  const { fetcher, submit } = useOrderAction(useOpeningKey("order-client"));
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the browser's own check found at the last save; null once the details went to the server.
  const [checked, setChecked] = useState<ClientDetailsProblems | null>(null);
  const [saved, showSaved] = useTimedFlag(SAVED_MS);
  // The version the typed text is based on: the one the dialog opened with, then the one each of its own saves
  // returned. The list reloading under the form (live updates) must not change it, or a save would overwrite a
  // colleague's correction unseen.
  const basedOn = useRef(order.clientDetailsVersion);
  // Inputs typed so far, those the last save sent, and those the server has accepted.
  const edits = useRef({ typed: 0, sent: 0, accepted: 0 });

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!form.current) return;
    const fields = new FormData(form.current);
    const details = {
      name: String(fields.get("name") ?? ""),
      address: String(fields.get("address") ?? ""),
      phone: String(fields.get("phone") ?? ""),
    };
    // The server's own schema, so the dialog refuses exactly what the action would.
    const parsed = clientDetailsSchema.safeParse(details);
    if (!parsed.success) {
      setChecked(fieldErrors(parsed.error));
      return;
    }
    setChecked(null);
    edits.current.sent = edits.current.typed;
    submit({ intent: "client", id: order.id, ...details, clientDetailsVersion: String(basedOn.current) });
  }, [order.id, submit]);

  useEffect(() => {
    flushRef.current = () => {
      if (timer.current !== undefined) save();
    };
    return () => {
      flushRef.current = null;
    };
  }, [flushRef, save]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer?.ok) return;
    basedOn.current = answer.clientDetailsVersion;
    edits.current.accepted = edits.current.sent;
    showSaved();
  }, [answer, showSaved]);

  // A colleague's correction shows here while nothing typed here is waiting, and later typing builds on it.
  const idle = fetcher.state === "idle";
  useEffect(() => {
    const untouched = edits.current.typed === edits.current.accepted && timer.current === undefined;
    if (!idle || !untouched || order.clientDetailsVersion <= basedOn.current || !form.current) return;
    for (const [field, column] of Object.entries(CLIENT_FIELDS)) {
      const control = form.current.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null;
      if (control && control.value !== order[column]) control.value = order[column];
    }
    basedOn.current = order.clientDetailsVersion;
  }, [idle, order]);
  const refusal = checked
    ? { problems: checked, message: "Not saved. Please correct the details above." }
    : answer && !answer.ok
      ? { problems: answer.fields as ClientDetailsProblems, message: `Not saved. ${answer.error}` }
      : null;
  const problems = refusal?.problems ?? {};

  const busy = fetcher.state === "submitting";
  return (
    <form
      ref={form}
      noValidate
      className="space-y-4"
      onInput={() => {
        edits.current.typed++;
        clearTimeout(timer.current);
        timer.current = setTimeout(save, CLIENT_DETAILS_SAVE_DELAY_MS);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <TextField
        label="Full Name"
        name="name"
        defaultValue={order.clientName}
        maxLength={CLIENT_NAME_MAX_CHARS}
        required
        autoComplete="off"
        error={problems.name}
      />
      <TextArea
        label="Address"
        name="address"
        rows={2}
        defaultValue={order.clientAddress}
        maxLength={CLIENT_ADDRESS_MAX_CHARS}
        required
        error={problems.address}
      />
      <PhoneField defaultValue={order.clientPhone} required autoComplete="off" error={problems.phone} />
      <ErrorMessage>{refusal?.message}</ErrorMessage>
      <LiveStatus className="min-h-5 text-sm font-semibold text-green-800 dark:text-green-300">
        {busy ? "Saving..." : saved ? "Saved!" : ""}
      </LiveStatus>
    </form>
  );
}

function OrderSummary({ order }: { order: AdminOrderDetails & { placedOn: string } }) {
  const row = "flex flex-wrap items-center justify-between gap-2 py-2";
  return (
    <dl className="divide-y divide-clay-200 text-sm dark:divide-earth-800">
      <div className={row}>
        <dt className="font-semibold">Placed on</dt>
        <dd>{order.placedOn}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">Status</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">Payment</dt>
        <dd className="flex items-center gap-2">
          <PaymentBadge status={order.paymentStatus} />
          <span>{order.paymentMethod}</span>
        </dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">Tracking ID</dt>
        <dd className="font-mono">{order.trackingId}</dd>
      </div>
      {order.rider && (
        <div className={row}>
          <dt className="font-semibold">Rider</dt>
          <dd>{`${order.rider.name} (${order.rider.phone})`}</dd>
        </div>
      )}
    </dl>
  );
}

/** The order details dialog (product.md §2): summary, items, payments, and the client's details, editable. */
export function OrderDetailsDialog({ selected, onClose }: { selected: SelectedOrder; onClose: () => void }) {
  const flushRef = useRef<(() => void) | null>(null);
  const found = selected?.kind === "found" ? selected : null;
  const order = found?.order ?? null;
  return (
    <Dialog
      open={selected !== null}
      onClose={() => {
        flushRef.current?.();
        onClose();
      }}
      title={order ? `Order #${shortOrderId(order.id)}` : "Order not found"}
      className="sm:w-[min(100%-2rem,44rem)]"
    >
      {found && order ? (
        <div className="space-y-6">
          <OrderSummary order={order} />
          {order.payOnDelivery && <OrderCollect order={order} mpesaExpress={found.mpesaExpress} />}
          {found.paymentReminders && <PaymentReminder order={order} />}
          <section aria-labelledby="order-items">
            <h3 id="order-items" className="font-display text-lg font-semibold">
              Items
            </h3>
            <ul className="mt-2 divide-y divide-clay-200 dark:divide-earth-800">
              {order.lines.map((line, index) => (
                <li key={index} className="flex items-center gap-3 py-3">
                  <Thumbnail url={line.image} width={56} height={56} className="size-14" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{line.name}</p>
                    <p className="text-sm text-earth-700 dark:text-clay-200">
                      {[line.size && `Size: ${line.size}`, line.color && `Colour: ${line.color}`].filter(Boolean).join(" · ")}
                    </p>
                  </div>
                  <p className="text-sm whitespace-nowrap">
                    {line.quantity} × <Price cents={line.unitPriceCents} />
                  </p>
                </li>
              ))}
            </ul>
            <dl className="mt-2 space-y-1 border-t border-clay-200 pt-3 dark:border-earth-800">
              <OrderChargeRows order={order} rowClassName="flex justify-between gap-4" totalClassName="font-semibold" />
            </dl>
          </section>
          <OrderPaymentsSection {...found.payments} timeZone={found.timeZone} />
          <section aria-labelledby="client-details">
            <h3 id="client-details" className="mb-3 font-display text-lg font-semibold">
              Client details
            </h3>
            <ClientDetailsForm key={order.id} order={order} flushRef={flushRef} />
          </section>
          <section aria-labelledby="order-activity">
            <h3 id="order-activity" className="mb-3 font-display text-lg font-semibold">
              Activity
            </h3>
            <ActivityTimeline entries={found.timeline} timeZone={found.timeZone} labelledBy="order-activity" />
          </section>
        </div>
      ) : (
        <ErrorMessage>{ORDER_NOT_FOUND_MESSAGE}</ErrorMessage>
      )}
    </Dialog>
  );
}
