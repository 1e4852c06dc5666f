import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { LiveStatus } from "~/components/ui/status";
import { PAY_NOW_BUTTON, PAY_NOW_PHONE_LABEL, type PayNowStatus, resendWaitMessage } from "~/domain/pay-now";

export type PayNowView = { phone: string; status: PayNowStatus | null; secondsUntilResend: number };
export type PayNowRefusal = { error?: string; problem?: string; phone: string };

/** Counts down to 0 from `seconds`, once a second, starting again whenever the page reads a new figure. */
function useCountdown(seconds: number): number {
  const [from, setFrom] = useState(seconds);
  const [left, setLeft] = useState(seconds);
  if (from !== seconds) {
    setFrom(seconds);
    setLeft(seconds);
  }
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

/**
 * M-Pesa Express on the payment page (issue 11): the phone to send the request to, what became of the last
 * one (updated live as M-Pesa answers), and the form again after a failure, once the resend wait has passed.
 * Without JavaScript the form posts and the page shows the state on reload.
 */
export function PayNow({ view, refusal }: { view: PayNowView; refusal: PayNowRefusal | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.has("phone") === true;
  const wait = useCountdown(view.secondsUntilResend);
  const status = view.status;
  if (status?.kind === "paid" || status?.kind === "confirmed") {
    return (
      <LiveStatus className="rounded-lg border border-green-700/40 bg-green-50 px-4 py-3 font-semibold text-green-900 dark:border-green-400/40 dark:bg-green-950/40 dark:text-green-200">
        {status.message} {status.kind === "paid" && <span className="block text-sm font-normal">M-Pesa receipt {status.receipt}</span>}
      </LiveStatus>
    );
  }
  const message = refusal?.problem ?? status?.message;
  return (
    <Form method="post" className="space-y-3" noValidate>
      <TextField
        label={PAY_NOW_PHONE_LABEL}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        defaultValue={refusal?.phone ?? view.phone}
        error={refusal?.error}
      />
      <Button type="submit" disabled={sending || wait > 0}>
        {PAY_NOW_BUTTON}
      </Button>
      <LiveStatus className="text-sm font-medium">
        {message}
        {wait > 0 && <span className="block font-normal">{resendWaitMessage(wait)}</span>}
      </LiveStatus>
    </Form>
  );
}
