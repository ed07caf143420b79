import "~/i18n/all";
import { dictionary } from "~/i18n";
import { formatDecimal } from "~/i18n/format";
import type { FeedProperty } from "~/models/feeds.server";
import { cdata, complexNameIn, descriptionIn, element, exactPoint, offPlan, photoUrls, titleIn, townIn, truncate, whole, xmlText } from "./feed-values.server";

/**
 * homesoverseas.ru's XML feed, requirements version 2 (../shared/feeds.md,
 * decision 0026): `<root>` with one `<object>` per property, Russian texts.
 * A property whose location has no region id set in the admin is left out:
 * `region` is required and there is no id to guess.
 */

export const HOMESOVERSEAS_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n';
export const HOMESOVERSEAS_TAIL = "</root>\n";

/** realty_type: 16 flat/apartment, 17 house/villa. */
const REALTY_TYPE = { apartment: 16, house: 17 } as const;

/** The option ids our facts give (../shared/feeds.md). */
export const HOMESOVERSEAS_OPTIONS = {
  firstLine: 7,
  secondLine: 16,
  seaView: 6,
  openParking: 23,
  furniture: 13,
  pool: 19,
  garage: 33,
  fitness: 27,
  playground: 30,
  managingCompany: 58,
} as const;

const O = HOMESOVERSEAS_OPTIONS;

export function homesoverseasOptions(p: FeedProperty): number[] {
  const options: number[] = [];
  if (p.sea_line === 1) options.push(O.firstLine);
  if (p.sea_line === 2) options.push(O.secondLine);
  if (p.sea_view === true) options.push(O.seaView);
  if (p.pool === true) options.push(O.pool);
  // Our parking is "there is a place", not a garage: the open-parking option.
  if (p.parking === true) options.push(O.openParking);
  if (p.furnished === "full" || p.furnished === "partly") options.push(O.furniture);
  // What its complex offers (issue 33); a complex that charges a maintenance fee is run by a managing company.
  const facilities = new Set(p.complex_facilities ?? []);
  if (facilities.has("pool") || facilities.has("indoor_pool")) options.push(O.pool);
  if (facilities.has("parking")) options.push(O.openParking);
  if (facilities.has("garage")) options.push(O.garage);
  if (facilities.has("gym")) options.push(O.fitness);
  if (facilities.has("playground")) options.push(O.playground);
  if (p.complex_name && p.complex_maintenance_fee_eur_m2 !== null) options.push(O.managingCompany);
  return [...new Set(options)];
}

/** A short line of facts, not a repeat of the description (≤ 150 characters): «Квартира, 65 м², 2 спальни, 300 м до моря, Созополь». */
function annotation(p: FeedProperty): string {
  const t = dictionary("ru");
  const parts: string[] = [t.listing.types[p.property_type]];
  if (p.area !== null) parts.push(`${formatDecimal(p.area, "ru", 1)} м²`);
  if (p.bedrooms !== null) parts.push(`спален: ${p.bedrooms}`);
  if (p.sea_distance_m !== null) parts.push(`до моря ${formatDecimal(p.sea_distance_m, "ru", 0)} м`);
  if (p.sea_view === true) parts.push("вид на море");
  if (p.complex_name) parts.push(`комплекс ${complexNameIn("ru", p)}`);
  parts.push(townIn("ru", p));
  return truncate(parts.join(", "), 150);
}

/** The description as the CDATA markup the portal allows (plain text, line breaks as `<br>`). */
function descriptionMarkup(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!)
    .replace(/\r\n?/g, "\n")
    .replace(/\n/g, "<br>");
}

/** Kilometres with at most three decimals: 350 m → 0.35. */
function kilometres(metres: number): string {
  return String(Math.round(metres) / 1000);
}

/** One `<object>`, or "" when the property cannot be one (no region id). */
export function homesoverseasObject(p: FeedProperty, origin: string): string {
  if (p.homesoverseas_region === null) return "";
  const parts: string[] = [
    element("objectid", p.feed_id),
    element("ref", p.reference ? p.reference.slice(0, 60) : null),
    element("title", truncate(titleIn("ru", p), 60)),
    element("type", "sale"),
  ];
  if (offPlan(p)) parts.push(element("market", "primary"));
  parts.push(element("annotation", annotation(p)));
  const description = descriptionIn("ru", p);
  if (description) parts.push(`<description>${cdata(descriptionMarkup(description))}</description>`);
  // No price is "price on request": 0.
  parts.push(element("price", whole(p.price) ?? 0), element("currency", "eur"), element("region", p.homesoverseas_region));
  parts.push(element("realty_type", REALTY_TYPE[p.property_type]));
  parts.push(element("bedrooms", p.bedrooms), element("size_house", whole(p.area)));
  if (p.property_type === "house") parts.push(element("size_land", whole(p.plot_area)));
  parts.push(element("year", p.year_built));
  if (offPlan(p) && p.completion_quarter) {
    const [year, quarter] = p.completion_quarter.split("-Q");
    parts.push(element("not_ready_year", year), element("not_ready_quarter", quarter));
  }
  if (p.property_type === "apartment") parts.push(element("level", p.floor !== null && p.floor >= 0 ? p.floor : null));
  // The building's floors: the unit's record, else its complex's (issue 33).
  parts.push(element("levels", p.floors_total ?? p.complex_floors));
  if (p.sea_distance_m !== null) parts.push(element("distance_sea", kilometres(p.sea_distance_m)));
  for (const option of homesoverseasOptions(p)) parts.push(element("option", option));
  const point = exactPoint(p);
  if (point) parts.push(element("lat", point.lat), element("lng", point.lng));
  for (const url of photoUrls(origin, p.images, 15)) parts.push(`<photo>${xmlText(url)}</photo>`);
  return `<object>${parts.join("")}</object>\n`;
}
