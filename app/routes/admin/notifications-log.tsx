import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs, useActionData, useFetcher } from "react-router";
import { CountedTabs } from "~/components/admin/list-tabs";
import { AdminTable, Cell, EmptyState, PageLinks, RowActions } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { Badge, type BadgeTone, ErrorMessage, LiveStatus } from "~/components/ui/status";
import { staffActor } from "~/domain/audit";
import {
  CHANNEL_LABELS,
  emptyLogMessage,
  type LoggedMessage,
  NOTIFICATION_STATE_LABELS,
  NOTIFICATION_STATES,
  type NotificationState,
  notificationsLogHref,
  SENT_AGAIN_MESSAGE,
  sendAgainRefusalMessage,
} from "~/domain/notification-log";
import { notificationsLogQuerySchema, sendAgainSchema } from "~/domain/notification-log.schema";
import { orderListHref } from "~/domain/order-admin";
import { shortOrderId } from "~/domain/order-id";
import { shopDateTime } from "~/domain/shop-time";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { formFields } from "~/server/form.server";
import { notificationsLogPage, sendAgain } from "~/server/notification-log.server";
import type { Route } from "./+types/notifications-log";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { state, page } = notificationsLogQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { state, ...(await notificationsLogPage(state, page)), timeZone: config().timeZone };
}

type SendAgainAnswer = { ok: true } | { ok: false; error: string };

/** 'Send again' on a failed message, recorded as the staff member's; the background sender does the sending. */
export async function action({ request }: Route.ActionArgs) {
  const actor = staffActor((await requireAdminAction(request)).email);
  const parsed = sendAgainSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data<SendAgainAnswer>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 });
  const result = await sendAgain(parsed.data.id, actor);
  if (result.ok) return data<SendAgainAnswer>({ ok: true });
  return data<SendAgainAnswer>({ ok: false, error: sendAgainRefusalMessage(result) }, { status: result.problem === "missing" ? 404 : 409 });
}

/** A refused 'Send again' reads the list again too, so it shows the message as it now is. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" || defaultShouldRevalidate;
}

const STATE_TONES: Record<NotificationState, BadgeTone> = { pending: "yellow", sent: "green", failed: "red", "not sent": "grey" };

/** A failed message's 'Send again'; its answer goes to the page, which says it once for the whole list. */
function SendAgain({ message, onAnswer }: { message: LoggedMessage; onAnswer: (answer: SendAgainAnswer) => void }) {
  const fetcher = useFetcher<SendAgainAnswer>();
  // Told as soon as the answer arrives: once the list is read again, a message sent again has no button.
  useEffect(() => {
    if (fetcher.data) onAnswer(fetcher.data);
  }, [fetcher.data, onAnswer]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={message.id} />
      <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"} className="whitespace-nowrap">
        {fetcher.state !== "idle" ? "Sending again..." : "Send again"}
      </Button>
    </fetcher.Form>
  );
}

function Time({ label, at, timeZone }: { label: string; at: Date; timeZone: string }) {
  return (
    <span className="block whitespace-nowrap">
      {`${label} `}
      <time dateTime={at.toISOString()}>{shopDateTime(at, timeZone)}</time>
    </span>
  );
}

/** Every SMS and email the shop wrote (issue 12), newest first, by state, with 'Send again' on a failed one. */
export default function NotificationsLog({ loaderData }: Route.ComponentProps) {
  const { state, messages, counts, page, pageCount, timeZone } = loaderData;
  // Without JavaScript the form posts to the page itself, and its answer comes back with it.
  const posted = useActionData<typeof action>();
  const [answer, setAnswer] = useState<SendAgainAnswer>();
  // An answer belongs to the list it was given on: another state or page starts without one.
  const view = `${state}:${page}`;
  const [answeredView, setAnsweredView] = useState(view);
  if (answeredView !== view) {
    setAnsweredView(view);
    setAnswer(undefined);
  }
  const shown = answer ?? posted;
  const status = useRef<HTMLDivElement>(null);
  const onAnswer = useCallback((said: SendAgainAnswer) => {
    setAnswer(said);
    // The button leaves with the failure, so the keyboard continues from the message that says what happened.
    if (said.ok) status.current?.focus();
  }, []);

  const total = NOTIFICATION_STATES.reduce((sum, s) => sum + counts[s], 0);
  const tabs = [undefined, ...NOTIFICATION_STATES].map((s) => ({
    label: s ? NOTIFICATION_STATE_LABELS[s] : "All",
    count: s ? counts[s] : total,
    href: notificationsLogHref(s),
    current: s === state,
  }));

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-earth-700 dark:text-clay-200">
        Every SMS and email the shop has written, newest first. A message is tried again for a while when it cannot be sent; one that still
        fails is marked Failed, and you can send it again once the problem is fixed.
      </p>
      <CountedTabs label="Messages by state" tabs={tabs} />
      <div ref={status} tabIndex={-1} className="focus:outline-none">
        <LiveStatus className="text-sm font-semibold text-green-800 dark:text-green-300">{shown?.ok ? SENT_AGAIN_MESSAGE : ""}</LiveStatus>
      </div>
      <ErrorMessage>{shown && !shown.ok ? shown.error : undefined}</ErrorMessage>
      {messages.length === 0 ? (
        <EmptyState>{emptyLogMessage(state)}</EmptyState>
      ) : (
        <AdminTable
          columns={["Message", "Recipient", "Channel", "State", "Attempts", "Last error", "Time", "Order", "Actions"]}
          caption={state ? `${NOTIFICATION_STATE_LABELS[state]} messages, newest first` : "Messages, newest first"}
        >
          {messages.map((message) => (
            <tr key={message.id}>
              <Cell className="font-semibold">{message.label}</Cell>
              <Cell className="break-all">{message.recipient}</Cell>
              <Cell>{CHANNEL_LABELS[message.channel]}</Cell>
              <Cell>
                <Badge tone={STATE_TONES[message.state]} className="whitespace-nowrap">
                  {NOTIFICATION_STATE_LABELS[message.state]}
                </Badge>
              </Cell>
              <Cell>{message.attempts}</Cell>
              <Cell className="min-w-48">{message.lastError ?? "—"}</Cell>
              <Cell>
                <Time label="Created" at={message.createdAt} timeZone={timeZone} />
                {message.sentAt && <Time label="Sent" at={message.sentAt} timeZone={timeZone} />}
              </Cell>
              <Cell className="whitespace-nowrap">
                {message.orderId ? (
                  <Link to={orderListHref("active", 1, message.orderId)} className="font-semibold underline underline-offset-4">
                    {`Order #${shortOrderId(message.orderId)}`}
                  </Link>
                ) : (
                  "—"
                )}
              </Cell>
              <RowActions>{message.state === "failed" && <SendAgain message={message} onAnswer={onAnswer} />}</RowActions>
            </tr>
          ))}
        </AdminTable>
      )}
      <PageLinks page={page} pageCount={pageCount} href={(to) => notificationsLogHref(state, to)} noun="messages" />
    </div>
  );
}
