import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { LiveStatus } from "~/components/ui/status";
import {
  MPESA_CONNECTED_MESSAGE,
  MPESA_NOT_CONFIGURED_MESSAGE,
  MPESA_REQUIRED_VARIABLES,
  MPESA_TEST_FAILED_MESSAGE,
  type MpesaConnection,
  type MpesaTestAnswer,
  SAFARICOM_ONLY_LABEL,
} from "~/domain/mpesa-settings";
import { EditorSection } from "./content-editor";

const ENVIRONMENT_LABELS = { sandbox: "Sandbox (test payments)", production: "Production (real money)" } as const;

/**
 * Whether M-Pesa Express is on (issue 11): set by the environment, not here, so the section says which account
 * it pays into, or which variables turn it on. 'Test connection' is a form of its own, apart from the settings
 * save; its answer is announced.
 */
export function MpesaExpressSection({ connection }: { connection: MpesaConnection }) {
  // A save that failed on the way answers without a message (see answerOrSaveFailure).
  const fetcher = useFetcher<Partial<MpesaTestAnswer>>();
  const testing = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const row = "flex flex-wrap justify-between gap-x-4 py-2";

  return (
    <EditorSection
      title="M-Pesa Express"
      description="Payments that confirm themselves: ‘Pay now with M-Pesa’ on the payment page, and paybill payments matched to their orders."
    >
      {connection ? (
        <>
          <p className="font-semibold text-green-800 dark:text-green-300">{MPESA_CONNECTED_MESSAGE}</p>
          <dl className="divide-y divide-clay-200 text-sm dark:divide-earth-800">
            <div className={row}>
              <dt className="font-semibold">{connection.till ? "Store number" : "Paybill number"}</dt>
              <dd className="font-mono">{connection.shortcode}</dd>
            </div>
            {connection.till && (
              <div className={row}>
                <dt className="font-semibold">Till number</dt>
                <dd className="font-mono">{connection.till}</dd>
              </div>
            )}
            <div className={row}>
              <dt className="font-semibold">Environment</dt>
              <dd>{ENVIRONMENT_LABELS[connection.environment]}</dd>
            </div>
          </dl>
          <fetcher.Form method="post" className="flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="test-mpesa" />
            <Button type="submit" variant="secondary" disabled={testing}>
              Test connection
            </Button>
            <LiveStatus
              className={`text-sm font-semibold ${answer && !answer.ok ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}`}
            >
              {testing ? "Testing the connection..." : answer && (answer.message ?? MPESA_TEST_FAILED_MESSAGE)}
            </LiveStatus>
          </fetcher.Form>
        </>
      ) : (
        <>
          <p className="font-semibold">{MPESA_NOT_CONFIGURED_MESSAGE}</p>
          <p className="text-sm">
            To turn it on, set{" "}
            {MPESA_REQUIRED_VARIABLES.map((name, i) => (
              <span key={name}>
                {i > 0 && (i === MPESA_REQUIRED_VARIABLES.length - 1 ? " and " : ", ")}
                <code>{name}</code>
              </span>
            ))}{" "}
            from your Daraja app, and <code>PUBLIC_URL</code>, the shop&rsquo;s public https address where Safaricom posts each
            payment&rsquo;s result; then restart the shop. <code>MPESA_TILL</code> (to be paid at a till) and <code>MPESA_ENV</code> (
            <code>sandbox</code> or <code>production</code>) are optional. The README explains each.
          </p>
        </>
      )}
    </EditorSection>
  );
}

/**
 * Site Settings: whether M-Pesa's callback addresses take posts only from Safaricom's published addresses
 * (decision 044). Part of the settings document, saved with 'Save All Settings'.
 */
export function SafaricomCallbacksEditor({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="safaricom-only-hint"
          className="size-5"
        />
        {SAFARICOM_ONLY_LABEL}
      </label>
      <p id="safaricom-only-hint" className="text-sm text-earth-700 dark:text-clay-200">
        Payment results and paybill payments from any other address are refused. Behind a proxy or load balancer the shop sees
        Safaricom&rsquo;s address only when <code>TRUST_PROXY</code> is set; without it, turning this on refuses every payment.
      </p>
    </div>
  );
}
