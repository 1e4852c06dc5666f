import { z } from "zod";
import { MAX_BAG_LINES } from "~/domain/bag";
import { productsForBag } from "~/server/catalogue.server";
import type { Route } from "./+types/bag-products";

const idsSchema = z.array(z.string().regex(/^[a-z0-9]{1,40}$/)).max(MAX_BAG_LINES).catch([]);

/**
 * GET /shop/bag-products?ids=a,b → today's name, price, picture and available stock of the bag's products: the
 * bag keeps ids only, and the server prices it (decision 009).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = idsSchema.parse(raw.split(",").filter(Boolean));
  return Response.json(await productsForBag(ids), { headers: { "Cache-Control": "no-store" } });
}
