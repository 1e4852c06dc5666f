import { type ReactNode, useState } from "react";
import { AdminIcon } from "~/components/admin/icon";
import { PeriodFields } from "~/components/admin/report-filter";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";

/**
 * An "Export" button and its dialog: a plain GET form whose answer is a CSV download, so the page stays where
 * it is. The dialog closes once the browser has taken the form (closing it during the submit would remove the
 * form before the browser sends it).
 */
function ExportDialog({ title, action, children }: { title: string; action: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <AdminIcon name="download" className="size-4" /> Export
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        <form method="get" action={action} className="group space-y-4" onSubmit={() => setTimeout(() => setOpen(false))}>
          {children}
          <DialogButtons onCancel={() => setOpen(false)} label="Download CSV" />
        </form>
      </Dialog>
    </>
  );
}

const FORMATS = [
  { value: "duka", label: "Duka CSV", hint: "Every field of every product; imports back into Duka unchanged." },
  { value: "shopify", label: "Shopify CSV", hint: "For Shopify's product import: variants by size and colour, images, drafts for hidden products." },
] as const;

/** Products → Export: the whole catalogue in Duka's own format or Shopify's. */
export function ProductsExport() {
  return (
    <ExportDialog title="Export products" action="/admin/products/export.csv">
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Format</legend>
        {FORMATS.map((format, i) => (
          <label key={format.value} className="flex items-start gap-3">
            <input type="radio" name="format" value={format.value} defaultChecked={i === 0} className="mt-1 size-4" data-autofocus={i === 0 || undefined} />
            <span>
              <span className="block font-semibold">{format.label}</span>
              <span className="block text-sm text-earth-700 dark:text-clay-200">{format.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ExportDialog>
  );
}

/** Orders → Export: the orders of a report period, one row per order line. */
export function OrdersExport() {
  return (
    <ExportDialog title="Export orders" action="/admin/orders/export.csv">
      <p className="text-sm">Every order placed in the period, archived ones too, one row per item bought.</p>
      <PeriodFields period="month" />
    </ExportDialog>
  );
}
