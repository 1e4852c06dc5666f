import { metricsAnswer } from "~/server/metrics.server";
import type { Route } from "./+types/metrics";

/** Prometheus metrics, for a scraper holding METRICS_TOKEN (decision 061). */
export async function loader({ request }: Route.LoaderArgs) {
  return metricsAnswer(request.headers.get("Authorization"));
}
