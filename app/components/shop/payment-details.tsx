import { useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { LiveStatus } from "~/components/ui/status";
import { useTimedFlag } from "~/components/ui/use-timed-flag";
import type { OrderPayment } from "~/server/orders.server";

/** How long the button says 'Copied!' (product.md §9). */
const COPIED_MESSAGE_MS = 2_000;

/** The order's payment method: its details, the amount to pay, Copy Details, Pay with M-Pesa, its instructions. */
export function PaymentDetails({ payment, totalCents }: { payment: OrderPayment; totalCents: number }) {
  const [copied, showCopied] = useTimedFlag(COPIED_MESSAGE_MS);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payment.detailsText);
      setCopyFailed(false);
      showCopied();
    } catch {
      // No clipboard (an older browser, or a page not served over HTTPS): the details are on screen to copy.
      setCopyFailed(true);
    }
  };

  return (
    <div>
      <p className="font-semibold">{payment.methodName}</p>
      <dl className="mt-3 divide-y divide-clay-300 rounded-lg border border-clay-300 dark:divide-earth-700 dark:border-earth-700">
        {payment.details.map((detail) => (
          <div key={detail.id} className="flex flex-wrap justify-between gap-x-4 px-4 py-2">
            <dt>{detail.label}</dt>
            <dd className="font-semibold break-all">{detail.value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 px-4 py-2 text-lg">
          <dt>Amount to pay</dt>
          <dd className="font-semibold">
            <Price cents={totalCents} />
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={copy}>
          {copied ? "Copied!" : "Copy Details"}
        </Button>
        {payment.dialLink && (
          <a href={payment.dialLink} className={buttonClass("primary")}>
            Pay with M-Pesa
          </a>
        )}
      </div>
      <LiveStatus className="mt-2 text-sm">
        {copyFailed ? "Copying is not available here. Please copy the details by hand." : copied && <span className="sr-only">Copied!</span>}
      </LiveStatus>
      {payment.instructions && <p className="mt-4 leading-relaxed whitespace-pre-line">{payment.instructions}</p>}
    </div>
  );
}
