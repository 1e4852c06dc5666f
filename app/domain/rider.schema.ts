import { z } from "zod";
import { editVersionSchema } from "./edit-version";
import { phoneSchema } from "./phone.schema";
import { RIDER_NAME_MAX_CHARS, RIDER_NAME_REQUIRED } from "./rider";

const name = z
  .string(RIDER_NAME_REQUIRED)
  .trim()
  .min(1, RIDER_NAME_REQUIRED)
  .max(RIDER_NAME_MAX_CHARS, `Please keep the name to ${RIDER_NAME_MAX_CHARS} characters.`);
const id = z.string().trim().min(1).max(40);

/** The riders page's forms, told apart by `intent`: a rider needs a name and a phone with its country code. */
export const riderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name, phone: phoneSchema }),
  z.object({ intent: z.literal("update"), id, name, phone: phoneSchema, version: editVersionSchema }),
  z.object({ intent: z.literal("delete"), id }),
]);

export type RiderDetails = { name: string; phone: string };
