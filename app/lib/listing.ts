/**
 * A listing as pages and components see it (client-safe types): one page of
 * property cards and each card's lean projection. Read by the listing
 * engine (app/models/listing.server.ts).
 */
import type { PerLanguage } from "~/i18n/lang";
import type { ConstructionStage, Furnished, PropertyStatus } from "./property-facts";

/** Cards in each of the home page's rows («Рекомендуемые объекты», «Новые объекты»); the admin's list says which featured ones fit. */
export const HOME_ROW_SIZE = 3;

/** What a property card shows (SPEC §2): a lean projection, not whole rows. */
export interface ListingItem extends PerLanguage<"title", string>, PerLanguage<"description", string>, PerLanguage<"location_name", string> {
  id: string;
  slug: string;
  /** The English address (issue 31). */
  slug_en: string;
  title: string;
  /** The first 400 characters: the card clamps it anyway. */
  description: string;
  price: number | null;
  area: number | null;
  property_type: "apartment" | "house";
  bedrooms: number | null;
  bathrooms: number | null;
  cover: string | null;
  image_count: number;
  location_id: string;
  location_name: string;
  location_slug: string;
  location_slug_en: string;
  created_at: string;
  // Issue 20: the badge, €/m², a recent cut and the key facts shown as chips.
  status: PropertyStatus;
  price_per_m2: number | null;
  /** The price struck through while price_reduced_at is within PRICE_REDUCTION_DAYS. */
  price_reduced_from: number | null;
  price_reduced_at: string | null;
  sea_distance_m: number | null;
  sea_line: number | null;
  sea_view: boolean | null;
  floor: number | null;
  floors_total: number | null;
  construction_stage: ConstructionStage | null;
  completion_quarter: string | null;
  featured: boolean;
}

/** The facts a property's page and the compare table show beyond a card (issues 20, 22); null when unknown. */
export interface PropertyPageFacts {
  year_built: number | null;
  reference: string | null;
  maintenance_fee_eur_m2: number | null;
  furnished: Furnished | null;
  pool: boolean | null;
  parking: boolean | null;
  plot_area: number | null;
  complex_name: string | null;
}

export interface ListingPage {
  items: ListingItem[];
  total: number;
  page: number;
  pageCount: number;
}
