import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { SelectField } from "~/components/ui/field";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { NO_RIDERS_MESSAGE, riderOptionLabel } from "~/domain/order-admin";
import { shortOrderId } from "~/domain/order-id";
import type { DispatchRider } from "~/server/order-admin.server";
import { useOrderAction } from "./order-live";
import { AdminIcon } from "./icon";

/**
 * The dispatch dialog (product.md §2; ARCHITECTURE, the two readings decided): choose a rider and confirm; the order
 * goes Out for Delivery with that rider, and the dialog then offers the delivery details as a chat to the rider.
 * `opening` is a fresh number for each opening, so the dialog never shows an earlier opening's answer.
 */
export function DispatchDialog({
  orderId,
  opening,
  riders,
  onClose,
}: {
  orderId: string | null;
  opening: number;
  riders: DispatchRider[];
  onClose: () => void;
}) {
  const { fetcher, submit } = useOrderAction(`order-dispatch-${opening}`);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const dispatched = answer?.ok ? answer.dispatched : null;
  const error = answer && !answer.ok ? answer.error : undefined;
  const busy = fetcher.state !== "idle";
  const short = orderId ? shortOrderId(orderId) : "";

  return (
    <Dialog open={orderId !== null} onClose={onClose} title={`Dispatch order #${short}`}>
      {riders.length === 0 && !dispatched ? (
        <div className="space-y-4">
          <p>{NO_RIDERS_MESSAGE}</p>
          <div className="flex justify-end">
            <Link to="/admin/riders" className={buttonClass("primary")}>
              Go to Riders
            </Link>
          </div>
        </div>
      ) : dispatched ? (
        <div className="space-y-4">
          <LiveStatus className="font-semibold">{`Order #${short} is out for delivery with ${dispatched.riderName}.`}</LiveStatus>
          <p className="text-sm">Send the rider the client&apos;s name, phone, address, the items and what to collect.</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              Done
            </Button>
            <a href={dispatched.chatLink} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
              <AdminIcon name="message-circle" className="size-4" /> Message {dispatched.riderName}
            </a>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const riderId = new FormData(event.currentTarget).get("riderId");
            submit({ intent: "dispatch", id: orderId ?? "", riderId: typeof riderId === "string" ? riderId : "" });
          }}
        >
          <SelectField label="Rider" name="riderId" defaultValue="" data-autofocus aria-invalid={error ? true : undefined}>
            <option value="">Select a rider</option>
            {riders.map((rider) => (
              <option key={rider.id} value={rider.id}>
                {riderOptionLabel(rider)}
              </option>
            ))}
          </SelectField>
          <ErrorMessage>{error}</ErrorMessage>
          <DialogButtons onCancel={onClose} label="Confirm Dispatch" busyLabel="Dispatching..." busy={busy} />
        </form>
      )}
    </Dialog>
  );
}
