import type { MetaDescriptor } from "react-router";
import { dictionary } from "~/i18n";
import { DEFAULT_LANG, LANGS, LANGUAGES, localizePath, type Lang, type LocalizedPaths } from "~/i18n/lang";
import type { PropertyStatus } from "./property-facts";

/**
 * Search-engine and link-preview metadata (DESIGN §6: every page has a
 * canonical URL and hreflang alternates). Pure and client-safe: pages call
 * these from their `meta` export with the origin their loader passed on.
 *
 * `path` always means the Russian (unprefixed), unencoded path, e.g.
 * "/созополь/дом-у-моря"; the Bulgarian twin is derived with localizePath.
 */

/** Open Graph locales of the languages (app/i18n/languages.ts). */
export const OG_LOCALE = Object.fromEntries(LANGUAGES.map((l) => [l.code, l.ogLocale])) as Record<Lang, string>;

/** Longest description we emit; search engines cut longer ones anyway. */
export const DESCRIPTION_MAX = 160;

function tryDecode(value: string, decode: (v: string) => string): string {
  try {
    return decode(value);
  } catch {
    return value;
  }
}

/**
 * Percent-encodes a URL path (Cyrillic slugs and anything else unsafe) segment
 * by segment, keeping the slashes, and a query or fragment with encodeURI.
 * Idempotent: an already encoded path comes back unchanged.
 */
export function encodePath(path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  const encoded = pathname
    .split("/")
    .map((segment) => encodeURIComponent(tryDecode(segment, decodeURIComponent)))
    .join("/");
  return rest === "" ? encoded : encoded + encodeURI(tryDecode(rest, decodeURI));
}

/** Absolute, percent-encoded URL of a page in a language: origin + localized path. */
export function localizedUrl(origin: string, lang: Lang, path: string): string {
  return origin.replace(/\/+$/, "") + encodePath(localizePath(lang, path));
}

