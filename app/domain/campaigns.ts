import { marketingSms, SMS_OPT_OUT_LINE } from "./consent";
import { newsletterLinks } from "./newsletter";
import { formatCount } from "./number-format";

// Campaigns (issue 25): marketing the law allows. An email goes only to confirmed newsletter subscribers and carries a
// one-click unsubscribe link; an SMS goes only to customers whose consent stands, and ends with how to stop. Both are
// checked again when each message is about to go, so a withdrawal a second before still stops it.

/** The outbox's names for a campaign's messages, as notifications.message. */
export const CAMPAIGN_EMAIL = "campaign-email";
export const CAMPAIGN_SMS = "campaign-sms";
export const CAMPAIGN_MESSAGES: readonly string[] = [CAMPAIGN_EMAIL, CAMPAIGN_SMS];
/** A test staff send themselves: not marketing to a customer, so no consent check holds it back. */
export const CAMPAIGN_TEST = "campaign-test";

/** How the Notifications Log names a campaign's messages. */
export const CAMPAIGN_MESSAGE_LABELS: Record<string, string> = {
  [CAMPAIGN_EMAIL]: "Campaign email",
  [CAMPAIGN_SMS]: "Campaign SMS",
  [CAMPAIGN_TEST]: "Campaign test",
};

/** Why a campaign message was not sent: the recipient withdrew consent or unsubscribed after it was queued. */
export const OPTED_OUT = "not sent: opted out";

/**
 * How many of a campaign's messages go a minute on each channel: a steady trickle that stays inside gateways' rate
 * limits and leaves room in the outbox for order messages, which are due at once.
 */
export const CAMPAIGN_MESSAGES_PER_MINUTE = 120;

/** When the `position`th message (from 0) of a channel falls due, counted from `start`. */
export function campaignMessageDueAt(start: Date, position: number, perMinute = CAMPAIGN_MESSAGES_PER_MINUTE): Date {
  return new Date(start.getTime() + Math.floor((position * 60_000) / perMinute));
}

/** The email's text as sent: the staff's words, then why they get it and the link to stop. */
export function campaignEmailText(text: string, shopName: string, unsubscribeUrl: string): string {
  return `${text.trimEnd()}\n\n—\nYou receive this because you subscribed to news from ${shopName}. Unsubscribe: ${unsubscribeUrl}`;
}

/**
 * The unsubscribe link shown in the preview and the test email: each subscriber's own link differs only in its token,
 * and this one unsubscribes nobody.
 */
export function sampleUnsubscribeUrl(origin: string): string {
  return newsletterLinks(origin, "your-own-link").UNSUBSCRIBE_URL;
}

/** The SMS as sent: the staff's words and the opt-out line. */
export const campaignSmsText = marketingSms;

/** The longest SMS text staff may write: three SMS parts less the opt-out line and its line break. */
export const MAX_CAMPAIGN_SMS_LENGTH = 3 * 153 - SMS_OPT_OUT_LINE.length - 1;

/** What staff write: an email (subject and text) and/or an SMS; an empty part is not sent. */
export type CampaignDraft = { title: string; email: { subject: string; text: string } | null; sms: { text: string } | null };

export type CampaignAudience = { email: number; sms: number };

/** The recipients the page states: "2 confirmed newsletter subscribers", "1 customer who agreed to marketing". */
export function audienceText(audience: CampaignAudience): { email: string; sms: string } {
  return {
    email: `${formatCount(audience.email)} confirmed newsletter ${audience.email === 1 ? "subscriber" : "subscribers"}`,
    sms: `${formatCount(audience.sms)} ${audience.sms === 1 ? "customer who" : "customers who"} agreed to marketing`,
  };
}

/** The confirmation before Send, stating how many will get it. */
export function campaignConfirmation(audience: CampaignAudience, channels: { email: boolean; sms: boolean }): string {
  const parts = [
    ...(channels.email
      ? [`${formatCount(audience.email)} newsletter ${audience.email === 1 ? "subscriber" : "subscribers"} by email`]
      : []),
    ...(channels.sms ? [`${formatCount(audience.sms)} ${audience.sms === 1 ? "customer" : "customers"} by SMS`] : []),
  ];
  return `Send this campaign to ${parts.join(" and ")}? It cannot be stopped once sent.`;
}

/** A campaign's messages by how they ended so far. */
export type CampaignProgress = { waiting: number; sent: number; failed: number; optedOut: number; notSent: number };
