import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { formatKsh } from "~/domain/money";
import { shortOrderId } from "~/domain/order-id";
import { isPayable } from "~/domain/order-status";
import type { AdminOrderDetails } from "~/server/order-admin.server";
import { useOpeningKey, useOrderAction } from "./order-live";

type CollectedOrder = Pick<AdminOrderDetails, "id" | "version" | "totalCents" | "status" | "paymentStatus" | "isArchived">;

/**
 * Taking the money at the door (issue 23, decision 054), for an order still to be paid: 'Request M-Pesa payment'
 * sends the prompt to the order's phone for its total (when M-Pesa Express is set up), and the order turns Paid when
 * M-Pesa answers; 'Paid in cash', once confirmed, marks it Paid and records the cash. Both name the order's version.
 */
export function OrderCollect({ order, mpesaExpress }: { order: CollectedOrder; mpesaExpress: boolean }) {
  const mpesa = useOrderAction(useOpeningKey("order-mpesa"));
  const cash = useOrderAction(useOpeningKey("order-cash"));
  const [confirming, setConfirming] = useState(false);
  const cashAnswer = cash.fetcher.state === "idle" ? cash.fetcher.data : undefined;
  const mpesaAnswer = mpesa.fetcher.state === "idle" ? mpesa.fetcher.data : undefined;
  if (!isPayable(order)) return null;
  const total = formatKsh(order.totalCents);
  const fields = { id: order.id, version: order.version };
  const requesting = mpesa.fetcher.state !== "idle";
  const recording = cash.fetcher.state !== "idle";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {mpesaExpress && (
          <Button variant="secondary" disabled={requesting} onClick={() => mpesa.submit({ intent: "request-mpesa", ...fields })}>
            {requesting ? "Sending..." : "Request M-Pesa payment"}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Paid in cash
        </Button>
      </div>
      <LiveStatus className="text-sm font-semibold text-green-800 dark:text-green-300">
        {mpesaAnswer?.ok ? `M-Pesa payment request for ${total} sent to the client's phone.` : ""}
      </LiveStatus>
      <ErrorMessage>{mpesaAnswer && !mpesaAnswer.ok ? mpesaAnswer.error : undefined}</ErrorMessage>
      {/* The confirmation closes once the cash is recorded; a refusal stays in it to be read. */}
      <Dialog open={confirming && !cashAnswer?.ok} onClose={() => setConfirming(false)} title="Paid in cash">
        <div className="space-y-4">
          <p>{`Record ${total} paid in cash for order #${shortOrderId(order.id)}? The order becomes Paid.`}</p>
          <ErrorMessage>{cashAnswer && !cashAnswer.ok ? cashAnswer.error : undefined}</ErrorMessage>
          <DialogButtons
            onCancel={() => setConfirming(false)}
            label="Record cash payment"
            busyLabel="Recording..."
            busy={recording}
            onConfirm={() => cash.submit({ intent: "paid-in-cash", ...fields })}
          />
        </div>
      </Dialog>
    </div>
  );
}
