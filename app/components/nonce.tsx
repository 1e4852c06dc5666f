import { createContext, useContext } from "react";

/**
 * The request's CSP nonce, provided by entry.server for the server render. In the browser it is empty:
 * browsers hide nonces from the DOM, and scripts React adds after hydration need none.
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
