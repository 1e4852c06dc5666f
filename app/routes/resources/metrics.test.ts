import { expect, test } from "vitest";
import { loader } from "./metrics";

test("GET /metrics is off (404) in a shop without METRICS_TOKEN", async () => {
  const request = new Request("http://shop.test/metrics", { headers: { Authorization: "Bearer 0123456789abcdef0123456789abcdef" } });
  const response = await loader({ request, params: {}, context: { cspNonce: "", clientAddress: "203.0.113.1" } } as Parameters<typeof loader>[0]);
  expect(response.status).toBe(404);
});
