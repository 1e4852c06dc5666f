import { Button } from "~/components/ui/button";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { isAwaitingPayment } from "~/domain/order-status";
import type { AdminOrderDetails } from "~/server/order-admin.server";
import { useOpeningKey, useOrderAction } from "./order-live";

/**
 * Send payment reminder (issue 23, decision 055): the Payment reminder SMS with the link to the order's payment page,
 * now, for an order awaiting payment that is not paid on delivery. The server allows one an hour per order.
 */
export function PaymentReminder({ order }: { order: Pick<AdminOrderDetails, "id" | "status" | "paymentStatus" | "isArchived" | "payOnDelivery"> }) {
  const { fetcher, submit } = useOrderAction(useOpeningKey("order-reminder"));
  if (!isAwaitingPayment(order) || order.payOnDelivery) return null;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={busy} onClick={() => submit({ intent: "remind", id: order.id })}>
        {busy ? "Sending..." : "Send payment reminder"}
      </Button>
      <LiveStatus className="text-sm font-semibold text-green-800 dark:text-green-300">{answer?.ok ? "Payment reminder sent." : ""}</LiveStatus>
      <ErrorMessage>{answer && !answer.ok ? answer.error : undefined}</ErrorMessage>
    </div>
  );
}
