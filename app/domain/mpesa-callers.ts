import { isInNetwork } from "./network-address";

// Who may post to the shop's M-Pesa callback addresses when Site Settings allows only Safaricom (issue 21,
// decision 044). Pure: the address comes from the request as the shop sees it (behind a trusted proxy, the
// forwarded one).

/**
 * The networks Safaricom calls back from. Source: the callback IP addresses Safaricom publishes for Daraja
 * integrations to allow (developer.safaricom.co.ke, "Going live"; also circulated by Safaricom's API support):
 * 196.201.214.200, .206, .207, .208, 196.201.213.44, .114 and 196.201.212.69, .74, .127, .129, .136, .138. The
 * whole /24 of each is allowed, so an address Safaricom adds beside them does not drop payments; all three are
 * Safaricom's own.
 */
export const SAFARICOM_CALLBACK_NETWORKS: readonly string[] = ["196.201.212.0/24", "196.201.213.0/24", "196.201.214.0/24"];

/** Whether a client address is one Safaricom's callbacks come from. */
export function isSafaricomAddress(address: string | undefined): boolean {
  return address !== undefined && SAFARICOM_CALLBACK_NETWORKS.some((network) => isInNetwork(address, network));
}
