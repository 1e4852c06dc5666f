import { data, redirect } from "react-router";
import { SessionsSection, TwoStepSection } from "~/components/admin/staff-account";
import { type AccountForm, accountFormSchema, WRONG_APP_CODE_MESSAGE } from "~/domain/staff-account.schema";
import { TWO_STEP_LOCKED_OUT_MESSAGE, WRONG_TWO_STEP_CODE_MESSAGE } from "~/domain/staff-login";
import { staffIdleMinutes, twoStepRequiredForDevelopers } from "~/domain/staff-session";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { formFields } from "~/server/form.server";
import { endSession, endSessionById, endSessionsOf, listSessions, type SignedInStaff } from "~/server/session.server";
import { readSiteDocument } from "~/server/site-documents.server";
import { checkTwoStepCode } from "~/server/staff-login.server";
import { beginTwoStepSetup, confirmTwoStep, turnOffTwoStep, twoStepState } from "~/server/two-step.server";
import type { Route } from "./+types/account";

// Your account (issue 21, decision 045): a staff member's own signed-in sessions and two-step sign-in.

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAdminPage(request);
  const settings = await readSiteDocument("settings");
  const [sessions, twoStep] = await Promise.all([listSessions(staff.id), twoStepState(staff.id, staff.email, settings.storeName)]);
  return {
    sessions: sessions.map((session) => ({ ...session, thisDevice: session.id === staff.sessionId })),
    twoStep,
    twoStepRequired: staff.role === "developer" && twoStepRequiredForDevelopers(settings),
    idleMinutes: staffIdleMinutes(settings),
    timeZone: config().timeZone,
  };
}

export type AccountAnswer = { intent?: AccountForm["intent"]; error?: string; done?: string; recoveryCodes?: string[] };

/** Signing this browser out: its session is gone, so the cookie goes too, and sign-in comes next. */
const signedOutHere = async (request: Request) => redirect("/admin/login", { headers: { "Set-Cookie": await endSession(request) } });

async function carryOut(form: AccountForm, staff: SignedInStaff, request: Request, clientAddress: string) {
  switch (form.intent) {
    case "end-session": {
      if (form.sessionId === staff.sessionId) return signedOutHere(request);
      // Only the member's own: another member's session id ends nothing and says so like any ended one.
      if (!(await endSessionById(staff.id, form.sessionId))) {
        return data<AccountAnswer>({ intent: form.intent, error: "That session had already ended." }, { status: 404 });
      }
      return data<AccountAnswer>({ intent: form.intent, done: "That session is signed out." });
    }
    case "end-other-sessions":
      await endSessionsOf(staff.id, staff.sessionId);
      return data<AccountAnswer>({ intent: form.intent, done: "Every other session is signed out." });
    case "end-all-sessions":
      await endSessionsOf(staff.id);
      return signedOutHere(request);
    case "set-up-two-step":
      await beginTwoStepSetup(staff.id);
      return data<AccountAnswer>({ intent: form.intent });
    case "confirm-two-step": {
      const recoveryCodes = await confirmTwoStep(staff.id, form.code);
      if (!recoveryCodes) return data<AccountAnswer>({ intent: form.intent, error: WRONG_APP_CODE_MESSAGE }, { status: 400 });
      return data<AccountAnswer>({ intent: form.intent, recoveryCodes });
    }
    case "turn-off-two-step": {
      const checked = await checkTwoStepCode(staff.id, form.code, clientAddress);
      if (!checked.ok) {
        return checked.reason === "locked-out"
          ? data<AccountAnswer>({ intent: form.intent, error: TWO_STEP_LOCKED_OUT_MESSAGE }, { status: 429 })
          : data<AccountAnswer>({ intent: form.intent, error: WRONG_TWO_STEP_CODE_MESSAGE }, { status: 400 });
      }
      await turnOffTwoStep(staff.id);
      return data<AccountAnswer>({ intent: form.intent, done: "Two-step sign-in is off." });
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const fields = formFields(await request.formData());
  const parsed = accountFormSchema.safeParse(fields);
  if (!parsed.success) {
    const intent = accountFormSchema.options.find((option) => option.shape.intent.value === fields.intent)?.shape.intent.value;
    return data<AccountAnswer>({ intent, error: parsed.error.issues[0]!.message }, { status: 400 });
  }
  return carryOut(parsed.data, staff, request, context.clientAddress);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-12">
      <SessionsSection
        sessions={loaderData.sessions}
        idleMinutes={loaderData.idleMinutes}
        timeZone={loaderData.timeZone}
        answer={actionData?.intent?.startsWith("end-") ? actionData : undefined}
      />
      <TwoStepSection
        state={loaderData.twoStep}
        required={loaderData.twoStepRequired}
        answer={actionData?.intent?.includes("two-step") ? actionData : undefined}
      />
    </div>
  );
}
