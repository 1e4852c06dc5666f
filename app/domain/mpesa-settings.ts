// Site Settings' M-Pesa Express section (issue 11), word for word.

/** The settings M-Pesa Express cannot work without; all four, or none. */
export const MPESA_REQUIRED_VARIABLES = ["MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET", "MPESA_PASSKEY", "MPESA_SHORTCODE"] as const;

export const MPESA_CONNECTED_MESSAGE = "M-Pesa Express is connected";
export const MPESA_NOT_CONFIGURED_MESSAGE = "M-Pesa Express is not configured.";
export const MPESA_CONNECTION_WORKS_MESSAGE = "Connection works: M-Pesa gave a token and took the paybill addresses.";
export const MPESA_TEST_FAILED_MESSAGE = "The test could not be run. Please try again.";

/** What Site Settings shows of M-Pesa Express: the account it is paid into, never its keys. Null when off. */
export type MpesaConnection = { shortcode: string; till: string | null; environment: "sandbox" | "production" } | null;

/** What 'Test connection' answers. */
export type MpesaTestAnswer = { ok: boolean; message: string };

/**
 * Whether the callback addresses take posts only from Safaricom's published networks (decision 044). Off for
 * settings saved before it existed: behind a proxy the shop sees Safaricom's address only once TRUST_PROXY is
 * set, and on by default it would refuse every payment there.
 */
export function safaricomCallbacksOnly(settings: { mpesaCallbacksFromSafaricomOnly?: boolean | undefined }): boolean {
  return settings.mpesaCallbacksFromSafaricomOnly ?? false;
}

export const SAFARICOM_ONLY_LABEL = "Accept M-Pesa callbacks only from Safaricom’s published addresses";
