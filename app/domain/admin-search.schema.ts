import { z } from "zod";
import { ADMIN_SEARCH_MAX_CHARS } from "./admin-search";

/** The global search's query: anything too long or not text searches nothing rather than failing. */
export const adminSearchQuerySchema = z.string().max(ADMIN_SEARCH_MAX_CHARS).catch("");
