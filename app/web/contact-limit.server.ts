import { RateLimiter } from "~/web/rate-limit.server";

/**
 * The allowance for contact requests per address, whichever way they come:
 * the contact form (contact-action.server.ts) or an anonymous insert into
 * contact_submissions through /rest/v1 (one row = one request). At most 5
 * per 10 minutes from one address (spam, not people); key: the address.
 */
export const contactRequestLimiter = new RateLimiter("contact form", 5, 10 * 60 * 1000);

/** The limiter's key for an address (the same for both ways in). */
export function contactRequestKey(ip: string | undefined): string {
  return ip || "unknown";
}
