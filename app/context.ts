import { createContext } from "react-router";

/** Per-request values the Express server hands to loaders, actions and the HTML renderer. */
export interface RequestInfo {
  /** CSP nonce for the inline scripts React Router writes into the page. */
  nonce: string;
  /** Client address (honours X-Forwarded-For only with TRUST_PROXY). */
  ip: string;
}

export const requestInfo = createContext<RequestInfo>({ nonce: "", ip: "" });
