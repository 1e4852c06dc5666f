import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The one map of every URL.
export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("products", "routes/shop/products.tsx"),
    route("product/:slug", "routes/shop/product.tsx"),
    route("cart", "routes/shop/cart.tsx"),
    route("checkout", "routes/shop/checkout.tsx"),
    route("payment-instructions/:orderId", "routes/shop/payment-instructions.tsx"),
    route("order-confirmation/:orderId", "routes/shop/order-confirmation.tsx"),
    route("track", "routes/shop/track.tsx"),
    route("track/:trackingId", "routes/shop/track-order.tsx"),
    route("orders-by-phone/:phone?", "routes/shop/orders-by-phone.tsx"),
    route("about", "routes/shop/about.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("categories", "routes/admin/categories.tsx"),
  ]),
  route("events", "routes/resources/events.ts"),
  route("health", "routes/resources/health.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("shop/suggestions", "routes/resources/suggestions.ts"),
  route("shop/count", "routes/resources/product-count.ts"),
  route("shop/bag-products", "routes/resources/bag-products.ts"),
] satisfies RouteConfig;
