/**
 * The values a property's typed facts take (issue 20), shared by the table,
 * the schemas, the listing filters and the pages (client-safe: no imports).
 */
export const PROPERTY_TYPES = ["apartment", "house"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Sold properties keep their page (200) but leave the default listing. */
export const PROPERTY_STATUSES = ["available", "reserved", "sold"] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Bulgarian building stages: Act 14 (rough construction), Act 15 (completed), Act 16 (permit to use). */
export const CONSTRUCTION_STAGES = ["act14", "act15", "act16"] as const;
export type ConstructionStage = (typeof CONSTRUCTION_STAGES)[number];

export const FURNISHED = ["none", "partly", "full"] as const;
export type Furnished = (typeof FURNISHED)[number];

/** How long a price cut shows as «Цена снижена» (and counts for the `reduced` sort). */
export const PRICE_REDUCTION_DAYS = 60;

/** How exactly a property's point may be shown (issue 21): approximate shows an area around a moved point, never the point. */
export const LOCATION_PRECISIONS = ["exact", "approximate"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

/**
 * What a new-build complex offers (issue 33): fixed keys, stored in
 * `complexes.facilities` and named in each language by the dictionaries
 * (`complex.facility.*`), so a filter or a feed can rely on them.
 */
export const COMPLEX_FACILITIES = [
  "pool",
  "indoor_pool",
  "gym",
  "spa",
  "security",
  "reception",
  "restaurant",
  "playground",
  "parking",
  "garage",
  "beach_access",
  "year_round",
] as const;
export type ComplexFacility = (typeof COMPLEX_FACILITIES)[number];
