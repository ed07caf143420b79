import { createContext, useContext } from "react";

/** The CSP nonce of this response (server only; the browser needs none after load). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
