import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { ErrorMessage } from "~/components/ui/status";
import { archiveConfirmation } from "~/domain/order-admin";
import { useOrderAction } from "./order-live";

/**
 * Asks before archiving an order, in the spec's words (SPEC §4), and closes once it is archived. `opening` is
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
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" disabled={busy} onClick={() => orderId && submit({ intent: "archive", id: orderId })}>
            {busy ? "Archiving..." : "Archive"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
