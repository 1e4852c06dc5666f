import { z } from "zod";
import { notificationSchema } from "./site-documents.schema";

/** The dashboard's notification editor as a form posts it (a checkbox is absent when off). */
export const notificationFormSchema = z
  .object({ isActive: z.literal("on").optional() })
  .passthrough()
  .transform(({ isActive, ...rest }) => ({ ...rest, isActive: isActive === "on" }))
  .pipe(notificationSchema);
