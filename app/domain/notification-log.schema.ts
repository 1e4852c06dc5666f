import { z } from "zod";
import { MESSAGE_MISSING_MESSAGE, NOTIFICATION_STATES } from "./notification-log";

/**
 * The log's filter as the address gives it (`?state=failed&page=2`); anything odd reads as every state, or the
 * first page, never as an error.
 */
export const notificationsLogQuerySchema = z.object({
  state: z.enum(NOTIFICATION_STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});


/**
 * 'Send again' names the message by its id. Any id of a sensible length is accepted here, so one that is gone
 * is answered in words rather than as a bad request.
 */
export const sendAgainSchema = z.object({
  id: z.string(MESSAGE_MISSING_MESSAGE).trim().min(1, MESSAGE_MISSING_MESSAGE).max(100, MESSAGE_MISSING_MESSAGE),
});
