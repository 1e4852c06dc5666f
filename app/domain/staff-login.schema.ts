import { z } from "zod";
import { LOGIN_REQUIRED_MESSAGE } from "./staff-login";

export const loginSchema = z.object({
  email: z.string(LOGIN_REQUIRED_MESSAGE).trim().min(1, LOGIN_REQUIRED_MESSAGE).max(254, LOGIN_REQUIRED_MESSAGE),
  password: z.string(LOGIN_REQUIRED_MESSAGE).min(1, LOGIN_REQUIRED_MESSAGE).max(256, LOGIN_REQUIRED_MESSAGE),
  redirectTo: z.string().max(2_000).optional(),
});
