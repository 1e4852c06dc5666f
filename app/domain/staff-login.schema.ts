import { z } from "zod";
import { LOGIN_REQUIRED_MESSAGE, TWO_STEP_CODE_REQUIRED_MESSAGE } from "./staff-login";

export const loginSchema = z.object({
  email: z.string(LOGIN_REQUIRED_MESSAGE).trim().min(1, LOGIN_REQUIRED_MESSAGE).max(254, LOGIN_REQUIRED_MESSAGE),
  password: z.string(LOGIN_REQUIRED_MESSAGE).min(1, LOGIN_REQUIRED_MESSAGE).max(256, LOGIN_REQUIRED_MESSAGE),
  redirectTo: z.string().max(2_000).optional(),
});

/** A code typed at the second step: an authenticator app's six digits or a recovery code. */
export const twoStepCodeSchema = z
  .string(TWO_STEP_CODE_REQUIRED_MESSAGE)
  .trim()
  .min(1, TWO_STEP_CODE_REQUIRED_MESSAGE)
  .max(40, TWO_STEP_CODE_REQUIRED_MESSAGE);

export const twoStepLoginSchema = z.object({ code: twoStepCodeSchema, redirectTo: z.string().max(2_000).optional() });
