import { z } from "zod";
import { isValidPhone, normalisePhone, PHONE_MAX_LENGTH, PHONE_MESSAGE } from "./phone";

/** A phone field (checkout, rider, client details): trimmed, checked, and stored as "+" and digits. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .refine((phone) => phone.length <= PHONE_MAX_LENGTH && isValidPhone(phone), PHONE_MESSAGE)
  .transform(normalisePhone);
