import { useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { CampaignFields, CampaignPreview, type CampaignValues, NO_CAMPAIGN } from "~/components/admin/campaign-form";
import { CampaignList } from "~/components/admin/campaign-list";
import { useLiveTopics } from "~/components/live-sync";
import { Button } from "~/components/ui/button";
import { Dialog, DialogButtons } from "~/components/ui/dialog";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { audienceText, campaignConfirmation } from "~/domain/campaigns";
import { campaignActionSchema, campaignDraftSchema, type CampaignErrors, campaignErrors } from "~/domain/campaigns.schema";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { campaignAudience, campaignPreview, listCampaigns, sendCampaign, sendCampaignTest } from "~/server/campaigns.server";
import { config } from "~/server/config.server";
import { formFields } from "~/server/form.server";
import type { Route } from "./+types/campaigns";

// The Campaigns page (issue 25): write an email and/or an SMS, see it as it goes out and to how many, test it on
// yourself, then Send. The rules are in app/domain/campaigns.ts, the sending in app/server/campaigns.server.ts.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [campaigns, audience, preview] = await Promise.all([listCampaigns(), campaignAudience(), campaignPreview()]);
  return { campaigns, audience, ...preview, timeZone: config().timeZone };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const { intent, testPhone, ...draft } = formFields(await request.formData());
  const parsed = campaignActionSchema.safeParse({ intent, testPhone, draft });
  if (!parsed.success) return data({ ok: false as const, errors: campaignErrors(parsed.error.issues) }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "test") {
    const sent = await sendCampaignTest(input.draft, staff.email, input.testPhone);
    const to = [sent.email, sent.sms].filter((recipient) => recipient !== null).join(" and ");
    return { ok: true as const, intent: input.intent, message: `A test is on its way to ${to}.` };
  }
  const sent = await sendCampaign(input.draft, staff.email);
  const to = audienceText(sent);
  const reaching = [...(input.draft.email ? [to.email] : []), ...(input.draft.sms ? [to.sms] : [])].join(" and ");
  return { ok: true as const, intent: input.intent, message: `“${input.draft.title}” is being sent to ${reaching}.` };
}

/** The form's fields as it would post them, for checking before the confirmation opens. */
const posted = (values: CampaignValues): Record<string, string> => ({
  title: values.title,
  emailSubject: values.emailSubject,
  emailText: values.emailText,
  smsText: values.smsText,
  ...(values.email && { email: "on" }),
  ...(values.sms && { sms: "on" }),
});

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, audience, storeName, unsubscribeUrl, timeZone } = loaderData;
  useLiveTopics(["campaigns"]);
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CampaignValues>(NO_CAMPAIGN);
  const [confirming, setConfirming] = useState(false);
  // Send checks the form before asking; what it finds stands until the next post.
  const [checked, setChecked] = useState<CampaignErrors | null>(null);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = checked ?? (answer?.ok === false ? answer.errors : {});

  // Each answer once, as it arrives: the confirmation closes; a sent campaign is done, so the form starts afresh. A
  // refused one keeps everything typed, with the errors beside the fields.
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer) setConfirming(false);
    if (answer?.ok && answer.intent === "send") setValues(NO_CAMPAIGN);
  }

  const post = (intent: "test" | "send") => {
    setChecked(null);
    const fields = new FormData(form.current!);
    fields.set("intent", intent);
    void fetcher.submit(fields, { method: "post" });
  };
  const askToSend = () => {
    const check = campaignDraftSchema.safeParse(posted(values));
    if (check.success) {
      setChecked(null);
      setConfirming(true);
    } else setChecked(campaignErrors(check.error.issues));
  };
  const busy = fetcher.state !== "idle";
  const sending = busy && fetcher.formData?.get("intent") === "send";

  return (
    <div className="space-y-8">
      <p className="max-w-prose">
        An email goes to confirmed newsletter subscribers, an SMS to customers who agreed to marketing. Each message is checked again just
        before it goes, so nobody who unsubscribed or withdrew meanwhile gets it.
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <fetcher.Form
          ref={form}
          method="post"
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            post("test");
          }}
        >
          <CampaignFields values={values} onChange={(change) => setValues((now) => ({ ...now, ...change }))} errors={errors} />
          <ErrorMessage>{errors.form}</ErrorMessage>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="test" variant="secondary" disabled={busy}>
              {busy && !sending ? "Sending the test..." : "Send a test to me"}
            </Button>
            <Button onClick={askToSend} disabled={busy}>
              {sending ? "Sending..." : "Send"}
            </Button>
          </div>
          <LiveStatus className="text-sm font-medium">{answer?.ok ? answer.message : ""}</LiveStatus>
        </fetcher.Form>
        <CampaignPreview values={values} audience={audience} storeName={storeName} unsubscribeUrl={unsubscribeUrl} />
      </div>

      <section aria-labelledby="campaigns-sent" className="space-y-4">
        <h2 id="campaigns-sent" className="font-display text-xl font-semibold">
          Campaigns sent
        </h2>
        <CampaignList campaigns={campaigns} timeZone={timeZone} />
      </section>

      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Send campaign">
        <div className="space-y-4">
          <p>{campaignConfirmation(audience, { email: values.email, sms: values.sms })}</p>
          <DialogButtons
            onCancel={() => setConfirming(false)}
            label="Send"
            busyLabel="Sending..."
            busy={sending}
            onConfirm={() => post("send")}
          />
        </div>
      </Dialog>
    </div>
  );
}
