import { getTableColumns, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { COMPLEX_FACILITIES, CONSTRUCTION_STAGES, FURNISHED, LOCATION_PRECISIONS, PROPERTY_STATUSES, PROPERTY_TYPES } from "~/lib/property-facts";
import type { Lang } from "~/i18n/lang";

/**
 * Tables keep SPEC §3's names and columns (order, isread, title_bg …) so the
 * HTTP API can speak them unchanged. updated_at is maintained by a trigger
 * (see the custom migration), not by the application.
 */

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
};

export const locations = pgTable(
  "locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    name_bg: text("name_bg").notNull().default(""),
    // Issue 31: the English name (empty: the Bulgarian one transliterated) and the Latin address it gives.
    name_en: text("name_en").notNull().default(""),
    slug: text("slug").notNull(),
    slug_en: text("slug_en").notNull(),
    image: text("image").notNull().default(""),
    order: integer("order").notNull().default(0),
    // Russian prepositional phrase («в Созополе») for «Недвижимость в …»; empty: a wording that needs no case.
    name_ru_in: text("name_ru_in").notNull().default(""),
    // The map's view of the location (issue 21): centre and zoom, null until set.
    map_lat: doublePrecision("map_lat"),
    map_lng: doublePrecision("map_lng"),
    map_zoom: integer("map_zoom"),
    // homesoverseas.ru's numeric region id for this location's properties (issue 23); null: they stay out of that feed.
    homesoverseas_region: integer("homesoverseas_region"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("locations_name_key").on(t.name),
    uniqueIndex("locations_slug_key").on(t.slug),
    uniqueIndex("locations_slug_en_key").on(t.slug_en),
    index("locations_order_idx").on(t.order),
    check("locations_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check(
      "locations_map_check",
      sql`(${t.map_lat} is null) = (${t.map_lng} is null) and (${t.map_lat} is null or (${t.map_lat} between -90 and 90 and ${t.map_lng} between -180 and 180))`,
    ),
    check("locations_map_zoom_check", sql`${t.map_zoom} is null or ${t.map_zoom} between 1 and 19`),
    check("locations_homesoverseas_region_check", sql`${t.homesoverseas_region} is null or ${t.homesoverseas_region} between 1 and 1000000`),
  ],
);

/**
 * A new-build complex (issue 33, decision 0036): its own page under its
 * location, its facts shown on each unit's page, its units linked by
 * `real_estates.complex_id`. Addresses like a property's: `slug` (Cyrillic,
 * ru/bg) and `slug_en` (Latin), unique within the location, old ones kept in
 * complex_slug_history by the database. The public point is drawn like a
 * property's (migration 0010's rule) and is all anonymous readers see.
 */
