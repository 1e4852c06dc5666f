import { expect, test } from "@playwright/test";
import { type MpesaSimulator, startMpesaSimulator } from "../../../scripts/mpesa-sim";
import { freePort, removeDataDir, type ShopServer, startShop } from "./shop-server";
import { addStaffMember } from "./staff";

/**
 * A shop of the calling spec's own with M-Pesa Express on, paid through a Daraja simulator running in the test
 * process (issue 11). Daraja calls the shop back at its public address, so the shop's port is chosen before it
 * starts; the simulator's keys and initiator are its defaults.
 */
export function shopWithMpesa(
  staff: { email: string; role: "owner" | "developer" }[],
  options: { callbackDelayMs: number },
): () => { shop: ShopServer; simulator: MpesaSimulator } {
  let shop: ShopServer | undefined;
  let simulator: MpesaSimulator | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    simulator = await startMpesaSimulator({ port: 0, callbackDelayMs: options.callbackDelayMs });
    const port = await freePort();
    shop = await startShop({
      port,
      env: {
        MPESA_CONSUMER_KEY: "sim-key",
        MPESA_CONSUMER_SECRET: "sim-secret",
        MPESA_PASSKEY: "sim-passkey",
        MPESA_SHORTCODE: "174379",
        MPESA_BASE_URL: simulator.baseUrl,
        // The simulator's own, so paybill payments are confirmed with its Transaction Status (decision 044).
        MPESA_INITIATOR_NAME: "sim-initiator",
        MPESA_SECURITY_CREDENTIAL: "sim-credential",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    for (const member of staff) await addStaffMember(member.email, member.role, shop.dataDir);
    // The shop registers its paybill addresses in the background as it starts; paybill payments go there.
    await expect
      .poll(() => simulator?.registered?.confirmationUrl, { timeout: 15_000 })
      .toContain(`http://127.0.0.1:${port}/hooks/daraja/`);
  });
  test.afterAll(async () => {
    await shop?.stop();
    await simulator?.stop();
    if (shop) removeDataDir(shop.dataDir);
  });
  return () => ({ shop: shop!, simulator: simulator! });
}
