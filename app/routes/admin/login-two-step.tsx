import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { safeAdminRedirect } from "~/domain/staff";
import { TWO_STEP_LOCKED_OUT_MESSAGE, UNEXPECTED_LOGIN_MESSAGE, WRONG_TWO_STEP_CODE_MESSAGE } from "~/domain/staff-login";
import { twoStepLoginSchema } from "~/domain/staff-login.schema";
import { requireSameOrigin } from "~/server/admin-guard.server";
import { formFields } from "~/server/form.server";
import { completeSecondStep, currentStaff, secondStepMember } from "~/server/session.server";
import { checkTwoStepCode } from "~/server/staff-login.server";
import type { Route } from "./+types/login-two-step";
import { log } from "~/server/log.server";

// The second step of signing in (decision 045): after a right password, a member with two-step sign-in on
// enters a code from their authenticator app, or a recovery code.

export function meta() {
  return [{ title: "Two-step sign-in | Duka" }, { name: "robots", content: "noindex" }];
}

/** Back to the password step (keeping the way back), when there is no password step waiting for a code. */
function startAgain(request: Request): never {
  const back = new URL(request.url).searchParams.get("redirectTo");
  throw redirect(back ? `/admin/login?redirectTo=${encodeURIComponent(back)}` : "/admin/login");
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await currentStaff(request)) throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
  if (!(await secondStepMember(request))) startAgain(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const parsed = twoStepLoginSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const staffId = await secondStepMember(request);
  if (!staffId) startAgain(request);
  try {
    const checked = await checkTwoStepCode(staffId, parsed.data.code, context.clientAddress);
    if (!checked.ok) {
      return checked.reason === "locked-out"
        ? data({ error: TWO_STEP_LOCKED_OUT_MESSAGE }, { status: 429 })
        : data({ error: WRONG_TWO_STEP_CODE_MESSAGE }, { status: 401 });
    }
    const cookie = await completeSecondStep(request);
    if (!cookie) startAgain(request);
    return redirect(safeAdminRedirect(parsed.data.redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof Response) throw error;
    log().error({ err: error }, "Checking a two-step sign-in code failed.");
    return data({ error: UNEXPECTED_LOGIN_MESSAGE }, { status: 500 });
  }
}

export default function TwoStepLogin({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const checking = useNavigation().state === "submitting";
  const back = searchParams.get("redirectTo");
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="w-full max-w-sm">
        <h1 className="text-center font-display text-3xl font-semibold">Two-step sign-in</h1>
        <p className="mt-4 text-center text-sm">Your password was right. Now enter the 6-digit code your authenticator app shows.</p>
        <Form method="post" className="mt-8 space-y-5">
          <input type="hidden" name="redirectTo" value={back ?? ""} />
          <TextField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
            hint="Lost your phone? Enter one of your recovery codes instead."
          />
          <ErrorMessage>{actionData?.error}</ErrorMessage>
          <Button type="submit" className="w-full" disabled={checking}>
            {checking ? "Checking..." : "Continue"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <a href={back ? `/admin/login?redirectTo=${encodeURIComponent(back)}` : "/admin/login"} className="underline">
            Start again
          </a>
        </p>
      </div>
    </main>
  );
}