export const complexes = pgTable(
  "complexes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    name_bg: text("name_bg").notNull().default(""),
    name_en: text("name_en").notNull().default(""),
    description: text("description").notNull().default(""),
    description_bg: text("description_bg").notNull().default(""),
    description_en: text("description_en").notNull().default(""),
    location_id: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    slug_en: text("slug_en").notNull(),
    developer: text("developer").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    location_precision: text("location_precision", { enum: LOCATION_PRECISIONS }).notNull().default("exact"),
    public_lat: doublePrecision("public_lat"),
    public_lng: doublePrecision("public_lng"),
    construction_stage: text("construction_stage", { enum: CONSTRUCTION_STAGES }),
    completion_quarter: text("completion_quarter"),
    maintenance_fee_eur_m2: numeric("maintenance_fee_eur_m2", { precision: 8, scale: 2, mode: "number" }),
    sea_distance_m: integer("sea_distance_m"),
    floors: integer("floors"),
    units_total: integer("units_total"),
    facilities: text("facilities", { enum: COMPLEX_FACILITIES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("complexes_location_slug_key").on(t.location_id, t.slug),
    uniqueIndex("complexes_location_slug_en_key").on(t.location_id, t.slug_en),
    index("complexes_name_idx").on(t.name),
    check("complexes_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check(
      "complexes_point_check",
      sql`(${t.lat} is null) = (${t.lng} is null) and (${t.lat} is null or (${t.lat} between -90 and 90 and ${t.lng} between -180 and 180))`,
    ),
    check("complexes_precision_check", sql`${t.location_precision} in ('exact', 'approximate')`),
    check("complexes_stage_check", sql`${t.construction_stage} is null or ${t.construction_stage} in ('act14', 'act15', 'act16')`),
    check("complexes_completion_quarter_check", sql`${t.completion_quarter} is null or ${t.completion_quarter} ~ '^[0-9]{4}-Q[1-4]$'`),
    check("complexes_fee_check", sql`${t.maintenance_fee_eur_m2} is null or ${t.maintenance_fee_eur_m2} between 0 and 1000`),
    check("complexes_sea_distance_check", sql`${t.sea_distance_m} is null or ${t.sea_distance_m} between 0 and 100000`),
    check("complexes_floors_check", sql`${t.floors} is null or ${t.floors} between 1 and 100`),
    check("complexes_units_total_check", sql`${t.units_total} is null or ${t.units_total} between 1 and 100000`),
    check("complexes_facilities_check", sql`${t.facilities} <@ array[${sql.raw(COMPLEX_FACILITIES.map((f) => `'${f}'`).join(", "))}]::text[]`),
    check("complexes_images_check", sql`cardinality(${t.images}) <= 50`),
  ],
);

/** Addresses a complex had (its location and slug then), written by the database like a property's (decision 0023). */
export const complexSlugHistory = pgTable(
  "complex_slug_history",
  {
    slug_column: text("slug_column").notNull().default("slug"),
    location_id: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    complex_id: uuid("complex_id").references(() => complexes.id, { onDelete: "set null" }),
    changed_at: timestamp("changed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug_column, t.location_id, t.slug] }), index("complex_slug_history_complex_idx").on(t.complex_id)],
);

export { PROPERTY_TYPES, type PropertyType } from "~/lib/property-facts";

/** PostgreSQL's text-search document type (drizzle has no builder for it). */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

type IndexKey = Parameters<ReturnType<typeof index>["on"]>[0];
type SortIndexColumns = Record<"price" | "order" | "created_at" | "id", ExtraConfigColumn>;

/** The four listing sorts' indexes, each after the given leading columns. */
function sortIndexes(t: SortIndexColumns, prefix: string, leading: ExtraConfigColumn[]) {
  const on = (name: string, ...keys: [IndexKey, ...IndexKey[]]) =>
    index(`real_estates_${prefix}${name}_idx`).on(...([...leading, ...keys] as [IndexKey, ...IndexKey[]]));
  return [
    on("order", t.order, t.created_at, t.id),
    on("price_asc", t.price.asc().nullsLast(), t.order, t.id),
    on("price_desc", t.price.desc().nullsLast(), t.order, t.id),
    on("created_at", t.created_at.desc().nullsFirst(), t.id),
  ];
}

type FilterColumns = SortIndexColumns &
  Record<
    | "price_per_m2"
    | "price_reduction"
    | "status"
    | "location_id"
    | "property_type"
    | "area"
    | "bedrooms"
    | "sea_distance_m"
    | "sea_view"
    | "sea_line"
    | "construction_stage",
    ExtraConfigColumn
  >;

/**
 * The seven listing sorts' indexes over the whole catalogue, each ending with
 * every filtered column after its keys (decision 0024): a walk along the
 * sort tests the status (not sold, on every default listing) and any issue 20
 * filter on the index entry itself, an index-only scan, where reading each
 * row from the table cost ~5 µs a row on a loaded machine (37 844 rows
 * passed for one page: 185 ms). The keys after the unique id order nothing:
 * drizzle has no INCLUDE, and a trailing key column serves the same.
 */
function coveringSortIndexes(t: FilterColumns) {
  const filtered = [t.status, t.location_id, t.property_type, t.price, t.area, t.bedrooms, t.sea_distance_m, t.sea_view, t.sea_line, t.construction_stage];
  const on = (name: string, keys: ExtraConfigColumn[], ...ordered: IndexKey[]) =>
    index(`real_estates_${name}_idx`).on(...([...ordered, ...filtered.filter((c) => !keys.includes(c))] as [IndexKey, ...IndexKey[]]));
  return [
    on("order", [], t.order, t.created_at, t.id),
    on("price_asc", [t.price], t.price.asc().nullsLast(), t.order, t.id),
    on("price_desc", [t.price], t.price.desc().nullsLast(), t.order, t.id),
    on("created_at", [], t.created_at.desc().nullsFirst(), t.id),
    on("price_m2_asc", [], t.price_per_m2.asc().nullsLast(), t.order, t.id),
    on("price_m2_desc", [], t.price_per_m2.desc().nullsLast(), t.order, t.id),
    on("reduced", [], t.price_reduction.desc().nullsLast(), t.order, t.created_at, t.id),
  ];
}

export const realEstates = pgTable(
  "real_estates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    title_bg: text("title_bg").notNull().default(""),
    description: text("description").notNull(),
    description_bg: text("description_bg").notNull().default(""),
    // Issue 31: English texts; empty ones show the Russian text, marked as such.
    title_en: text("title_en").notNull().default(""),
    description_en: text("description_en").notNull().default(""),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    area: numeric("area", { precision: 10, scale: 2, mode: "number" }),
    location_id: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    // Issue 31: the Latin address of the English page (from title_en, else the title transliterated).
    slug_en: text("slug_en").notNull(),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    property_type: text("property_type", { enum: PROPERTY_TYPES }).notNull().default("apartment"),
    order: integer("order").notNull().default(0),
    bedrooms: integer("bedrooms"),
    bathrooms: integer("bathrooms"),
    year_built: integer("year_built"),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features_bg: text("features_bg")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features_en: text("features_en")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The buyer's facts (issue 20): optional, null when unknown.
    status: text("status", { enum: PROPERTY_STATUSES }).notNull().default("available"),
    reference: text("reference"),
    sea_distance_m: integer("sea_distance_m"),
    sea_line: integer("sea_line"),
    sea_view: boolean("sea_view"),
    floor: integer("floor"),
    floors_total: integer("floors_total"),
    construction_stage: text("construction_stage", { enum: CONSTRUCTION_STAGES }),
    completion_quarter: text("completion_quarter"),
    maintenance_fee_eur_m2: numeric("maintenance_fee_eur_m2", { precision: 8, scale: 2, mode: "number" }),
    furnished: text("furnished", { enum: FURNISHED }),
    pool: boolean("pool"),
    parking: boolean("parking"),
    plot_area: numeric("plot_area", { precision: 12, scale: 2, mode: "number" }),
    // Issue 33: the complex it is a unit of (deleting the complex unlinks it); complex_name is that
    // complex's name, written by the database (migration 0018), kept for the API and the feeds.
    complex_id: uuid("complex_id").references(() => complexes.id, { onDelete: "set null" }),
    complex_name: text("complex_name"),
    featured: boolean("featured").notNull().default(false),
    // Sent to the portals' feeds (issue 23, decision 0026) while available or reserved.
    publish_to_feeds: boolean("publish_to_feeds").notNull().default(true),
    // The portals' numeric id for it (homesoverseas.ru's objectid must be a whole number and never change): given once by the database.
    feed_id: bigint("feed_id", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    // Written by the database (migration 0008's trigger), whatever a writer sends:
    // €/m² for its sort, and the last reduction for «Цена снижена» and the `reduced` sort.
    price_per_m2: numeric("price_per_m2", { precision: 14, scale: 2, mode: "number" }).generatedAlwaysAs(
      sql`case when price is not null and area > 0 then round(price / area, 2) end`,
    ),
    price_reduced_from: numeric("price_reduced_from", { precision: 14, scale: 2, mode: "number" }),
    price_reduced_at: timestamp("price_reduced_at", { withTimezone: true, mode: "string" }),
    // The cut's share of the old price while the mark lasts (the `reduced` sort's key; the
    // maintenance job clears marks older than PRICE_REDUCTION_DAYS, decision 0024).
    // Where it is (issue 21): the real point, written by the administrator, and
    // the point the public sees — the same when exact; for an approximate one a
    // point 100–250 m away in a random direction, drawn by the database when the
    // point or its precision changes (migration 0010) and never sent to visitors.
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    location_precision: text("location_precision", { enum: LOCATION_PRECISIONS }).notNull().default("exact"),
    public_lat: doublePrecision("public_lat"),
    public_lng: doublePrecision("public_lng"),
    price_reduction: numeric("price_reduction", { precision: 5, scale: 4, mode: "number" }).generatedAlwaysAs(
      sql`case when price_reduced_from > price then round((price_reduced_from - price) / price_reduced_from, 4) end`,
    ),
    // The words of the four texts for search, written by the model
    // (to_tsvector('simple', searchTextOf(…)), see app/lib/search.ts): the
    // texts are case-folded in JavaScript because PGlite and a C-locale
    // PostgreSQL lower() only ASCII. Stored, not an index expression: a
    // listing walking a sort index checks it on each row it passes, and
    // parsing the texts again there cost 150–500 µs a row.
    search_vector: tsvector("search_vector")
      .notNull()
      .default(sql`''::tsvector`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("real_estates_location_slug_key").on(t.location_id, t.slug),
    uniqueIndex("real_estates_location_slug_en_key").on(t.location_id, t.slug_en),
    // One index per listing sort (app/models/listing.server.ts), in its
    // exact order: alone, after the location, after the type and after both
    // (a location page's type buttons), so a page of a filtered listing is a
    // short walk however deep it is, and a filter the sort does not spread
    // evenly (houses are rare among cheap flats) does not walk past
    // thousands of other rows.
    ...coveringSortIndexes(t),
    ...sortIndexes(t, "location_", [t.location_id]),
    ...sortIndexes(t, "type_", [t.property_type]),
    ...sortIndexes(t, "location_type_", [t.location_id, t.property_type]),
    // A rare building stage (Act 14 and 15: 1 % each of the demo catalogue) is
    // read from here and sorted rather than sought along a sort (decision 0024).
    index("real_estates_stage_idx")
      .on(t.construction_stage)
      .where(sql`${t.construction_stage} is not null`),
    // The maintenance job's expired price-cut marks.
    index("real_estates_price_reduced_at_idx")
      .on(t.price_reduced_at)
      .where(sql`${t.price_reduced_at} is not null`),
    // Text search (app/models/text-search.server.ts).
    index("real_estates_search_idx").using("gin", t.search_vector),
    check("real_estates_title_not_blank", sql`length(btrim(${t.title})) > 0`),
    check("real_estates_type_check", sql`${t.property_type} in ('apartment', 'house')`),
    check("real_estates_price_check", sql`${t.price} is null or ${t.price} >= 0`),
    check("real_estates_area_check", sql`${t.area} is null or ${t.area} > 0`),
    check("real_estates_bedrooms_check", sql`${t.bedrooms} is null or ${t.bedrooms} between 0 and 100`),
    check("real_estates_bathrooms_check", sql`${t.bathrooms} is null or ${t.bathrooms} between 0 and 100`),
    check("real_estates_year_built_check", sql`${t.year_built} is null or ${t.year_built} between 1800 and 2100`),
    uniqueIndex("real_estates_reference_key")
      .on(t.reference)
      .where(sql`${t.reference} is not null`),
    check("real_estates_status_check", sql`${t.status} in ('available', 'reserved', 'sold')`),
    check("real_estates_sea_distance_check", sql`${t.sea_distance_m} is null or ${t.sea_distance_m} between 0 and 100000`),
    check("real_estates_sea_line_check", sql`${t.sea_line} is null or ${t.sea_line} in (1, 2)`),
    check("real_estates_floor_check", sql`${t.floor} is null or ${t.floor} between -2 and 100`),
    check("real_estates_floors_total_check", sql`${t.floors_total} is null or ${t.floors_total} between 1 and 100`),
    check("real_estates_stage_check", sql`${t.construction_stage} is null or ${t.construction_stage} in ('act14', 'act15', 'act16')`),
    check("real_estates_completion_quarter_check", sql`${t.completion_quarter} is null or ${t.completion_quarter} ~ '^[0-9]{4}-Q[1-4]$'`),
    check("real_estates_fee_check", sql`${t.maintenance_fee_eur_m2} is null or ${t.maintenance_fee_eur_m2} between 0 and 1000`),
    check("real_estates_furnished_check", sql`${t.furnished} is null or ${t.furnished} in ('none', 'partly', 'full')`),
    check("real_estates_plot_area_check", sql`${t.plot_area} is null or ${t.plot_area} > 0`),
    check(
      "real_estates_point_check",
      sql`(${t.lat} is null) = (${t.lng} is null) and (${t.lat} is null or (${t.lat} between -90 and 90 and ${t.lng} between -180 and 180))`,
    ),
    check("real_estates_precision_check", sql`${t.location_precision} in ('exact', 'approximate')`),
    // A complex's units (its page, the listing's complex filter, the unlink count).
    index("real_estates_complex_idx")
      .on(t.complex_id)
      .where(sql`${t.complex_id} is not null`),
    // The feeds walk what they publish in feed_id order, batch after batch (app/models/feeds.server.ts).
    uniqueIndex("real_estates_feed_id_key").on(t.feed_id),
    // The map's bounding-box filter (bbox=…) reads the public point.
    index("real_estates_public_point_idx")
      .on(t.public_lat, t.public_lng)
      .where(sql`${t.public_lat} is not null`),
  ],
);

/** Every price a property has had, written by the database on insert and on each change (migration 0008). */
export const priceHistory = pgTable(
  "real_estate_price_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    real_estate_id: uuid("real_estate_id")
      .notNull()
      .references(() => realEstates.id, { onDelete: "cascade" }),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    changed_at: timestamp("changed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("real_estate_price_history_property_idx").on(t.real_estate_id, t.changed_at)],
);

/**
 * Addresses a property had (its location and slug then), written by the
 * database when either changes or the property goes (property_id null):
 * an old link answers 301 to the current address, or 410 (decision 0023).
 * `slug_column` says which address it was (slug, slug_en: issue 31).
 */
export const propertySlugHistory = pgTable(
  "real_estate_slug_history",
  {
    slug_column: text("slug_column").notNull().default("slug"),
    location_id: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    real_estate_id: uuid("real_estate_id").references(() => realEstates.id, { onDelete: "set null" }),
    changed_at: timestamp("changed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug_column, t.location_id, t.slug] }), index("real_estate_slug_history_property_idx").on(t.real_estate_id)],
);

/**
 * What a deleted property was (issue 30), written by the database when it goes
 * (migration 0016): its id keeps answering 410 like its address, and a
 * favourites list that still holds it can say what it was.
 */
export const deletedProperties = pgTable("deleted_real_estates", {
  id: uuid("id").primaryKey(),
  location_id: uuid("location_id")
    .notNull()
    .references(() => locations.id, { onDelete: "cascade" }),
  slug: text("slug").notNull(),
  title: text("title").notNull(),
  title_bg: text("title_bg").notNull().default(""),
  price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
  // Issue 31: every title_* and slug_* it had, by column name (a language added later is kept too).
  names: jsonb("names").$type<Record<string, string>>().notNull().default({}),
  deleted_at: timestamp("deleted_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

/** Slugs a location had, written by the database on a rename (decision 0023); `slug_column` as above. */
export const locationSlugHistory = pgTable(
  "location_slug_history",
  {
    slug_column: text("slug_column").notNull().default("slug"),
    slug: text("slug").notNull(),
    location_id: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    changed_at: timestamp("changed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug_column, t.slug] })],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    message: text("message").notNull(),
    // Which listing the request was sent from (beyond SPEC); kept when the listing goes.
    property_id: uuid("property_id").references(() => realEstates.id, { onDelete: "set null" }),
    // Issue 33: the complex a request was sent about (its page's form); kept when the complex goes.
    complex_id: uuid("complex_id").references(() => complexes.id, { onDelete: "set null" }),
    // A shortlist sent to the agent (issue 22): the properties it named, in its order; kept when one goes (its link then says so).
    property_ids: uuid("property_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // Consent (issue 22): the privacy notice's version the visitor was shown, and when they sent the form; null through the API.
    consent_version: text("consent_version"),
    consent_at: timestamp("consent_at", { withTimezone: true, mode: "string" }),
    isread: boolean("isread").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_submissions_created_at_idx").on(t.created_at),
    // FAVORITES_MAX (app/lib/shortlist.ts): a shortlist is one link's worth.
    check("contact_submissions_property_ids_check", sql`cardinality(${t.property_ids}) <= 30`),
    check("contact_submissions_consent_check", sql`(${t.consent_version} is null) = (${t.consent_at} is null)`),
    index("contact_submissions_unread_idx")
      .on(t.isread)
      .where(sql`${t.isread} = false`),
  ],
);

export const admins = pgTable(
  "admins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("admins_email_key").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the random token; the token itself is only ever in the cookie.
    id: text("id").primaryKey(),
    admin_id: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expires_at), index("sessions_admin_idx").on(t.admin_id)],
);

/**
 * Attempts counted by the rate limits (app/web/rate-limit.server.ts), kept in
 * the database so that every server process counts together. `key` is a
 * SHA-256 of the limit and the client's key (no addresses stored); `bucket`
 * names the limit for a reader; `at_ms` is the server's clock.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at_ms: bigint("at_ms", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.at_ms), index("rate_limit_hits_at_idx").on(t.at_ms)],
);

export type Location = typeof locations.$inferSelect;
export type Complex = typeof complexes.$inferSelect;
/** A property as the application reads it: every column but the derived search_vector. */
export type Property = Omit<typeof realEstates.$inferSelect, "search_vector">;
const { search_vector: _searchVector, ...propertyReadColumns } = getTableColumns(realEstates);
/** The columns of Property, for select() and returning(). */
export const propertyColumns = propertyReadColumns;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Admin = typeof admins.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/** A tsquery value (drizzle has no builder for it): a saved search's words, made once from its text. */
const tsquery = customType<{ data: string }>({
  dataType: () => "tsquery",
});

/**
 * Saved-search e-mail alerts (issue 22, decision 0029). A subscription is
 * one address × one listing query (its normalised query string), with the
 * query's filters as columns so that matching a changed property against
 * every subscription is one SQL join, not a listing query per subscription.
 * Nothing is sent but the confirmation until confirmed_at is set; an
 * unconfirmed one is deleted after 7 days.
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    lang: text("lang").$type<Lang>().notNull(),
    frequency: text("frequency", { enum: ["instant", "daily"] }).notNull(),
    // The listing's query string, normalised (app/lib/alerts.ts alertQuery): what the visitor saw filtered.
    query: text("query").notNull(),
    location_id: uuid("location_id").references(() => locations.id, { onDelete: "cascade" }),
    property_type: text("property_type", { enum: PROPERTY_TYPES }),
    price_min: integer("price_min"),
    price_max: integer("price_max"),
    area_min: integer("area_min"),
    area_max: integer("area_max"),
    bedrooms_min: integer("bedrooms_min"),
    sea_distance_max: integer("sea_distance_max"),
    sea_view: boolean("sea_view").notNull().default(false),
    sea_line: boolean("sea_line").notNull().default(false),
    stage: text("stage", { enum: CONSTRUCTION_STAGES }),
    // Issue 33: «Узнать о новых квартирах в этом комплексе».
    complex_id: uuid("complex_id").references(() => complexes.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["available", "reserved", "sold", "all"] })
      .notNull()
      .default("available"),
    // The search words as the listing matches them (models/text-search), null without a search.
    search_query: tsquery("search_query"),
    consent_version: text("consent_version").notNull(),
    consent_at: timestamp("consent_at", { withTimezone: true, mode: "string" }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true, mode: "string" }),
    // When the last daily digest was composed (the next is due a day later).
    digest_at: timestamp("digest_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    uniqueIndex("alert_subscriptions_email_query_key").on(sql`lower(${t.email})`, t.query),
    index("alert_subscriptions_location_idx").on(t.location_id),
    index("alert_subscriptions_unconfirmed_idx")
      .on(t.created_at)
      .where(sql`${t.confirmed_at} is null`),
    index("alert_subscriptions_confirmed_idx")
      .on(t.confirmed_at)
      .where(sql`${t.confirmed_at} is not null`),
    // Any language of the list (app/i18n/lang.ts): the application checks it, the database only its form.
    check("alert_subscriptions_lang_check", sql`${t.lang} ~ '^[a-z]{2}$'`),
    check("alert_subscriptions_frequency_check", sql`${t.frequency} in ('instant', 'daily')`),
    check("alert_subscriptions_email_check", sql`length(${t.email}) <= 254 and ${t.email} !~ '[[:cntrl:]]'`),
    check("alert_subscriptions_query_check", sql`length(${t.query}) <= 2000`),
  ],
);

/** The SHA-256 of each confirmation and unsubscribe link's token: the token itself is only ever in the e-mail. */
export const alertTokens = pgTable(
  "alert_tokens",
  {
    hash: text("hash").primaryKey(),
    subscription_id: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm", "unsubscribe"] }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("alert_tokens_subscription_idx").on(t.subscription_id)],
);

/** Properties added or made cheaper, written by the database in the same transaction (migration 0013's trigger), consumed by the matcher. */
export const alertChanges = pgTable("alert_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  real_estate_id: uuid("real_estate_id")
    .notNull()
    .references(() => realEstates.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["new", "price_drop"] }).notNull(),
  created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

/**
 * What a subscription was told about each property (the dedup rule,
 * decision 0029): one row per subscription and property, with the price
 * announced; `pending` until it has gone into a mail.
 */
export const alertItems = pgTable(
  "alert_items",
  {
    subscription_id: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    real_estate_id: uuid("real_estate_id")
      .notNull()
      .references(() => realEstates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["new", "price_drop"] }).notNull(),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    pending: boolean("pending").notNull().default(true),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscription_id, t.real_estate_id] }),
    index("alert_items_pending_idx")
      .on(t.subscription_id)
      .where(sql`${t.pending}`),
  ],
);

/**
 * The durable outbox of alert e-mails: the confirmation, and each alert or
 * digest (its properties in `items`). A sender claims due rows (FOR UPDATE
 * SKIP LOCKED, a lease in claimed_until), so two processes never send the
 * same one; a failure waits next_attempt_at (back-off) and is tried again.
 */
export const alertMails = pgTable(
  "alert_mails",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subscription_id: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["confirm", "alert"] }).notNull(),
    items: jsonb("items")
      .$type<{ id: string; kind: "new" | "price_drop"; price: number | null; was?: number | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    claimed_until: timestamp("claimed_until", { withTimezone: true, mode: "string" }),
    sent_at: timestamp("sent_at", { withTimezone: true, mode: "string" }),
    failed_at: timestamp("failed_at", { withTimezone: true, mode: "string" }),
    last_error: text("last_error"),
  },
  (t) => [
    index("alert_mails_due_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
    index("alert_mails_subscription_idx").on(t.subscription_id),
  ],
);

export type AlertSubscription = typeof alertSubscriptions.$inferSelect;
export type AlertMail = typeof alertMails.$inferSelect;
/**
 * The agent card (issue 22) on the home and property pages: one row (id 1),
 * edited at /admin/agent. An empty name falls back to SITE_CONTACT_NAME; no
 * photo or languages: the card shows none (decision 0030). `photo` is an
 * /upload/… path, kept by the orphan sweep (models/image-references.server.ts).
 */
export const agentCard = pgTable(
  "agent_card",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull().default(""),
    // Language codes the agent speaks (AGENT_LANGUAGES, app/models/agent-card.server.ts), in the order shown.
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photo: text("photo"),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [check("agent_card_one_row", sql`${t.id} = 1`), check("agent_card_languages_check", sql`cardinality(${t.languages}) <= 20`)],
);
export type AgentCardRow = typeof agentCard.$inferSelect;
