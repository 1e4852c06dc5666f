import { removeDataDir, startShop } from "./shop-server";

/** One built shop with the sample data for the whole run, shared by the specs (each may start its own too). */
export default async function globalSetup() {
  const shop = await startShop();
  process.env.E2E_BASE_URL = shop.baseURL;
  process.env.E2E_DATA_DIR = shop.dataDir;
  return async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
  };
}
