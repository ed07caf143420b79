import { ListingEngine } from "~/models/listing.server";

/**
 * Listing engines forcing a plan, one per settings, kept for the whole test
 * file: each remembers its counts and marks as the app's one does, so a test
 * compares plans under the same memory the app would have.
 */
export function forcedEngines(): (settings: ConstructorParameters<typeof ListingEngine>[0] & object) => ListingEngine {
  const engines = new Map<string, ListingEngine>();
  return (settings) => {
    const key = JSON.stringify(settings);
    if (!engines.has(key)) engines.set(key, new ListingEngine(settings));
    return engines.get(key)!;
  };
}
