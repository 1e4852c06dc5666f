import { describe, expect, test } from "vitest";
import {
  emptyLogMessage,
  failedMessagesLine,
  loggedMessage,
  messageLabel,
  NOTIFICATION_STATE_LABELS,
  NOTIFICATION_STATES,
  notificationsLogHref,
  sendAgainRefusalMessage,
  sentAgainNote,
  shownError,
} from "./notification-log";
import { notificationsLogQuerySchema, sendAgainSchema } from "./notification-log.schema";

describe("the log's address", () => {
  test.each([
    [undefined, 1, "/admin/notifications-log"],
    ["failed", 1, "/admin/notifications-log?state=failed"],
    [undefined, 3, "/admin/notifications-log?page=3"],
    ["not sent", 2, "/admin/notifications-log?state=not+sent&page=2"],
  ] as const)("state %j, page %j is %j", (state, page, href) => {
    expect(notificationsLogHref(state, page)).toBe(href);
  });

  test.each([
    ["", { state: undefined, page: 1 }],
    ["state=failed&page=2", { state: "failed", page: 2 }],
    ["state=not+sent", { state: "not sent", page: 1 }],
    ["state=nonsense&page=1e300", { state: undefined, page: 1 }],
    ["state=FAILED&page=-1", { state: undefined, page: 1 }],
    ["page=2.5", { state: undefined, page: 1 }],
    ["page=NaN", { state: undefined, page: 1 }],
    ["page=%20%202%20", { state: undefined, page: 2 }],
    ["state=__proto__&page=Infinity", { state: undefined, page: 1 }],
  ])("?%s reads as %j, never as an error", (query, parsed) => {
    expect(notificationsLogQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))).toEqual(parsed);
  });

  test("every state can be asked for by its own name", () => {
    for (const state of NOTIFICATION_STATES) {
      const query = new URL(notificationsLogHref(state), "http://shop.test").searchParams;
      expect(notificationsLogQuerySchema.parse(Object.fromEntries(query)).state).toBe(state);
    }
  });
});

describe("how a message reads", () => {
  test.each([
    ["order-placed", "Order placed"],
    ["out-for-delivery", "Out for delivery"],
    ["staff-new-order", "New order (to staff)"],
    ["campaign-sms", "Campaign SMS"],
    ["campaign-email", "Campaign email"],
    ["some-retired-message", "some-retired-message"],
  ])("%j is labelled %j", (key, label) => {
    expect(messageLabel(key)).toBe(label);
  });

  test("states are Pending, Sent, Failed and Not sent", () => {
    expect(NOTIFICATION_STATES.map((state) => NOTIFICATION_STATE_LABELS[state])).toEqual(["Pending", "Sent", "Failed", "Not sent"]);
  });

  const row = {
    id: "msg-1",
    message: "payment-received",
    channel: "sms" as const,
    recipient: "+254712345678",
    state: "failed" as const,
    attempts: 8,
    lastError: "The SMS gateway refused the message: InvalidPhoneNumber +254712345678 (403).",
    createdAt: new Date("2026-11-20T10:00:00Z"),
    sentAt: null,
    orderId: "order123456",
  };

  test("a message never shows its recipient in full, not even in the gateway's reason", () => {
    expect(loggedMessage(row)).toEqual({
      id: "msg-1",
      label: "Payment received",
      channel: "sms",
      recipient: "+254 ••• ••• 678",
      state: "failed",
      attempts: 8,
      lastError: "The SMS gateway refused the message: InvalidPhoneNumber +254 ••• ••• 678 (403).",
      createdAt: row.createdAt,
      sentAt: null,
      orderId: "order123456",
    });
    const email = loggedMessage({ ...row, channel: "email", recipient: "Owner@AmaniCrafts.co.ke", lastError: null });
    expect(email).toMatchObject({ recipient: "O•••@amanicrafts.co.ke", lastError: null });
  });

  test.each([
    ["sms", "+254712345678", "Rejected 254712345678 and 0712345678.", "Rejected +254 ••• ••• 678 and +254 ••• ••• 678."],
    ["sms", "+254712345678", "Rejected +254 712-345 678.", "Rejected +254 ••• ••• 678."],
    // Other numbers stay: status codes, another phone, the HTTP status.
    ["sms", "+254712345678", "HTTP 500 for +254700000001 (code 406).", "HTTP 500 for +254700000001 (code 406)."],
    ["sms", "+2547", "Rejected +2547.", "Rejected +2547."],
    ["email", "wanjiku@example.com", "550 5.1.1 <Wanjiku@Example.com>: no such user", "550 5.1.1 <w•••@example.com>: no such user"],
    ["email", "a.b+c@x.co", "550 a.b+c@x.co and axb+c@x.co", "550 a•••@x.co and axb+c@x.co"],
    ["email", "wanjiku@example.com", "Connection timed out after 10 s.", "Connection timed out after 10 s."],
  ] as const)("a %s reason to %j reads %j → %j", (channel, recipient, error, shown) => {
    expect(shownError(channel, recipient, error)).toBe(shown);
  });

  test("the activity log notes which message was sent again, to whom, masked", () => {
    expect(sentAgainNote(loggedMessage(row))).toBe("Sent again: Payment received, SMS to +254 ••• ••• 678");
  });

  test.each([
    [undefined, "No messages yet."],
    ["failed", "No failed messages."],
    ["not sent", "No not sent messages."],
  ] as const)("an empty list for %j says %j", (state, message) => {
    expect(emptyLogMessage(state)).toBe(message);
  });

  test.each([
    [1, "1 message failed to send"],
    [2, "2 messages failed to send"],
    [1200, "1,200 messages failed to send"],
  ])("the dashboard says %j as %j", (count, line) => {
    expect(failedMessagesLine(count)).toBe(line);
  });
});

describe("Send again", () => {
  test.each([
    [{ problem: "missing" } as const, "This message is no longer in the log. Please reload the page."],
    [{ problem: "not-failed", state: "pending" } as const, "This message is already waiting to be sent."],
    [{ problem: "not-failed", state: "sent" } as const, "This message has already been sent, so it was not sent again."],
    [
      { problem: "not-failed", state: "not sent" } as const,
      "This message was not sent, for the reason shown in the log, so it is never sent later.",
    ],
  ])("%j reads %j", (refusal, message) => {
    expect(sendAgainRefusalMessage(refusal)).toBe(message);
  });

  test.each([
    [{ id: " msg-1 " }, { id: "msg-1" }],
    [{ id: "x".repeat(100) }, { id: "x".repeat(100) }],
  ])("%j names a message", (form, parsed) => {
    expect(sendAgainSchema.parse(form)).toEqual(parsed);
  });

  test.each([{}, { id: "" }, { id: "   " }, { id: "x".repeat(101) }])("%j is refused in words", (form) => {
    const parsed = sendAgainSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("This message is no longer in the log. Please reload the page.");
  });
});
