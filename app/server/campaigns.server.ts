import { count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  CAMPAIGN_EMAIL,
  CAMPAIGN_SMS,
  CAMPAIGN_TEST,
  type CampaignAudience,
  type CampaignDraft,
  campaignEmailText,
  campaignMessageDueAt,
  type CampaignProgress,
  campaignSmsText,
  OPTED_OUT,
  sampleUnsubscribeUrl,
} from "~/domain/campaigns";
import { newsletterLinks } from "~/domain/newsletter";
import { renderEmailHtml } from "~/domain/notifications";
import { config } from "./config.server";
import { agreedToMarketingSql } from "./consent.server";
import { inBatches } from "./db/batches.server";
import { db } from "./db/database.server";
import { campaigns, consentEvents, newsletterSubscribers, notifications } from "./db/schema.server";
import { publish } from "./events.server";
import { outboxInsert, type OutboxMessage, queueNotifications } from "./notifications.server";
import { newRecordId } from "./random.server";
import { readSiteDocument } from "./site-documents.server";

// Campaigns (issue 25, decision 059): staff write an email and/or an SMS; Send queues one outbox message per recipient in one
// transaction, spaced at a steady rate, so a restart mid-send loses nothing and sends nothing twice; each message's
// consent is checked again as it is claimed to send (notifications.server.ts withdrawOptedOut).

/** The phones whose consent stands, in SQL: each phone's latest change agreed. */
const consentingPhones = sql<string>`(select distinct ${consentEvents.phoneDigits} as digits from ${consentEvents}) phones`;

/** Where the shop's links lead: its public address (links in messages must work outside the shop). */
const shopOrigin = () => config().publicUrl ?? "";

/** How many would get a campaign sent now: confirmed subscribers by email, consenting customers by SMS. */
export async function campaignAudience(): Promise<CampaignAudience> {
  const database = await db();
  const [email] = await database.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.state, "confirmed"));
  const [sms] = await database
    .select({ n: count() })
    .from(consentingPhones)
    .where(agreedToMarketingSql(sql`phones.digits`));
  return { email: email?.n ?? 0, sms: sms?.n ?? 0 };
}

/**
 * Sends a campaign: records it and queues its messages, one per recipient (each key names the campaign and the
 * recipient, so it can never be queued twice), due one after another at the steady rate. Returns the campaign's id and
 * how many it was sent to.
 */
export async function sendCampaign(draft: CampaignDraft, staffEmail: string, now = new Date()): Promise<{ id: string } & CampaignAudience> {
  const { storeName } = await readSiteDocument("settings");
  const origin = shopOrigin();
  return (await db()).transaction(async (tx) => {
    const id = `cmp-${newRecordId()}`;
    const subscribers = draft.email
      ? await tx
          .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.state, "confirmed"))
          .orderBy(newsletterSubscribers.email)
      : [];
    const phones = draft.sms
      ? await tx
          .select({ digits: sql<string>`phones.digits` })
          .from(consentingPhones)
          .where(agreedToMarketingSql(sql`phones.digits`))
          .orderBy(sql`phones.digits`)
      : [];
    await tx.insert(campaigns).values({
      id,
      title: draft.title,
      emailSubject: draft.email?.subject ?? "",
      emailText: draft.email?.text ?? "",
      smsText: draft.sms?.text ?? "",
      emailRecipients: subscribers.length,
      smsRecipients: phones.length,
      sentBy: staffEmail,
      sentAt: now,
    });
    const messages: OutboxMessage[] = [
      ...subscribers.map((subscriber, position): OutboxMessage => {
        const unsubscribeUrl = newsletterLinks(origin, subscriber.token).UNSUBSCRIBE_URL;
        const text = campaignEmailText(draft.email!.text, storeName, unsubscribeUrl);
        return {
          key: `campaign:${id}:email:${subscriber.email}`,
          message: CAMPAIGN_EMAIL,
          channel: "email",
          recipient: subscriber.email,
          subject: draft.email!.subject,
          body: text,
          html: renderEmailHtml(text, {}),
          campaignId: id,
          unsubscribeUrl,
          dueAt: campaignMessageDueAt(now, position),
        };
      }),
      ...phones.map((phone, position): OutboxMessage => ({
        key: `campaign:${id}:sms:+${phone.digits}`,
        message: CAMPAIGN_SMS,
        channel: "sms",
        recipient: `+${phone.digits}`,
        body: campaignSmsText(draft.sms!.text),
        campaignId: id,
        dueAt: campaignMessageDueAt(now, position),
      })),
    ];
    for (const batch of inBatches(messages)) await outboxInsert(tx, batch, now);
    await publish(tx, "campaigns", id);
    return { id, email: subscribers.length, sms: phones.length };
  });
}

