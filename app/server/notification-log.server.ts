import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Actor } from "~/domain/audit";
import {
  type LoggedMessage,
  loggedMessage,
  NOTIFICATION_STATES,
  NOTIFICATIONS_PER_PAGE,
  type NotificationState,
  type SendAgainRefusal,
  sentAgainNote,
} from "~/domain/notification-log";
import { stateListPage } from "~/domain/state-list";
import { recordChange } from "./audit.server";
import { db } from "./db/database.server";
import { notifications } from "./db/schema.server";

// The Notifications Log (issue 12): the outbox as staff read it, and 'Send again' on a failed message. Sending
// stays with the background sender (notifications.server.ts): a message sent again is simply due again.

const loggedColumns = {
  id: notifications.id,
  message: notifications.message,
  channel: notifications.channel,
  recipient: notifications.recipient,
  state: notifications.state,
  attempts: notifications.attempts,
  lastError: notifications.lastError,
  createdAt: notifications.createdAt,
  sentAt: notifications.sentAt,
  orderId: notifications.orderId,
};

const inState = (state: NotificationState | undefined): SQL | undefined => (state ? eq(notifications.state, state) : undefined);

/**
 * One page of messages, newest first, in one state or all, with how many are in each state. A page past the
 * last reads as the last.
 */
export async function notificationsLogPage(
  state: NotificationState | undefined,
  requestedPage: number,
): Promise<{ messages: LoggedMessage[]; counts: Record<NotificationState, number>; page: number; pageCount: number }> {
  const database = await db();
  const perState = await database.select({ state: notifications.state, n: count() }).from(notifications).groupBy(notifications.state);
  const { counts, page, pageCount } = stateListPage(NOTIFICATION_STATES, perState, state, requestedPage, NOTIFICATIONS_PER_PAGE);
  const rows = await database
    .select(loggedColumns)
    .from(notifications)
    .where(inState(state))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((page - 1) * NOTIFICATIONS_PER_PAGE);
  return { messages: rows.map(loggedMessage), counts, page, pageCount };
}

/** How many messages failed to send: the dashboard says so when any did. */
export async function failedNotificationCount(): Promise<number> {
  const [row] = await (await db()).select({ n: count() }).from(notifications).where(eq(notifications.state, "failed"));
  return row?.n ?? 0;
}

export type SendAgainResult = { ok: true } | ({ ok: false } & SendAgainRefusal);

/**
 * A staff member sends a failed message again: it becomes due now with a fresh set of attempts, for the
 * background sender to pick up, and the change is recorded as theirs. Only a message still failed is changed,
 * so two staff pressing at once, or a message already pending or sent, send nothing twice.
 */
export async function sendAgain(id: string, actor: Actor, now = new Date()): Promise<SendAgainResult> {
  return (await db()).transaction(async (tx): Promise<SendAgainResult> => {
    const [row] = await tx.select(loggedColumns).from(notifications).where(eq(notifications.id, id));
    if (!row) return { ok: false, problem: "missing" };
    if (row.state !== "failed") return { ok: false, problem: "not-failed", state: row.state };
    const [reset] = await tx
      .update(notifications)
      .set({ state: "pending", attempts: 0, nextAttemptAt: now, lastError: null })
      .where(and(eq(notifications.id, id), eq(notifications.state, "failed")))
      .returning({ id: notifications.id });
    // A failed message changes only by being sent again: if it is no longer failed, a colleague just did that.
    if (!reset) return { ok: false, problem: "not-failed", state: "pending" };
    const before = loggedMessage(row);
    await recordChange(tx, {
      actor,
      entity: "notification",
      entityId: id,
      now,
      action: "update",
      before: { state: before.state, attempts: before.attempts, lastError: before.lastError },
      after: { state: "pending", attempts: 0, lastError: null },
      note: sentAgainNote(before),
    });
    return { ok: true };
  });
}
