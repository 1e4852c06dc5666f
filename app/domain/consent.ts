// Consent to marketing (issue 25): Kenya's Data Protection Act 2019 asks a shop to send marketing only to people who
// agreed, to say how to stop in every marketing message, and to stop at once when asked. Consent is kept per phone
// number (digits only, as orders link phones), with when and how each change was made; the latest change decides.

export const PRIVACY_NOTICE = "We use your details to deliver your order.";
export const PRIVACY_POLICY_LINK_TEXT = "Privacy Policy";
export const MARKETING_CONSENT_LABEL = "Send me news and offers";

/** How a phone's consent was given or withdrawn. */
export const CONSENT_SOURCES = ["checkout", "staff", "sms-reply", "opt-out-link"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  checkout: "Ticked at checkout",
  staff: "Changed by staff",
  "sms-reply": "Replied STOP to an SMS",
  "opt-out-link": "Opted out with the link in a message",
};

/** One change of a phone's consent. */
export type ConsentChange = { agreed: boolean; at: Date; source: ConsentSource; staffEmail: string | null };

/**
 * Whether a phone may be sent marketing now: only if its latest change agreed. No change at all is no consent, and
 * of two changes at the same instant the withdrawal wins. consent.server.ts asks the same in SQL.
 */
export function hasConsent(changes: readonly Pick<ConsentChange, "agreed" | "at">[]): boolean {
  let latest: Pick<ConsentChange, "agreed" | "at"> | undefined;
  for (const change of changes) {
    const later = !latest || change.at > latest.at || (change.at.getTime() === latest.at.getTime() && !change.agreed);
    if (later) latest = change;
  }
  return latest?.agreed ?? false;
}

/**
 * What a checkout records: a ticked box is consent; an unticked one changes nothing (a shopper who agreed before and
 * orders again without ticking has not withdrawn; withdrawing is done by the link, a STOP reply or staff).
 */
export function checkoutConsentChange(ticked: boolean, at: Date): ConsentChange | null {
  return ticked ? { agreed: true, at, source: "checkout", staffEmail: null } : null;
}

// The words carriers and gateways treat as "stop sending me messages" (as in the CTIA's and Safaricom's bulk SMS
// rules), in any case, alone in the reply, with punctuation around them allowed.
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "OPT OUT"]);

/** Whether a reply to the shop's SMS asks to stop marketing. */
export function isStopReply(text: string): boolean {
  const word = text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return STOP_WORDS.has(word);
}

/** The line every marketing SMS ends with (issue 25). */
export const SMS_OPT_OUT_LINE = "STOP to opt out";

/** A marketing SMS as sent: the staff's text, then the opt-out line on a line of its own. */
export function marketingSms(text: string): string {
  return `${text.trimEnd()}\n${SMS_OPT_OUT_LINE}`;
}
