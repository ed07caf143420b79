import { isIndexedIn, LANGS, type Lang } from "~/i18n/lang";
import { localizedUrl } from "~/lib/seo";
import type { FeedProperty } from "~/models/feeds.server";
import {
  complexNameIn,
  descriptionIn,
  element,
  exactPoint,
  FACILITY_WORDS,
  maintenanceFee,
  offPlan,
  photoUrls,
  propertyUrl,
  titleIn,
  townIn,
  truncate,
  whole,
  xmlText,
} from "./feed-values.server";

/**
 * Kyero's XML import format version 3 (../shared/feeds.md, decision 0026):
 * a full feed — a property missing from it is removed from the portal, a
 * changed `date` updates it. Texts and addresses in `ru` and `bg`; town and
 * features in the English (Latin) words the portal matches on.
 */

export interface KyeroAgent {
  name: string;
  email: string;
  tel: string;
}

export function kyeroHead(generatedAt: Date, agent: KyeroAgent): string {
  const stamp = generatedAt.toISOString().slice(0, 19).replace("T", " ");
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n' +
    `<kyero><feed_version>3</feed_version>${element("feed_generated", stamp)}</kyero>\n` +
    `<agent>${element("name", agent.name)}${element("email", agent.email)}${element("tel", agent.tel)}${element("country", "Bulgaria")}</agent>\n`
  );
}

export const KYERO_TAIL = "</root>\n";

/** Our types in Kyero's words. */
const KYERO_TYPE = { apartment: "apartment", house: "house" } as const;

/** Kyero's `ref` (1–15 characters): the property's reference when it fits, else its stable feed id. */
export function kyeroRef(p: Pick<FeedProperty, "reference" | "feed_id">): string {
  return p.reference && p.reference.length <= 15 ? p.reference : String(p.feed_id);
}

/**
 * The page's address, at most 255 characters as Kyero requires: a long
 * Cyrillic slug, percent-encoded, passes that, and then the page's short
 * address by id (/properties/{id}, a permanent redirect to it) is sent.
 */
export function kyeroUrl(origin: string, lang: Lang, p: Pick<FeedProperty, "id" | "location_slug" | "slug"> & Partial<FeedProperty>): string {
  const url = propertyUrl(origin, lang, p);
  return url.length <= 255 ? url : localizedUrl(origin, lang, `/properties/${p.id}`);
}

/** The facts as English feature words (1–50 of them; the portal requires at least one). */
export function kyeroFeatures(p: FeedProperty): string[] {
  const features: string[] = [];
  if (p.sea_line === 1) features.push("Frontline beach");
  if (p.sea_line === 2) features.push("Second line beach");
  if (p.sea_view === true) features.push("Sea views");
  if (p.sea_distance_m !== null) features.push(`${p.sea_distance_m} m to the sea`);
  if (p.pool === true) features.push("Swimming pool");
  if (p.parking === true) features.push("Parking");
  if (p.furnished === "full") features.push("Furnished");
  if (p.furnished === "partly") features.push("Partly furnished");
  if (p.furnished === "none") features.push("Unfurnished");
  if (p.construction_stage === "act14") features.push("Under construction (Act 14)");
  if (p.construction_stage === "act15") features.push("Building completed (Act 15)");
  if (p.construction_stage === "act16") features.push("Ready to move in (Act 16)");
  if (p.completion_quarter && offPlan(p)) features.push(`Completion ${p.completion_quarter.replace("-", " ")}`);
  if (p.floor !== null && p.property_type === "apartment")
    features.push(p.floors_total !== null ? `Floor ${p.floor} of ${p.floors_total}` : `Floor ${p.floor}`);
  const fee = maintenanceFee(p);
  if (fee !== null) features.push(`Maintenance fee ${fee} EUR/m2 per year`);
  // The complex (issue 33): its name in Latin letters, and what it offers in the portal's English words.
  if (p.complex_name) features.push(truncate(`Complex ${complexNameIn("en", p)}`, 100));
  for (const facility of p.complex_facilities ?? []) {
    const word = FACILITY_WORDS.en[facility];
    if (!features.includes(word) && !(facility === "pool" && p.pool === true) && !(facility === "parking" && p.parking === true)) features.push(word);
  }
  if (p.status === "reserved") features.push("Reserved");
  if (features.length === 0) features.push(p.property_type === "house" ? "Seaside house" : "Seaside apartment");
  return features.slice(0, 50);
}

/** One `<property>`. */
export function kyeroProperty(p: FeedProperty, origin: string, province: string): string {
  const parts: string[] = [
    element("id", p.feed_id),
    element("date", p.changed_at),
    element("ref", kyeroRef(p)),
    element("price", whole(p.price) ?? "x"),
    element("currency", "EUR"),
    element("price_freq", "sale"),
    element("new_build", p.construction_stage ? 1 : 0),
    element("type", KYERO_TYPE[p.property_type]),
    // The English name, else the Bulgarian one transliterated (lang.ts placeName): Kyero's town is Latin.
    element("town", townIn("en", p)),
    element("province", province),
  ];
  // A unit's own pool, else its complex's (communal or indoor: issue 33).
  const complexPool = (p.complex_facilities ?? []).some((f) => f === "pool" || f === "indoor_pool");
  if (p.pool !== null || complexPool) parts.push(element("pool", p.pool === true || complexPool ? 1 : 0));
  const point = exactPoint(p);
  if (point) parts.push(`<location>${element("latitude", point.lat)}${element("longitude", point.lng)}</location>`);
  if (p.complex_name) parts.push(element("location_detail", truncate(p.complex_name, 50)));
  parts.push(element("beds", p.bedrooms), element("baths", p.bathrooms));
  const built = whole(p.area);
  const plot = whole(p.plot_area);
  if (built !== null || plot !== null) parts.push(`<surface_area>${element("built", built)}${element("plot", plot)}</surface_area>`);
  // Every language the property's page is indexed in: English only once the agent has written its English texts (issue 31).
  const langs = LANGS.filter((lang) => isIndexedIn(lang, p));
  parts.push(`<url>${langs.map((lang) => element(lang, kyeroUrl(origin, lang, p))).join("")}</url>`);
  parts.push(`<desc>${langs.map((lang) => element(lang, `${titleIn(lang, p)}\n\n${descriptionIn(lang, p)}`.trim())).join("")}</desc>`);
  parts.push(
    `<features>${kyeroFeatures(p)
      .map((f) => element("feature", f))
      .join("")}</features>`,
  );
  const photos = photoUrls(origin, p.images, 50);
  if (photos.length > 0) {
    parts.push(`<images>${photos.map((url, i) => `<image id="${i + 1}"><url>${xmlText(url)}</url></image>`).join("")}</images>`);
  }
  return `<property>${parts.join("")}</property>\n`;
}
