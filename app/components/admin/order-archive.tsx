import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { ErrorMessage } from "~/components/ui/status";
import { archiveConfirmation } from "~/domain/order-admin";
import { useOrderAction } from "./order-live";

/**
 * Asks before archiving an order, in the spec's words (product.md §4), and closes once it is archived. `opening` is
 * a fresh number for each opening, so the dialog never shows an earlier opening's answer.
 */
export function ArchiveDialog({ orderId, opening, onClose }: { orderId: string | null; opening: number; onClose: () => void }) {
  const { fetcher, submit } = useOrderAction(`order-archive-${opening}`);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={orderId !== null && !answer?.ok} onClose={onClose} title="Archive order">
      <div className="space-y-4">
        <p>{orderId ? archiveConfirmation(orderId) : ""}</p>
        <ErrorMessage>{answer && !answer.ok ? answer.error : undefined}</ErrorMessage>
        <DialogButtons
          onCancel={onClose}
          label="Archive"
          busyLabel="Archiving..."
          busy={busy}
          onConfirm={() => orderId && submit({ intent: "archive", id: orderId })}
        />
      </div>
    </Dialog>
  );
}
