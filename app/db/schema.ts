import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    slug: text("slug").notNull(),
    image: text("image").notNull().default(""),
    order: integer("order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("locations_name_key").on(t.name),
    uniqueIndex("locations_slug_key").on(t.slug),
    index("locations_order_idx").on(t.order),
    check("locations_name_not_blank", sql`length(btrim(${t.name})) > 0`),
  ],
);

export const PROPERTY_TYPES = ["apartment", "house"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const realEstates = pgTable(
  "real_estates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    title_bg: text("title_bg").notNull().default(""),
    description: text("description").notNull(),
    description_bg: text("description_bg").notNull().default(""),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    area: numeric("area", { precision: 10, scale: 2, mode: "number" }),
    location_id: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    property_type: text("property_type", { enum: PROPERTY_TYPES }).notNull().default("apartment"),
    order: integer("order").notNull().default(0),
    bedrooms: integer("bedrooms"),
    bathrooms: integer("bathrooms"),
    year_built: integer("year_built"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    features_bg: text("features_bg").array().notNull().default(sql`'{}'::text[]`),
    // The four texts case-folded for search, written by the model
    // (searchTextOf in app/lib/search.ts): PGlite and a C-locale PostgreSQL
    // lower() only ASCII, and translate() in the database cost ~2 ms a row.
    search_text: text("search_text").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("real_estates_location_slug_key").on(t.location_id, t.slug),
    index("real_estates_location_order_idx").on(t.location_id, t.order),
    // One index per listing sort (app/models/listing.server.ts), in its exact order.
    index("real_estates_order_idx").on(t.order, t.created_at, t.id),
    index("real_estates_price_asc_idx").on(t.price.asc().nullsLast(), t.order, t.id),
    index("real_estates_price_desc_idx").on(t.price.desc().nullsLast(), t.order, t.id),
    index("real_estates_created_at_idx").on(t.created_at.desc().nullsFirst(), t.id),
    index("real_estates_type_idx").on(t.property_type),
    check("real_estates_title_not_blank", sql`length(btrim(${t.title})) > 0`),
    check("real_estates_type_check", sql`${t.property_type} in ('apartment', 'house')`),
    check("real_estates_price_check", sql`${t.price} is null or ${t.price} >= 0`),
    check("real_estates_area_check", sql`${t.area} is null or ${t.area} > 0`),
    check("real_estates_bedrooms_check", sql`${t.bedrooms} is null or ${t.bedrooms} between 0 and 100`),
    check("real_estates_bathrooms_check", sql`${t.bathrooms} is null or ${t.bathrooms} between 0 and 100`),
    check("real_estates_year_built_check", sql`${t.year_built} is null or ${t.year_built} between 1800 and 2100`),
  ],
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
    isread: boolean("isread").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_submissions_created_at_idx").on(t.created_at),
    index("contact_submissions_unread_idx").on(t.isread).where(sql`${t.isread} = false`),
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

export type Location = typeof locations.$inferSelect;
export type RealEstate = typeof realEstates.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Admin = typeof admins.$inferSelect;
export type Session = typeof sessions.$inferSelect;
