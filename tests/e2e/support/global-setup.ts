import { removeDataDir, sampleShopTemplate, startShop } from "./shop-server";

/** One built shop with the sample data for the whole run, shared by the specs (each may start its own too). */
export default async function globalSetup() {
  const template = await sampleShopTemplate();
  // The specs place many orders from one address and phone: the checkout limits (decision 029) and the units unpaid
  // orders may hold (decision 043) are tested on shops of their own.
  const shop = await startShop({
    env: {
      CHECKOUTS_PER_HOUR: "100000",
      CHECKOUTS_PER_HOUR_PER_ADDRESS: "100000",
      HELD_UNITS_PER_PHONE: "100000",
      HELD_UNITS_PER_ADDRESS: "100000",
    },
  });
  process.env.E2E_BASE_URL = shop.baseURL;
  process.env.E2E_DATA_DIR = shop.dataDir;
  return async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
    removeDataDir(template);
  };
}