/** A site path ("/upload/x.jpg") made absolute; absolute http(s) URLs stay as they are. */
export function absoluteUrl(origin: string, ref: string): string {
  if (/^https?:\/\//i.test(ref)) return ref;
  const base = origin.replace(/\/+$/, "");
  return base + encodePath(ref.startsWith("/") ? ref : `/${ref}`);
}

/** A page's unprefixed path in each language: one path for all, or each language's own (issue 31: Latin addresses). */
export type PagePaths = string | LocalizedPaths;

/** The page's unprefixed path in `lang` (undefined: the page has no twin in that language worth linking). */
export function pathIn(paths: PagePaths, lang: Lang): string | undefined {
  return typeof paths === "string" ? paths : paths[lang];
}

/**
 * The hreflang targets of a page: each language it has (reciprocal and
 * self-referencing), and x-default → the Russian page.
 */
export function hreflangUrls(origin: string, paths: PagePaths): { hrefLang: Lang | "x-default"; href: string }[] {
  const targets: { hrefLang: Lang | "x-default"; href: string }[] = [];
  for (const lang of LANGS) {
    const path = pathIn(paths, lang);
    if (path !== undefined) targets.push({ hrefLang: lang, href: localizedUrl(origin, lang, path) });
  }
  const fallback = pathIn(paths, DEFAULT_LANG);
  if (fallback !== undefined) targets.push({ hrefLang: "x-default", href: localizedUrl(origin, DEFAULT_LANG, fallback) });
  return targets;
}

/**
 * Whitespace collapsed, and cut at a word boundary with "…" when longer than
 * `max` characters (the result, ellipsis included, is at most `max` long).
 */
export function trimDescription(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  // Cut at the last space unless that loses more than half the text (one huge word).
  const cut = space >= max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:!?\-–—]+$/u, "")}…`;
}

/**
 * A timestamp as ISO 8601 (UTC), also from PostgreSQL's text form
 * "2025-01-02 10:00:00.123+00" (which not every browser parses as is).
 * Anything unparseable comes back unchanged.
 */
export function toIsoDateTime(value: string): string {
  const normalized = value
    .trim()
    .replace(" ", "T")
    .replace(/([+-]\d\d)$/, "$1:00");
  const date = new Date(normalized);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export interface PageMetaInput {
  /** The site's origin without a trailing slash (getEnv().publicUrl, passed on by the loader). */
  origin: string;
  /** The language of this page. */
  lang: Lang;
  /** The page's unprefixed path, e.g. "/properties", or each language's own (a property's Latin address). */
  path: PagePaths;
  title: string;
  description: string;
  /** A site path ("/upload/…") or an absolute URL. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

/** title, description, canonical, hreflang alternates, Open Graph and Twitter cards of a page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { origin, lang, path, title } = input;
  const description = trimDescription(input.description);
  const canonical = localizedUrl(origin, lang, pathIn(path, lang) ?? pathIn(path, DEFAULT_LANG) ?? "/");
  const image = input.image ? absoluteUrl(origin, input.image) : null;
  const imageAlt = input.imageAlt?.trim() || title;

  const meta: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  meta.push({ tagName: "link", rel: "canonical", href: canonical });
  // A page kept out of the index names no twins (hreflang between indexed pages only).
  for (const alt of input.noindex ? [] : hreflangUrls(origin, path)) {
    meta.push({ tagName: "link", rel: "alternate", hrefLang: alt.hrefLang, href: alt.href });
  }
  meta.push(
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: dictionary(lang).siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALE[lang] },
  );
  for (const other of LANGS) {
    if (other !== lang) meta.push({ property: "og:locale:alternate", content: OG_LOCALE[other] });
  }
  if (image) {
    meta.push({ property: "og:image", content: image }, { property: "og:image:alt", content: imageAlt });
  }
  meta.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  );
  if (image) {
    meta.push({ name: "twitter:image", content: image }, { name: "twitter:image:alt", content: imageAlt });
  }
  return meta;
}

/** A JSON-LD block (React Router renders it as <script type="application/ld+json">, escaped). */
export function jsonLd(data: object): MetaDescriptor {
  return { "script:ld+json": data };
}

/** schema.org BreadcrumbList; `url`s should be absolute. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export interface PropertyJsonLdInput {
  /** Absolute canonical URL of the property page. */
  url: string;
  name: string;
  description: string;
  /** Absolute image URLs (see absoluteUrl). */
  images: string[];
  price: number | null;
  currency?: string;
  /** Area in m². */
  area: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  locationName: string;
  /** Date-time of publication (created_at; PostgreSQL's text form is fine). */
  datePosted: string;
  type: "apartment" | "house";
  /** Issue 20: the offer's availability follows it. */
  status: PropertyStatus;
  /** Issue 21: the point, only when it is shown exactly (an approximate one is never published as a place). */
  geo?: { lat: number; lng: number } | null;
}

/** schema.org ItemAvailability of a property's status. */
export const AVAILABILITY: Record<PropertyStatus, string> = {
  available: "https://schema.org/InStock",
  reserved: "https://schema.org/Reserved",
  sold: "https://schema.org/SoldOut",
};

/**
 * schema.org RealEstateListing of a property: the offer (only with a price),
 * and the dwelling itself (Apartment or SingleFamilyResidence) as mainEntity.
 * Unknown values (null) are left out rather than sent as null.
 */
export function propertyJsonLd(input: PropertyJsonLdInput) {
  const residence: Record<string, unknown> = {
    "@type": input.type === "house" ? "SingleFamilyResidence" : "Apartment",
    name: input.name,
    address: { "@type": "PostalAddress", addressLocality: input.locationName, addressCountry: "BG" },
  };
  if (input.area !== null) residence.floorSize = { "@type": "QuantitativeValue", value: input.area, unitCode: "MTK" };
  if (input.bedrooms !== null) residence.numberOfBedrooms = input.bedrooms;
  if (input.bathrooms !== null) residence.numberOfBathroomsTotal = input.bathrooms;
  if (input.geo) residence.geo = { "@type": "GeoCoordinates", latitude: input.geo.lat, longitude: input.geo.lng };

  const listing: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    url: input.url,
    name: input.name,
    description: input.description,
    datePosted: toIsoDateTime(input.datePosted),
  };
  if (input.images.length > 0) listing.image = input.images;
  if (input.price !== null) {
    listing.offers = {
      "@type": "Offer",
      price: input.price,
      priceCurrency: input.currency ?? "EUR",
      availability: AVAILABILITY[input.status],
      url: input.url,
    };
  }
  listing.mainEntity = residence;
  return listing;
}

export interface ComplexJsonLdInput {
  /** Absolute canonical URL of the complex page. */
  url: string;
  name: string;
  description: string;
  /** Absolute image URLs. */
  images: string[];
  locationName: string;
  /** Issue 21's rule: only a point shown exactly is published as the place (an approximate one never is). */
  geo: { lat: number; lng: number } | null;
  /** Units for sale (not sold) and the lowest and highest asking price among them (null: none has a price). */
  forSale: number;
  prices: { min: number; max: number } | null;
  unitsTotal: number | null;
  /** The facilities' names in the page's language. */
  facilities: string[];
  currency?: string;
}

/**
 * schema.org of a new-build complex (issue 33): an ApartmentComplex (a
 * Residence: name, address, geo, image, its units and amenities) as the
 * mainEntity of a RealEstateListing that carries the units for sale as one
 * AggregateOffer (lowPrice, highPrice, offerCount). The listing carries the
 * offer because `offers` belongs to CreativeWork (RealEstateListing is a
 * WebPage), not to Place: an ApartmentComplex with `offers` is not valid
 * schema.org. No offer when nothing priced is for sale.
 */
export function complexJsonLd(input: ComplexJsonLdInput) {
  const complex: Record<string, unknown> = {
    "@type": "ApartmentComplex",
    name: input.name,
    address: { "@type": "PostalAddress", addressLocality: input.locationName, addressCountry: "BG" },
  };
  if (input.geo) complex.geo = { "@type": "GeoCoordinates", latitude: input.geo.lat, longitude: input.geo.lng };
  if (input.images.length > 0) complex.image = input.images;
  if (input.unitsTotal !== null) complex.numberOfAccommodationUnits = input.unitsTotal;
  complex.numberOfAvailableAccommodationUnits = input.forSale;
  if (input.facilities.length > 0) {
    complex.amenityFeature = input.facilities.map((name) => ({ "@type": "LocationFeatureSpecification", name, value: true }));
  }
  const listing: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    url: input.url,
    name: input.name,
  };
  if (input.description.trim() !== "") listing.description = input.description;
  if (input.images.length > 0) listing.image = input.images;
  if (input.prices !== null && input.forSale > 0) {
    listing.offers = {
      "@type": "AggregateOffer",
      lowPrice: input.prices.min,
      highPrice: input.prices.max,
      priceCurrency: input.currency ?? "EUR",
      offerCount: input.forSale,
      url: input.url,
    };
  }
  listing.mainEntity = complex;
  return listing;
}
