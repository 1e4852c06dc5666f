import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, test } from "vitest";
import routes from "~/routes";
import { rolesForAdminPath } from "./admin-pages";

const everyone = ["owner", "developer"];

describe("rolesForAdminPath", () => {
  test.each([
    ["/admin", everyone],
    ["/admin/", everyone],
    ["/admin/dashboard", everyone],
    ["/admin/orders/", everyone],
    ["/admin/products/edit/abc123", everyone],
    ["/admin/reports/sales.csv", everyone],
    ["/admin/products/import/abc123", everyone],
    ["/admin/products/export.csv", everyone],
    ["/admin/orders/export.csv", everyone],
    ["/admin/customers", everyone],
    ["/admin/customers/254712345678", everyone],
    ["/admin/campaigns", everyone],
    ["/admin/search", everyone],
    ["/admin/upload", everyone],
    ["/admin/account", everyone],
    ["/admin/settings", ["developer"]],
    ["/admin/our-story", ["developer"]],
    ["/admin/privacy", ["developer"]],
  ])("%s is open to %j", (pathname, roles) => {
    expect(rolesForAdminPath(pathname)).toEqual(roles);
  });

  test.each(["/admin/secret", "/admin/new-page/sub", "/admin/dashboardx", "/admin/search/more", "/admin/uploads", "/administrator"])(
    "%s, listed nowhere, is open to nobody",
    (pathname) => {
      expect(rolesForAdminPath(pathname)).toEqual([]);
    },
  );

  /** Every address of app/routes.ts, its dynamic parts filled in. */
  const addresses = (entries: readonly RouteConfigEntry[], parent = ""): string[] =>
    entries.flatMap((entry) => {
      const path = entry.path ? `${parent}/${entry.path.replace(/:\w+\??/g, "x")}` : parent;
      return [...(entry.index || !entry.children ? [path || "/"] : []), ...addresses(entry.children ?? [], path)];
    });

  // Signing in (both steps) and out are for everyone; every other admin address is guarded by its listing.
  const signingInAndOut = ["/admin/login", "/admin/login/two-step", "/admin/logout"];
  const guarded = addresses(routes).filter((path) => path.startsWith("/admin") && !signingInAndOut.includes(path));

  test.each(guarded)("%s, an address of the shop, lets some staff member in", (path) => {
    expect(rolesForAdminPath(path).length).toBeGreaterThan(0);
  });
});
