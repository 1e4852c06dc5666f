import type { ReactNode } from "react";
import type { useFetcher } from "react-router";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { ErrorMessage } from "~/components/ui/status";

/**
 * Asks before a delete: `question` says what goes and what stays. Confirming posts intent "delete" with the id
 * through the list's own form; a refusal stays open with its message.
 */
export function DeleteDialog({
  title,
  id,
  question,
  Form,
  busy,
  error,
  onClose,
}: {
  title: string;
  /** The thing to delete; the dialog is open while there is one. */
  id: string | undefined;
  question: ReactNode;
  Form: ReturnType<typeof useFetcher>["Form"];
  busy: boolean;
  error: string | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={id !== undefined} onClose={onClose} title={title}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id ?? ""} />
        <p>{question}</p>
        <ErrorMessage>{error}</ErrorMessage>
        <DialogButtons onCancel={onClose} label="Delete" busyLabel="Deleting..." busy={busy} />
      </Form>
    </Dialog>
  );
}
