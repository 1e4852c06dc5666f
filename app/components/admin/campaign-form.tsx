import { type ReactNode, useId } from "react";
import { TextArea, TextField } from "~/components/ui/field";
import { audienceText, type CampaignAudience, campaignEmailText, campaignSmsText, MAX_CAMPAIGN_SMS_LENGTH } from "~/domain/campaigns";
import {
  CAMPAIGN_EMAIL_TEXT_MAX,
  CAMPAIGN_SUBJECT_MAX,
  CAMPAIGN_TITLE_MAX,
  type CampaignErrors,
  campaignSmsLength,
} from "~/domain/campaigns.schema";
import { PHONE_MAX_LENGTH } from "~/domain/phone";

// The Campaigns page's form (issue 25) and its preview, which shows each message exactly as it goes out. The form is
// the page's own state: a refused post, a test or an unticked channel loses nothing typed.

/** What the form holds, as its fields post it. */
export type CampaignValues = {
  title: string;
  email: boolean;
  emailSubject: string;
  emailText: string;
  sms: boolean;
  smsText: string;
  testPhone: string;
};

export const NO_CAMPAIGN: CampaignValues = {
  title: "",
  email: true,
  emailSubject: "",
  emailText: "",
  sms: false,
  smsText: "",
  testPhone: "",
};

function ChannelBox({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (ticked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-3 font-semibold">
      <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-5" />
      {label}
    </label>
  );
}

export function CampaignFields({
  values,
  onChange,
  errors,
}: {
  values: CampaignValues;
  onChange: (change: Partial<CampaignValues>) => void;
  errors: CampaignErrors;
}) {
  const channelsError = useId();
  const smsLength = campaignSmsLength(values.smsText);
  return (
    <div className="space-y-5">
      <TextField
        label="Title"
        name="title"
        value={values.title}
        onChange={(event) => onChange({ title: event.target.value })}
        maxLength={CAMPAIGN_TITLE_MAX}
        hint="For the list of campaigns; recipients do not see it."
        error={errors.title}
      />
      <fieldset className="space-y-4" aria-describedby={errors.channels ? channelsError : undefined}>
        <legend className="text-sm font-semibold">How to send it</legend>
        <div className="space-y-4 rounded-2xl border border-clay-200 p-4 dark:border-earth-800">
          <ChannelBox name="email" label="Send by email" checked={values.email} onChange={(email) => onChange({ email })} />
          <TextField
            label="Subject"
            name="emailSubject"
            value={values.emailSubject}
            onChange={(event) => onChange({ emailSubject: event.target.value })}
            maxLength={CAMPAIGN_SUBJECT_MAX}
            error={errors.emailSubject}
          />
          <TextArea
            label="Email text"
            name="emailText"
            rows={8}
            value={values.emailText}
            onChange={(event) => onChange({ emailText: event.target.value })}
            maxLength={CAMPAIGN_EMAIL_TEXT_MAX}
            hint="The unsubscribe link is added below your text."
            error={errors.emailText}
          />
        </div>
        <div className="space-y-4 rounded-2xl border border-clay-200 p-4 dark:border-earth-800">
          <ChannelBox name="sms" label="Send by SMS" checked={values.sms} onChange={(sms) => onChange({ sms })} />
          <TextArea
            label="SMS text"
            name="smsText"
            rows={4}
            value={values.smsText}
            onChange={(event) => onChange({ smsText: event.target.value })}
            hint={`${smsLength} of ${MAX_CAMPAIGN_SMS_LENGTH} characters. “STOP to opt out” is added on a line of its own.`}
            error={errors.smsText}
          />
        </div>
        {errors.channels && (
          <p id={channelsError} className="text-sm font-medium text-red-700 dark:text-red-300">
            {errors.channels}
          </p>
        )}
      </fieldset>
      <TextField
        label="Your phone for the test SMS"
        name="testPhone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        placeholder="+254712345678"
        value={values.testPhone}
        onChange={(event) => onChange({ testPhone: event.target.value })}
        hint="Optional: the test email goes to your own address; the test SMS goes here."
        error={errors.testPhone}
      />
    </div>
  );
}

function PreviewPart({ heading, to, children }: { heading: string; to: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-2xl border border-clay-200 p-4 dark:border-earth-800">
      <h3 className="font-semibold">{heading}</h3>
      <p className="text-sm">To {to}</p>
      {children}
    </section>
  );
}

const messageText = "rounded-lg bg-clay-100 p-3 font-sans text-sm whitespace-pre-wrap break-words dark:bg-earth-800";

/** Each ticked channel's message as it goes out, and to how many. */
export function CampaignPreview({
  values,
  audience,
  storeName,
  unsubscribeUrl,
}: {
  values: CampaignValues;
  audience: CampaignAudience;
  storeName: string;
  unsubscribeUrl: string;
}) {
  const to = audienceText(audience);
  return (
    <section aria-labelledby="campaign-preview" className="space-y-4">
      <h2 id="campaign-preview" className="font-display text-xl font-semibold">
        Preview
      </h2>
      {!values.email && !values.sms && <p>Tick Send by email or Send by SMS to see the message.</p>}
      {values.email && (
        <PreviewPart heading="Email" to={to.email}>
          <p className="text-sm">
            <span className="font-semibold">Subject:</span> {values.emailSubject.trim()}
          </p>
          <pre className={messageText}>{campaignEmailText(values.emailText.trim(), storeName, unsubscribeUrl)}</pre>
          <p className="text-sm text-earth-700 dark:text-clay-200">Each subscriber’s email carries their own unsubscribe link.</p>
        </PreviewPart>
      )}
      {values.sms && (
        <PreviewPart heading="SMS" to={to.sms}>
          <pre className={messageText}>{campaignSmsText(values.smsText.trim())}</pre>
        </PreviewPart>
      )}
    </section>
  );
}
