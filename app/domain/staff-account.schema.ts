import { z } from "zod";
import { twoStepCodeSchema } from "./staff-login.schema";

// The forms of a staff member's own account page (issue 21, decision 045): their sessions and two-step sign-in.

const APP_CODE_REQUIRED_MESSAGE = "Enter the 6-digit code from your authenticator app.";
export const WRONG_APP_CODE_MESSAGE = "That code does not match. Check that your phone's clock is right and try again.";

const appCode = z
  .string(APP_CODE_REQUIRED_MESSAGE)
  .trim()
  .regex(/^\d{3} ?\d{3}$/, APP_CODE_REQUIRED_MESSAGE);

export const accountFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end-session"), sessionId: z.string().trim().min(1).max(100) }),
  z.object({ intent: z.literal("end-other-sessions") }),
  z.object({ intent: z.literal("end-all-sessions") }),
  z.object({ intent: z.literal("set-up-two-step") }),
  z.object({ intent: z.literal("confirm-two-step"), code: appCode }),
  // Turning it off takes a current code; a recovery code does too, for a member whose phone is gone.
  z.object({ intent: z.literal("turn-off-two-step"), code: twoStepCodeSchema }),
]);
export type AccountForm = z.infer<typeof accountFormSchema>;
