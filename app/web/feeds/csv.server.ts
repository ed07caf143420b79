import type { FeedProperty } from "~/models/feeds.server";
import { LANGS, ownText, TRANSLATED_LANGS, textColumn, type Lang } from "~/i18n/lang";
import { absoluteUrl } from "~/lib/seo";
import { propertyUrl } from "./feed-values.server";

/**
 * The CSV export (issue 23 item 6, decision 0026): one row per property,
 * every field in every language, UTF-8 with a byte-order mark (Excel reads
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

type Column = readonly [string, (p: FeedProperty, origin: string) => Cell];

/** A field's columns in every other language of the site (title_bg, title_en …: app/i18n/lang.ts). */
function perLanguage(field: string, read: (lang: Lang) => Column[1]): Column[] {
  return TRANSLATED_LANGS.map((lang) => [textColumn(field, lang), read(lang)] as const);
}

/** A list field's own entries in a language (none: the Russian ones are not copied). */
function ownList(lang: Lang, p: FeedProperty, field: string): string[] {
  const value = (p as unknown as Record<string, unknown>)[textColumn(field, lang)];
  return Array.isArray(value) ? (value as string[]) : [];
}

/** The export's columns, in order, and how each is read from a property. */
export const CSV_COLUMNS: readonly Column[] = [
  ["reference", (p) => p.reference],
  ["id", (p) => p.id],
  ["feed_id", (p) => p.feed_id],
  ["status", (p) => p.status],
  ["publish_to_feeds", (p) => p.publish_to_feeds],
  ["featured", (p) => p.featured],
  ["location", (p) => p.location_name],
  ...perLanguage("location", (lang) => (p) => ownText(lang, p, "location_name")),
  ["property_type", (p) => p.property_type],
  ["title", (p) => p.title],
  ...perLanguage("title", (lang) => (p) => ownText(lang, p, "title")),
  ["description", (p) => p.description],
  ...perLanguage("description", (lang) => (p) => ownText(lang, p, "description")),
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
  // Issue 33: the link itself (the import reads it back on this site; complex_name names it anywhere).
  ["complex_id", (p) => p.complex_id],
  ["lat", (p) => p.lat],
  ["lng", (p) => p.lng],
  ["location_precision", (p) => p.location_precision],
  // Lists: one entry a line inside the cell.
  ["features", (p) => p.features.join("\n")],
  ...perLanguage("features", (lang) => (p) => ownList(lang, p, "features").join("\n")),
  ["images", (p, origin) => p.images.map((ref) => absoluteUrl(origin, ref)).join("\n")],
  ["slug", (p) => p.slug],
  ...LANGS.map((lang) => [`url_${lang}`, (p: FeedProperty, origin: string) => propertyUrl(origin, lang, p)] as const),
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
