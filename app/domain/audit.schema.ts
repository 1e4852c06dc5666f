import { z } from "zod";
import { AUDITED_ENTITIES } from "./audit";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional()).catch(undefined);

/**
 * The activity list's filters as the address gives them (`?entity=product&staff=dev@…&page=2`); anything odd
 * reads as no filter, or the first page, never as an error.
 */
export const activityQuerySchema = z.object({
  entity: optional(z.enum(AUDITED_ENTITIES)),
  staff: optional(z.string().trim().min(1).max(254)),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

