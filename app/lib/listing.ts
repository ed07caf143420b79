/**
 * A listing as pages and components see it (client-safe types): one page of
 * property cards and each card's lean projection. Read by the listing
 * engine (app/models/listing.server.ts).
 */
/** What a property card shows (SPEC §2): a lean projection, not whole rows. */
export interface ListingItem {
  id: string;
  slug: string;
  title: string;
  title_bg: string;
  /** The first 400 characters: the card clamps it anyway. */
  description: string;
  description_bg: string;
  price: number | null;
  area: number | null;
  property_type: "apartment" | "house";
  bedrooms: number | null;
  bathrooms: number | null;
  cover: string | null;
  image_count: number;
  location_id: string;
  location_name: string;
  location_name_bg: string;
  location_slug: string;
  created_at: string;
}

export interface ListingPage {
  items: ListingItem[];
  total: number;
  page: number;
  pageCount: number;
}
