import { test } from "@playwright/test";
import { removeDataDir, type ShopServer, startShop } from "./shop-server";
import { addStaffMember } from "./staff";

/**
 * Sends the current file's (or describe block's) pages and requests to a shop of their own, started by the
 * first test that needs it (its port is known only then) with the given staff, and removed after the last.
 * For tests that change what every other test relies on: the catalogue, the templates, a developer's pages.
 */
export function inPrivateShop(staff: readonly [email: string, role: "owner" | "developer"][]): void {
  let shop: ShopServer | undefined;
  test.afterAll(async () => {
    await shop?.stop();
    if (shop) removeDataDir(shop.dataDir);
  });
  test.use({
    baseURL: async ({ browserName: _ }, provide) => {
      if (!shop) {
        shop = await startShop();
        for (const [email, role] of staff) await addStaffMember(email, role, shop.dataDir);
      }
      await provide(shop.baseURL);
    },
  });
}
