import { test } from "@playwright/test";
import { removeDataDir, type ShopServer, startShop } from "./shop-server";
import { addStaffMember } from "./staff";

/**
 * A shop of the calling spec's (or describe block's) own, started before its tests with the given staff and
 * removed after them: for tests whose counts, lockouts or empty lists the shared shop cannot promise.
 */
export function ownShop(
  staff: { email: string; role: "owner" | "developer" }[],
  options: Parameters<typeof startShop>[0] = {},
): () => ShopServer {
  let shop: ShopServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startShop(options);
    for (const member of staff) await addStaffMember(member.email, member.role, shop.dataDir);
  });
  test.afterAll(async () => {
    await shop?.stop();
    if (shop) removeDataDir(shop.dataDir);
  });
  return () => shop!;
}
