import { config } from "~/server/config.server";
import { metricsAnswer } from "~/server/metrics.server";
import type { Route } from "./+types/metrics";

/** Prometheus metrics, for a scraper holding METRICS_TOKEN; off while it is unset (decision 061). */
export async function loader({ request }: Route.LoaderArgs) {
  return metricsAnswer(request.headers.get("Authorization"), config().metricsToken);
}
