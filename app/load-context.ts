/** What server.ts hands every request. */
declare module "react-router" {
  interface AppLoadContext {
    /** The nonce that lets our own inline scripts past the Content-Security-Policy. */
    cspNonce: string;
    /** The client's address (behind a trusted proxy, the forwarded one), for rate limits. */
    clientAddress: string;
    /** Set when server.ts has already counted this view of a tracking page as an order lookup. */
    lookupCounted?: boolean;
  }
}

export {};
