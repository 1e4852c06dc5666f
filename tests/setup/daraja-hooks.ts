import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { action as darajaHook } from "~/routes/resources/daraja-hooks";

/**
 * The shop's Daraja hook addresses, served over HTTP by the route module itself, for the M-Pesa simulator to call
 * back. `publicUrl` is the shop's PUBLIC_URL for them.
 */
export async function startShopHooks(): Promise<{ publicUrl: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const [, , , secret = "", hook = ""] = url.pathname.split("/");
    const request = new Request(url, { method: "POST", body: Buffer.concat(chunks), headers: { "Content-Type": "application/json" } });
    const context = { clientAddress: req.socket.remoteAddress ?? "" };
    const answer = await darajaHook({ request, params: { secret, hook }, context } as Parameters<typeof darajaHook>[0]);
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    publicUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A shop's M-Pesa environment for talking to the Daraja simulator at `simulatorUrl`, with its callbacks to the hooks
 * at `publicUrl` (startShopHooks); reversals included.
 */
export const simulatorEnvironment = (simulatorUrl: string, publicUrl: string): Record<string, string> => ({
  PUBLIC_URL: publicUrl,
  MPESA_CONSUMER_KEY: "sim-key",
  MPESA_CONSUMER_SECRET: "sim-secret",
  MPESA_PASSKEY: "sim-passkey",
  MPESA_SHORTCODE: "174379",
  MPESA_BASE_URL: simulatorUrl,
  MPESA_INITIATOR_NAME: "sim-initiator",
  MPESA_SECURITY_CREDENTIAL: "sim-credential",
});
