import { z } from "zod";
import { editVersionSchema } from "./edit-version";
import { CATEGORY_NAME_MAX_CHARS, CATEGORY_NAME_REQUIRED } from "./category";

const name = z
  .string(CATEGORY_NAME_REQUIRED)
  .trim()
  .min(1, CATEGORY_NAME_REQUIRED)
  .max(CATEGORY_NAME_MAX_CHARS, `Please keep the name to ${CATEGORY_NAME_MAX_CHARS} characters.`);
const id = z.string().trim().min(1).max(40);

/** The categories page's forms, told apart by `intent`. */
export const categoryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name }),
  z.object({ intent: z.literal("rename"), id, name, version: editVersionSchema }),
  z.object({ intent: z.literal("delete"), id }),
]);