/** What the preview shows a campaign with: the shop's name and a sample of the unsubscribe link each email carries. */
export async function campaignPreview(): Promise<{ storeName: string; unsubscribeUrl: string }> {
  const { storeName } = await readSiteDocument("settings");
  return { storeName, unsubscribeUrl: sampleUnsubscribeUrl(shopOrigin()) };
}

/**
 * Sends the draft to the staff member alone, as the outbox sends any message: the email to their own address and, when
 * they give a phone, the SMS to it, each exactly as a recipient would get it but with a link that unsubscribes nobody.
 * Each test is a message of its own (its key is new), so a second test is sent too. Returns where each went.
 */
export async function sendCampaignTest(
  draft: CampaignDraft,
  staffEmail: string,
  phone: string | undefined,
  now = new Date(),
): Promise<{ email: string | null; sms: string | null }> {
  const { storeName } = await readSiteDocument("settings");
  const test = `campaign-test:${newRecordId()}`;
  const email = draft.email;
  const sms = draft.sms && phone ? { text: draft.sms.text, to: phone } : null;
  const messages: OutboxMessage[] = [];
  if (email) {
    const text = campaignEmailText(email.text, storeName, sampleUnsubscribeUrl(shopOrigin()));
    messages.push({
      key: `${test}:email:${staffEmail}`,
      message: CAMPAIGN_TEST,
      channel: "email",
      recipient: staffEmail,
      subject: email.subject,
      body: text,
      html: renderEmailHtml(text, {}),
    });
  }
  if (sms) {
    messages.push({
      key: `${test}:sms:${sms.to}`,
      message: CAMPAIGN_TEST,
      channel: "sms",
      recipient: sms.to,
      body: campaignSmsText(sms.text),
    });
  }
  await (await db()).transaction((tx) => queueNotifications(tx, messages, now));
  return { email: email ? staffEmail : null, sms: sms?.to ?? null };
}

export type CampaignRow = {
  id: string;
  title: string;
  sentAt: Date;
  sentBy: string;
  emailRecipients: number;
  smsRecipients: number;
  progress: CampaignProgress;
};

/** The campaigns sent, newest first, each with how its messages stand now. */
export async function listCampaigns(limit = 50): Promise<CampaignRow[]> {
  const database = await db();
  const rows = await database.select().from(campaigns).orderBy(desc(campaigns.sentAt)).limit(limit);
  if (rows.length === 0) return [];
  const states = await database
    .select({ campaignId: notifications.campaignId, state: notifications.state, lastError: notifications.lastError, n: count() })
    .from(notifications)
    .where(
      inArray(
        notifications.campaignId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(notifications.campaignId, notifications.state, notifications.lastError);
  return rows.map((row) => {
    const progress: CampaignProgress = { waiting: 0, sent: 0, failed: 0, optedOut: 0, notSent: 0 };
    for (const state of states.filter((s) => s.campaignId === row.id)) {
      if (state.state === "pending") progress.waiting += state.n;
      else if (state.state === "sent") progress.sent += state.n;
      else if (state.state === "failed") progress.failed += state.n;
      else if (state.lastError === OPTED_OUT) progress.optedOut += state.n;
      else progress.notSent += state.n;
    }
    return {
      id: row.id,
      title: row.title,
      sentAt: row.sentAt,
      sentBy: row.sentBy,
      emailRecipients: row.emailRecipients,
      smsRecipients: row.smsRecipients,
      progress,
    };
  });
}
