import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { ErrorMessage } from "~/components/ui/status";
import { formatKsh } from "~/domain/money";
import { orderListHref } from "~/domain/order-admin";
import { shopDateTime } from "~/domain/shop-time";
import {
  attachedMessage,
  dismissConfirmation,
  dismissedMessage,
  ORDER_REF_LABEL,
  ORDER_REF_MAX_CHARS,
  orderLabel,
  type UnmatchedPaymentShown,
} from "~/domain/unmatched-payments";
import { UNMATCHED_PAYMENTS_PATH } from "./order-lists-nav";

/** What the page's action answers: done, or why not (`orderRef` beside the field, `form` for the payment). */
export type SettleAnswer = { ok: true } | { ok: false; errors: { orderRef?: string; form?: string } };

/**
 * One payment waiting for staff: what M-Pesa reported, why the shop did not apply it, and a form to attach it to
 * an order (by its ID or account number). A refusal keeps what was typed and says why.
 */
export function UnmatchedPaymentItem({
  payment,
  timeZone,
  onSettled,
  onDismiss,
}: {
  payment: UnmatchedPaymentShown;
  timeZone: string;
  /** Told once what was done; the row leaves the list as the page reloads it. */
  onSettled: (message: string) => void;
  onDismiss: () => void;
}) {
  const fetcher = useFetcher<SettleAnswer>({ key: `attach-payment-${payment.id}` });
  const answer = fetcher.data;
  const attaching = fetcher.state === "submitting";
  // The order as typed, for the message once it is attached.
  const typed = useRef("");
  useEffect(() => {
    if (answer?.ok) onSettled(attachedMessage(payment.receipt, typed.current));
  }, [answer, onSettled, payment.receipt]);
  const errors = answer && !answer.ok ? answer.errors : {};
  const detail = "flex flex-wrap gap-x-2";

  return (
    <li className="space-y-3 rounded-2xl border border-clay-200 p-4 dark:border-earth-800">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 className="font-display text-lg font-semibold">{`M-Pesa receipt ${payment.receipt}`}</h2>
        <Price cents={payment.amountCents} className="text-lg font-semibold" />
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div className={detail}>
          <dt className="font-semibold">Paid at</dt>
          <dd>
            <time dateTime={payment.paidAt.toISOString()}>{shopDateTime(payment.paidAt, timeZone)}</time>
          </dd>
        </div>
        <div className={detail}>
          <dt className="font-semibold">Method</dt>
          <dd>{payment.method}</dd>
        </div>
        {payment.payerName && (
          <div className={detail}>
            <dt className="font-semibold">Paid by</dt>
            <dd>{payment.payerName}</dd>
          </div>
        )}
        {payment.phoneMasked && (
          <div className={detail}>
            <dt className="font-semibold">Phone</dt>
            <dd>{payment.phoneMasked}</dd>
          </div>
        )}
        {payment.accountNumber !== null && (
          <div className={detail}>
            <dt className="font-semibold">Account number typed</dt>
            <dd className="font-mono break-all">{payment.accountNumber || "(none)"}</dd>
          </div>
        )}
        {payment.orderId && (
          <div className={detail}>
            <dt className="font-semibold">Order</dt>
            <dd>
              <Link to={orderListHref("active", 1, payment.orderId)} className="font-semibold underline underline-offset-4">
                {`Order ${orderLabel(payment.orderId)}`}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-200">{payment.problem}</p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <fetcher.Form
          method="post"
          action={UNMATCHED_PAYMENTS_PATH}
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            typed.current = String(new FormData(event.currentTarget).get("orderRef") ?? "").trim();
          }}
        >
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="paymentId" value={payment.id} />
          <TextField
            label={ORDER_REF_LABEL}
            name="orderRef"
            required
            autoComplete="off"
            maxLength={ORDER_REF_MAX_CHARS}
            error={errors.orderRef}
            className="min-w-56"
          />
          <Button type="submit" variant="secondary" disabled={attaching} className="mb-px">
            {attaching ? "Attaching..." : "Attach to order"}
          </Button>
        </fetcher.Form>
        <Button variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ErrorMessage>{errors.form}</ErrorMessage>
    </li>
  );
}

/**
 * Asks before dismissing a payment, as archiving an order does, and closes once it is dismissed. `opening` is a
 * fresh number for each opening, so the dialog never shows an earlier opening's answer.
 */
export function DismissPaymentDialog({
  payment,
  opening,
  onClose,
  onDismissed,
}: {
  payment: UnmatchedPaymentShown | null;
  opening: number;
  onClose: () => void;
  onDismissed: (message: string) => void;
}) {
  const fetcher = useFetcher<SettleAnswer>({ key: `dismiss-payment-${opening}` });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const receipt = payment?.receipt;
  useEffect(() => {
    if (answer?.ok && receipt) onDismissed(dismissedMessage(receipt));
  }, [answer, onDismissed, receipt]);
  const refusal = answer && !answer.ok ? (answer.errors.form ?? answer.errors.orderRef) : undefined;
  return (
    <Dialog open={payment !== null && !answer?.ok} onClose={onClose} title="Dismiss payment">
      <div className="space-y-4">
        <p>{payment ? dismissConfirmation(payment.receipt, formatKsh(payment.amountCents)) : ""}</p>
        <ErrorMessage>{refusal}</ErrorMessage>
        <DialogButtons
          onCancel={onClose}
          label="Dismiss"
          busyLabel="Dismissing..."
          busy={busy}
          onConfirm={() =>
            payment && void fetcher.submit({ intent: "dismiss", paymentId: payment.id }, { method: "post", action: UNMATCHED_PAYMENTS_PATH })
          }
        />
      </div>
    </Dialog>
  );
}
