import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./staff";

export const staffEmailSchema = z.email("Enter a valid email address.").trim().toLowerCase().max(254);

export const staffPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `A staff password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(256, "A staff password can have at most 256 characters.");
