import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/shop/home.tsx"),
  route("events", "routes/resources/events.ts"),
  route("health", "routes/resources/health.ts"),
  route("*", "routes/shop/not-found.tsx"),
] satisfies RouteConfig;
