import { useState } from "react";
import { data } from "react-router";
import { OrderListsNav } from "~/components/admin/order-lists-nav";
import { EmptyState } from "~/components/admin/table";
import { DismissPaymentDialog, type SettleAnswer, UnmatchedPaymentItem } from "~/components/admin/unmatched-payments";
import { LiveStatus } from "~/components/ui/status";
import { staffActor } from "~/domain/audit";
import {
  NO_UNMATCHED_PAYMENTS_MESSAGE,
  settleRefusalMessage,
  type UnmatchedPaymentShown,
  unmatchedPaymentShown,
} from "~/domain/unmatched-payments";
import { unmatchedPaymentActionSchema } from "~/domain/unmatched-payments.schema";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "~/server/form.server";
import { attachPayment, dismissPayment, unmatchedPaymentCount, unmatchedPayments } from "~/server/payments.server";
import type { Route } from "./+types/unmatched-payments";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [payments, count] = await Promise.all([unmatchedPayments(), unmatchedPaymentCount()]);
  return { payments: payments.map(unmatchedPaymentShown), count, timeZone: config().timeZone };
}

const refused = (errors: { orderRef?: string; form?: string }, status: number) => data<SettleAnswer>({ ok: false, errors }, { status });

/** 'Attach to order' and 'Dismiss', each recorded as the staff member's. */
export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const parsed = unmatchedPaymentActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refused({ orderRef: errors.orderRef, form: errors.paymentId ?? errors.intent }, 400);
  }
  const input = parsed.data;
  const result =
    input.intent === "attach" ? await attachPayment(input.paymentId, input.orderRef, actor) : await dismissPayment(input.paymentId, actor);
  if (result.ok) return data<SettleAnswer>({ ok: true });
  const message = settleRefusalMessage(result);
  return result.problem === "order-missing" ? refused({ orderRef: message }, 404) : refused({ form: message }, 409);
}

export default function UnmatchedPayments({ loaderData }: Route.ComponentProps) {
  const { payments, count, timeZone } = loaderData;
  const [dismissing, setDismissing] = useState<UnmatchedPaymentShown | null>(null);
  // Each dialog opening gets a fresh fetcher, so it never shows an earlier answer.
  const [opening, setOpening] = useState(0);
  const [settled, setSettled] = useState("");

  return (
    <div className="space-y-6">
      <OrderListsNav current="unmatched" unmatchedCount={count} />
      <p className="max-w-3xl text-sm text-earth-700 dark:text-clay-200">
        M-Pesa payments the shop could not apply by itself: an account number that names no order, an amount that is not the order&rsquo;s
        total, an order already paid or closed, or a paybill payment M-Pesa did not confirm when the shop asked. Attach each to its order
        once you have checked it against your M-Pesa statement, or dismiss it once it is refunded or is not the shop&rsquo;s.
      </p>
      <LiveStatus className="text-sm font-semibold text-green-800 dark:text-green-300">{settled}</LiveStatus>
      {payments.length === 0 ? (
        <EmptyState>{NO_UNMATCHED_PAYMENTS_MESSAGE}</EmptyState>
      ) : (
        <ul aria-label="Unmatched payments" className="space-y-4">
          {payments.map((payment) => (
            <UnmatchedPaymentItem
              key={payment.id}
              payment={payment}
              timeZone={timeZone}
              onSettled={setSettled}
              onDismiss={() => {
                setOpening((n) => n + 1);
                setDismissing(payment);
              }}
            />
          ))}
        </ul>
      )}
      <DismissPaymentDialog payment={dismissing} opening={opening} onClose={() => setDismissing(null)} onDismissed={setSettled} />
    </div>
  );
}
