import type { FeedProperty } from "~/models/feeds.server";
import { absoluteUrl } from "~/lib/seo";
import { propertyUrl } from "./feed-values.server";

/**
 * The CSV export (issue 23 item 6, decision 0026): one row per property,
 * every field in both languages, UTF-8 with a byte-order mark (Excel reads
 * Cyrillic right only with it), RFC 4180 quoting. A text cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
 * spreadsheet never runs it as a formula (OWASP's CSV injection advice); a
 * number (`-1`, a floor below ground) is left as it is — it is no formula.
 *
 * The writer is these few lines rather than a library: quoting every cell
 * and doubling its quotes is all RFC 4180 asks of a writer.
 */

export const CSV_BOM = "\uFEFF";

type Cell = string | number | boolean | null | undefined;

/** The export's columns, in order, and how each is read from a property. */
export const CSV_COLUMNS: readonly (readonly [string, (p: FeedProperty, origin: string) => Cell])[] = [
  ["reference", (p) => p.reference],
  ["id", (p) => p.id],
  ["feed_id", (p) => p.feed_id],
  ["status", (p) => p.status],
  ["publish_to_feeds", (p) => p.publish_to_feeds],
  ["featured", (p) => p.featured],
  ["location", (p) => p.location_name],
  ["location_bg", (p) => p.location_name_bg],
  ["property_type", (p) => p.property_type],
  ["title", (p) => p.title],
  ["title_bg", (p) => p.title_bg],
  ["description", (p) => p.description],
  ["description_bg", (p) => p.description_bg],
  ["price", (p) => p.price],
  ["area", (p) => p.area],
  ["bedrooms", (p) => p.bedrooms],
  ["bathrooms", (p) => p.bathrooms],
  ["year_built", (p) => p.year_built],
  ["sea_distance_m", (p) => p.sea_distance_m],
  ["sea_line", (p) => p.sea_line],
  ["sea_view", (p) => p.sea_view],
  ["floor", (p) => p.floor],
  ["floors_total", (p) => p.floors_total],
  ["construction_stage", (p) => p.construction_stage],
  ["completion_quarter", (p) => p.completion_quarter],
  ["maintenance_fee_eur_m2", (p) => p.maintenance_fee_eur_m2],
  ["furnished", (p) => p.furnished],
  ["pool", (p) => p.pool],
  ["parking", (p) => p.parking],
  ["plot_area", (p) => p.plot_area],
  ["complex_name", (p) => p.complex_name],
  ["lat", (p) => p.lat],
  ["lng", (p) => p.lng],
  ["location_precision", (p) => p.location_precision],
  // Lists: one entry a line inside the cell.
  ["features", (p) => p.features.join("\n")],
  ["features_bg", (p) => p.features_bg.join("\n")],
  ["images", (p, origin) => p.images.map((ref) => absoluteUrl(origin, ref)).join("\n")],
  ["slug", (p) => p.slug],
  ["url_ru", (p, origin) => propertyUrl(origin, "ru", p)],
  ["url_bg", (p, origin) => propertyUrl(origin, "bg", p)],
  ["price_per_m2", (p) => p.price_per_m2],
  ["created_at", (p) => p.created_at],
  ["updated_at", (p) => p.updated_at],
];

/** One cell, quoted, formula-neutralised. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "true" : "false") : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function csvHeader(): string {
  return CSV_BOM + csvRow(CSV_COLUMNS.map(([name]) => name));
}

export function csvPropertyRow(p: FeedProperty, origin: string): string {
  return csvRow(CSV_COLUMNS.map(([, read]) => read(p, origin)));
}
