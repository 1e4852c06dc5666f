import { z } from "zod";
import { SEARCH_MAX_CHARS } from "~/domain/catalogue";
import { suggestions } from "~/server/catalogue.server";
import type { Route } from "./+types/suggestions";

const querySchema = z.string().max(SEARCH_MAX_CHARS).catch("");

/** GET /shop/suggestions?q=… → ["Kitenge Short-Sleeve Shirt", …] (at most 5, from 2 characters). */
export async function loader({ request }: Route.LoaderArgs) {
  const q = querySchema.parse(new URL(request.url).searchParams.get("q") ?? "");
  return Response.json(await suggestions(q), { headers: { "Cache-Control": "public, max-age=60" } });
}
