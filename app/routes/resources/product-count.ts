import { parseShopFilters } from "~/domain/catalogue.schema";
import { countShopProducts } from "~/server/catalogue.server";
import type { Route } from "./+types/product-count";

/** GET /shop/count?{filters} → { count }: the mobile drawer's 'Show N Results'. */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseShopFilters(new URL(request.url).searchParams);
  return Response.json({ count: await countShopProducts(filters) }, { headers: { "Cache-Control": "no-store" } });
}
