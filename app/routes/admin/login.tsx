import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { safeAdminRedirect } from "~/domain/staff";
import {
  INVALID_LOGIN_MESSAGE,
  LOCKED_OUT_MESSAGE,
  UNEXPECTED_LOGIN_MESSAGE,
} from "~/domain/staff-login";
import { loginSchema } from "~/domain/staff-login.schema";
import { requireSameOrigin } from "~/server/admin-guard.server";
import { formFields } from "~/server/form.server";
import { awaitSecondStep, currentStaff, startSession, TWO_STEP_PATH } from "~/server/session.server";
import { signIn } from "~/server/staff-login.server";
import type { Route } from "./+types/login";
import { log } from "~/server/log.server";

export function meta() {
  return [{ title: "Staff sign-in | Duka" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await currentStaff(request)) {
    throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const fields = formFields(await request.formData());
  const parsed = loginSchema.safeParse(fields);
  const email = fields.email ?? "";
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message, email }, { status: 400 });
  try {
    const result = await signIn(parsed.data.email, parsed.data.password, context.clientAddress);
    if (!result.ok) {
      return result.reason === "locked-out"
        ? data({ error: LOCKED_OUT_MESSAGE, email }, { status: 429 })
        : data({ error: INVALID_LOGIN_MESSAGE, email }, { status: 401 });
    }
    // With two-step sign-in on, the password alone gives no access: the code comes next (decision 045).
    if (result.staff.twoStepOn) {
      const waiting = await awaitSecondStep(request, result.staff.id);
      const back = parsed.data.redirectTo ? `?redirectTo=${encodeURIComponent(parsed.data.redirectTo)}` : "";
      return redirect(`${TWO_STEP_PATH}${back}`, { headers: { "Set-Cookie": waiting } });
    }
    const cookie = await startSession(request, result.staff.id);
    return redirect(safeAdminRedirect(parsed.data.redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    log().error({ err: error }, "Signing in failed.");
    return data({ error: UNEXPECTED_LOGIN_MESSAGE, email }, { status: 500 });
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const signingIn = useNavigation().state === "submitting";
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="w-full max-w-sm">
        <h1 className="text-center font-display text-3xl font-semibold">Staff sign-in</h1>
        <Form method="post" className="mt-8 space-y-5">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <TextField label="Email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.email} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <ErrorMessage>{actionData?.error}</ErrorMessage>
          <Button type="submit" className="w-full" disabled={signingIn}>
            {signingIn ? "Signing in..." : "Sign in"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="underline">
            Back to the shop
          </a>
        </p>
      </div>
    </main>
  );
}
