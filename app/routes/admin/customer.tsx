import { type FormEvent, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminTable, Cell, EmptyState } from "~/components/admin/table";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { Price } from "~/components/ui/price";
import { ErrorMessage, LiveStatus, PaymentBadge, StatusBadge } from "~/components/ui/status";
import { recordHref } from "~/domain/audit";
import { CONSENT_SOURCE_LABELS } from "~/domain/consent";
import { anonymiseConfirmation, anonymisedSummary } from "~/domain/anonymise";
import { staffActor } from "~/domain/audit";
import {
  anonymisedMessage,
  CONSENT_ALREADY_WITHDRAWN_MESSAGE,
  CONSENT_WITHDRAWN_MESSAGE,
  customerActionSchema,
  customerDataHref,
  customerPhone,
  customerPhoneParamSchema,
} from "~/domain/customers";
import { chatLink } from "~/domain/links";
import { shortOrderId } from "~/domain/order-id";
import { shopDateTime } from "~/domain/shop-time";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { anonymiseCustomer } from "~/server/anonymise.server";
import { withdrawConsent } from "~/server/consent.server";
import { customerDetails } from "~/server/customers.server";
import { formFields } from "~/server/form.server";
import type { Route } from "./+types/customer";

const CUSTOMER_NOT_FOUND_MESSAGE = "Customer not found.";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const phone = customerPhoneParamSchema.safeParse(params.phone);
  const customer = phone.success ? await customerDetails(phone.data) : null;
  const timeZone = config().timeZone;
  if (!customer) return data({ customer: null, timeZone }, { status: 404 });
  return { customer, timeZone };
}

type CustomerAnswer = {
  ok: boolean;
  message: string;
  /** Everything typed, kept when refused. */
  values?: Record<string, string>;
  /** The field a refusal is about. */
  field?: "email";
  /** Anonymise posted without its confirmation (no JavaScript): the page asks it as a second question. */
  confirm?: string;
};

const refused = (status: number, answer: Omit<CustomerAnswer, "ok">) => data<CustomerAnswer>({ ok: false, ...answer }, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const fields = formFields(await request.formData());
  const parsed = customerActionSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refused(400, { message: issue.message, values: fields, ...(issue.path[0] === "email" ? { field: "email" as const } : {}) });
  }
  const phone = customerPhoneParamSchema.safeParse(params.phone);
  if (!phone.success || !(await customerDetails(phone.data))) return refused(404, { message: CUSTOMER_NOT_FOUND_MESSAGE });
  if (parsed.data.intent === "withdraw-consent") {
    const { withdrawn } = await withdrawConsent(phone.data, "staff", staff.email);
    return data<CustomerAnswer>({ ok: true, message: withdrawn ? CONSENT_WITHDRAWN_MESSAGE : CONSENT_ALREADY_WITHDRAWN_MESSAGE });
  }
  const confirmation = anonymiseConfirmation(customerPhone(phone.data));
  if (!parsed.data.confirmed) return refused(409, { message: confirmation, confirm: confirmation, values: fields });
  const removed = await anonymiseCustomer(phone.data, parsed.data.email, staffActor(staff.email));
  return data<CustomerAnswer>({ ok: true, message: anonymisedMessage(anonymisedSummary(removed)) });
}

