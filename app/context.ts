import { createContext } from "react-router";
import type { ListingEngine } from "~/models/listing.server";

/** Per-request values the Express server hands to loaders, actions and the HTML renderer. */
export interface RequestInfo {
  /** CSP nonce for the inline scripts React Router writes into the page. */
  nonce: string;
  /** Client address (honours X-Forwarded-For only with TRUST_PROXY). */
  ip: string;
}

export const requestInfo = createContext<RequestInfo>({ nonce: "", ip: "" });

/** The app's listing engine (app/models/listing.server.ts), made once by the server (server/app.ts). */
export const listingEngine = createContext<ListingEngine>();
