import { type ReactNode, useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Badge, ErrorMessage, LiveStatus } from "~/components/ui/status";
import { shopDateTime } from "~/domain/shop-time";
import { ABSOLUTE_SESSION_HOURS } from "~/domain/staff-session";

// The two sections of Your account (decision 045): where the member is signed in, and their two-step sign-in.

type Answer = { error?: string; done?: string; recoveryCodes?: string[] };
type Session = { id: string; device: string; signedInAt: Date; lastSeenAt: Date; thisDevice: boolean };

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-earth-700 dark:text-clay-200">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** A form of one button that says what it does with a hidden intent. */
function IntentButton({
  intent,
  label,
  variant = "secondary",
  fields = {},
  describedBy,
}: {
  intent: string;
  label: string;
  variant?: "primary" | "secondary";
  fields?: Record<string, string>;
  describedBy?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} aria-describedby={describedBy}>
        {label}
      </Button>
    </Form>
  );
}

function SessionItem({ session, timeZone }: { session: Session; timeZone: string }) {
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <p id={nameId} className="font-semibold">
          {session.device} {session.thisDevice && <Badge tone="green">This device</Badge>}
        </p>
        <p className="text-sm text-earth-700 dark:text-clay-200">
          Signed in <time dateTime={session.signedInAt.toISOString()}>{shopDateTime(session.signedInAt, timeZone)}</time>
          {" · "}
          Last seen <time dateTime={session.lastSeenAt.toISOString()}>{shopDateTime(session.lastSeenAt, timeZone)}</time>
        </p>
      </div>
      <IntentButton intent="end-session" label="Sign out" fields={{ sessionId: session.id }} describedBy={nameId} />
    </li>
  );
}

export function SessionsSection({
  sessions,
  idleMinutes,
  timeZone,
  answer,
}: {
  sessions: Session[];
  idleMinutes: number;
  timeZone: string;
  answer: Answer | undefined;
}) {
  return (
    <Section
      title="Signed-in sessions"
      description={`Where you are signed in now. A session ends after ${idleMinutes} minutes without use, and ${ABSOLUTE_SESSION_HOURS} hours after signing in.`}
    >
      <ul aria-label="Your sessions" className="divide-y divide-clay-200 border-y border-clay-200 dark:divide-earth-800 dark:border-earth-800">
        {sessions.map((session) => (
          <SessionItem key={session.id} session={session} timeZone={timeZone} />
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {sessions.length > 1 && <IntentButton intent="end-other-sessions" label="Sign out all other sessions" />}
        <IntentButton intent="end-all-sessions" label="Sign out everywhere" />
      </div>
      <ErrorMessage>{answer?.error}</ErrorMessage>
      <LiveStatus className="text-sm font-semibold">{answer?.done}</LiveStatus>
    </Section>
  );
}

function CodeForm({ intent, label, button, error }: { intent: string; label: string; button: string; error: string | undefined }) {
  const working = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" className="max-w-sm space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <TextField label={label} name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} required maxLength={40} error={error} />
      <Button type="submit" disabled={working}>
        {button}
      </Button>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3 rounded-lg border border-clay-300 p-4 dark:border-earth-700">
      <p role="status" className="font-semibold">
        Two-step sign-in is on.
      </p>
      <p className="text-sm">
        Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if your phone is lost. They are shown only
        this once.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

export function TwoStepSection({
  state,
  required,
  answer,
}: {
  state: { on: boolean; recoveryCodesLeft: number; setup?: { secret: string; qrSvg: string } };
  required: boolean;
  answer: Answer | undefined;
}) {
  return (
    <Section
      title="Two-step sign-in"
      description="After your password, signing in also asks for a code from an authenticator app on your phone, so a stolen password alone is not enough."
    >
      {required && !state.on && (
        <p className="rounded-lg border border-amber-700/40 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-300/40 dark:bg-amber-950/40 dark:text-amber-100">
          This shop requires Developers to use two-step sign-in. Set it up to open the other admin pages.
        </p>
      )}
      {answer?.recoveryCodes ? (
        <RecoveryCodes codes={answer.recoveryCodes} />
      ) : state.on ? (
        <>
          <p>
            Two-step sign-in is on. {state.recoveryCodesLeft === 1 ? "1 recovery code is" : `${state.recoveryCodesLeft} recovery codes are`} left.
          </p>
          <CodeForm
            intent="turn-off-two-step"
            label="Code to turn it off"
            button="Turn off two-step sign-in"
            error={answer?.error}
          />
        </>
      ) : state.setup ? (
        <div className="space-y-5">
          <p>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the code it shows.</p>
          <div className="flex flex-wrap items-center gap-6">
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="size-48 rounded-lg bg-white p-2 [&>svg]:size-full"
              // The SVG is drawn on the server by the qrcode package from the shop's own otpauth address.
              dangerouslySetInnerHTML={{ __html: state.setup.qrSvg }}
            />
            <dl className="space-y-1 text-sm">
              <dt>Cannot scan it? Enter this setup key in the app:</dt>
              <dd className="font-mono text-base font-semibold break-all">{state.setup.secret}</dd>
            </dl>
          </div>
          <CodeForm intent="confirm-two-step" label="Code from the app" button="Turn on two-step sign-in" error={answer?.error} />
        </div>
      ) : (
        <IntentButton intent="set-up-two-step" label="Set up two-step sign-in" variant="primary" />
      )}
      {answer?.done && <LiveStatus className="text-sm font-semibold">{answer.done}</LiveStatus>}
    </Section>
  );
}
