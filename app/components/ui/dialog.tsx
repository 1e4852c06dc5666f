import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button";
import { Icon } from "./icon";

/**
 * The one dialog: a native <dialog> opened with showModal (focus moves in and is trapped, Escape closes,
 * the page behind is inert) that gives focus back to what opened it when it closes. Mark a form's first
 * field with data-autofocus to start there.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className = "",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // A form dialog starts at its first field (marked data-autofocus) rather than at the Close button.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return () => opener?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[min(100%-2rem,32rem)] rounded-2xl bg-clay-50 p-0 text-earth-900 shadow-2xl backdrop:bg-black/60 dark:bg-earth-900 dark:text-clay-100 ${className}`}
    >
      {open && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-display text-xl font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-m-2 rounded-full p-2 hover:bg-clay-100 dark:hover:bg-earth-800"
            >
              <Icon name="x" className="size-5" />
            </button>
          </div>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/**
 * A dialog's Cancel and the button that does what it asks. That button submits the dialog's form, or calls
 * `onConfirm` when there is none, and while the request is out it is disabled and says so ("Saving...").
 */
export function DialogButtons({
  onCancel,
  label,
  busyLabel = label,
  busy = false,
  onConfirm,
}: {
  onCancel: () => void;
  label: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onConfirm ? "button" : "submit"} disabled={busy} onClick={onConfirm}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