/** One customer (issue 25): their details, orders and consent to marketing, with a chat link and the opt-out. */
export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, timeZone } = loaderData;
  const answer: CustomerAnswer | undefined = actionData;
  if (!customer) {
    return (
      <div className="space-y-4">
        {/* After anonymising, the page is gone with the phone: what was done is said here. */}
        <LiveStatus className="font-semibold">{answer?.ok ? answer.message : undefined}</LiveStatus>
        <p>{CUSTOMER_NOT_FOUND_MESSAGE}</p>
        <Link to="/admin/customers" className={buttonClass("secondary")}>
          Back to Customers
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <section aria-labelledby="customer-heading" className="space-y-2">
        <p>
          <Link to="/admin/customers" className="text-sm font-semibold hover:underline">
            ← All customers
          </Link>
        </p>
        <h2 id="customer-heading" className="font-display text-2xl font-semibold">
          {customer.name}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Phone</dt>
          <dd>{customer.phone}</dd>
          <dt className="font-semibold">Address</dt>
          <dd className="break-words">{customer.address}</dd>
        </dl>
        <a href={chatLink(customer.phone, "")} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
          Chat on WhatsApp
        </a>
      </section>

      <section aria-labelledby="orders-heading" className="space-y-3">
        <h2 id="orders-heading" className="font-display text-xl font-semibold">
          Orders
        </h2>
        <AdminTable columns={["Order", "Placed", "Status", "Payment", "Total"]} caption="Orders">
          {customer.orders.map((order) => (
            <tr key={order.id}>
              <Cell className="font-semibold">
                <Link
                  to={recordHref("order", order.id) ?? "/admin/orders"}
                  className="font-mono hover:underline"
                  aria-label={`Order ${shortOrderId(order.id)}`}
                >
                  {shortOrderId(order.id)}
                </Link>
              </Cell>
              <Cell className="whitespace-nowrap">{shopDateTime(order.orderDate, timeZone)}</Cell>
              <Cell>
                <StatusBadge status={order.status} />
              </Cell>
              <Cell>
                <PaymentBadge status={order.paymentStatus} />
              </Cell>
              <Cell className="whitespace-nowrap">
                <Price cents={order.totalCents} />
              </Cell>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="consent-heading" className="space-y-3">
        <h2 id="consent-heading" className="font-display text-xl font-semibold">
          Marketing consent
        </h2>
        <p>{customer.agreedToMarketing ? "Agreed to marketing: Yes" : "Agreed to marketing: No"}</p>
        <LiveStatus className="font-semibold">{answer?.ok ? answer.message : undefined}</LiveStatus>
        <ErrorMessage>{answer && !answer.ok && !answer.field && !answer.confirm ? answer.message : undefined}</ErrorMessage>
        {customer.agreedToMarketing && <WithdrawConsent phone={customer.phone} />}
        {customer.consent.length === 0 ? (
          <EmptyState>No consent given or withdrawn yet.</EmptyState>
        ) : (
          <AdminTable columns={["When", "Consent", "How", "By"]} caption="Consent history" textOnly>
            {customer.consent.map((change, index) => (
              <tr key={index}>
                <Cell className="whitespace-nowrap">{shopDateTime(change.at, timeZone)}</Cell>
                <Cell>{change.agreed ? "Agreed" : "Withdrawn"}</Cell>
                <Cell>{CONSENT_SOURCE_LABELS[change.source]}</Cell>
                <Cell className="break-all">{change.staffEmail ?? ""}</Cell>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <CustomerData phone={customer.phone} phoneDigits={customer.phoneDigits} answer={answer} />
    </div>
  );
}

/**
 * The customer's rights over their data (issue 25, decision 058): a copy of everything the shop holds (Download data),
 * and erasure (Anonymise). The newsletter email, when staff know it, widens both to the subscription.
 */
function CustomerData({ phone, phoneDigits, answer }: { phone: string; phoneDigits: string; answer: CustomerAnswer | undefined }) {
  const [email, setEmail] = useState(answer?.values?.email ?? "");
  const [asking, setAsking] = useState(false);
  const busy = useNavigation().state === "submitting";
  const confirmation = anonymiseConfirmation(phone);
  // Asked in the dialog with JavaScript; without it the server asks (answer.confirm) and this form posts the yes.
  const confirmed = asking || answer?.confirm !== undefined;
  const ask = (event: FormEvent<HTMLFormElement>) => {
    if (confirmed) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <section aria-labelledby="data-heading" className="max-w-xl space-y-4">
      <h2 id="data-heading" className="font-display text-xl font-semibold">
        Their data
      </h2>
      <p className="text-sm">
        A customer may ask for a copy of what the shop holds about them, or for it to be erased. The orders’ amounts and items are kept
        either way, as tax records are kept 5 years.
      </p>
      <TextField
        label="Newsletter email (optional)"
        type="email"
        name="email"
        form="customer-data"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={answer?.field === "email" ? answer.message : undefined}
        hint="The address they subscribed with, if you know it: their subscription is included."
      />
      <div className="flex flex-wrap gap-2">
        <a href={customerDataHref(phoneDigits, email)} download className={buttonClass("secondary")}>
          Download data
        </a>
        <Form method="post" id="customer-data" onSubmit={ask}>
          <input type="hidden" name="intent" value="anonymise" />
          {confirmed && <input type="hidden" name="confirmed" value="yes" />}
          <Button type="submit" variant="secondary" disabled={busy}>
            {answer?.confirm ? "Yes, anonymise" : "Anonymise"}
          </Button>
          <Dialog open={asking} onClose={() => setAsking(false)} title="Anonymise customer">
            <div className="space-y-4">
              <p>{confirmation}</p>
              <DialogButtons onCancel={() => setAsking(false)} label="Anonymise" busyLabel="Anonymising..." busy={busy} />
            </div>
          </Dialog>
        </Form>
      </div>
      {answer?.confirm && <p role="alert">{answer.confirm}</p>}
    </section>
  );
}

/**
 * Withdraws the customer's consent: a real form post, which with JavaScript asks first in the back office's dialog
 * (its confirm button submits the same form, and the button goes once the page shows the withdrawal).
 */
function WithdrawConsent({ phone }: { phone: string }) {
  const [asking, setAsking] = useState(false);
  const busy = useNavigation().state === "submitting";
  const ask = (event: FormEvent<HTMLFormElement>) => {
    if (asking) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <Form method="post" onSubmit={ask}>
      <input type="hidden" name="intent" value="withdraw-consent" />
      <Button type="submit" variant="secondary" disabled={busy}>
        Withdraw consent
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} title="Withdraw consent">
        <div className="space-y-4">
          <p>{`${phone} will get no more marketing messages until they agree again.`}</p>
          <DialogButtons onCancel={() => setAsking(false)} label="Withdraw consent" busyLabel="Withdrawing..." busy={busy} />
        </div>
      </Dialog>
    </Form>
  );
}
