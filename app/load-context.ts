/** What server.ts hands every request: the nonce that lets our own inline scripts past the CSP. */
declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

export {};
