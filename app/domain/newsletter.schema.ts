import { z } from "zod";
import { EMAIL_INVALID_MESSAGE } from "./newsletter";
import { SUBSCRIBER_STATES } from "./subscribers";

// The footer's newsletter form and the subscribers list's address (issue 12).

/** The longest email address there is (RFC 5321's path limit). */
const EMAIL_MAX_LENGTH = 254;

/** The sign-up form: one email address, trimmed and in small letters, as the subscribers table keeps it. */
export const subscribeSchema = z.object({
  email: z
    .string(EMAIL_INVALID_MESSAGE)
    .trim()
    .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
    .toLowerCase()
    .pipe(z.email(EMAIL_INVALID_MESSAGE)),
});

/**
 * The subscribers list's filter as the address gives it (`?state=confirmed&page=2`); anything odd reads as every
 * state, or the first page, never as an error.
 */
export const subscribersQuerySchema = z.object({
  state: z.enum(SUBSCRIBER_STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

