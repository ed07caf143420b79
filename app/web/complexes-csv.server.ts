import { LANGS, complexPathIn, ownText, TRANSLATED_LANGS, textColumn, type Lang } from "~/i18n/lang";
import { SLUG_COLUMNS } from "~/lib/slug";
import { absoluteUrl, localizedUrl } from "~/lib/seo";
import { listComplexes, type ComplexWithCounts } from "~/models/complexes.server";
import { listLocations } from "~/models/locations.server";
import { CSV_BOM, csvRow } from "./feeds/csv.server";

/**
 * The CSV export of complexes (issue 33, /admin/complexes/export.csv): one
 * row per complex, every column, each text in every language of
 * app/i18n/lang.ts, with the property export's conventions and escaping
 * (app/web/feeds/csv.server.ts: UTF-8 with a byte-order mark, every cell
 * quoted, formulas neutralised); facilities as a `;`-separated list of their
 * keys, photos as absolute URLs one a line. The import
 * (app/models/complex-import.server.ts) reads the same columns back.
 */

type Cell = string | number | boolean | null | undefined;

/** A complex as a row is read from: the complex, its counts, and its location. */
export interface ComplexCsvRow extends ComplexWithCounts {
  location: { name: string; slug: string } & Record<string, unknown>;
}

type Column = readonly [string, (c: ComplexCsvRow, origin: string) => Cell];

/** A text's columns in the other languages (name_bg, name_en …). */
function perLanguage(field: string, read: (lang: Lang) => Column[1]): Column[] {
  return TRANSLATED_LANGS.map((lang) => [textColumn(field, lang), read(lang)] as const);
}

export const COMPLEX_CSV_COLUMNS: readonly Column[] = [
  ["id", (c) => c.id],
  ["name", (c) => c.name],
  ...perLanguage("name", (lang) => (c) => ownText(lang, c, "name")),
  ["location", (c) => c.location.name],
  ...perLanguage("location", (lang) => (c) => ownText(lang, c.location, "name")),
  ["developer", (c) => c.developer],
  ["description", (c) => c.description],
  ...perLanguage("description", (lang) => (c) => ownText(lang, c, "description")),
  ["construction_stage", (c) => c.construction_stage],
  ["completion_quarter", (c) => c.completion_quarter],
  ["maintenance_fee_eur_m2", (c) => c.maintenance_fee_eur_m2],
  ["sea_distance_m", (c) => c.sea_distance_m],
  ["floors", (c) => c.floors],
  ["units_total", (c) => c.units_total],
  ["facilities", (c) => c.facilities.join(";")],
  ["lat", (c) => c.lat],
  ["lng", (c) => c.lng],
  ["location_precision", (c) => c.location_precision],
  ["images", (c, origin) => c.images.map((ref) => absoluteUrl(origin, ref)).join("\n")],
  // The site's own, for reading only (the import leaves them).
  ["unit_count", (c) => c.unit_count],
  ["for_sale_count", (c) => c.for_sale_count],
  ...SLUG_COLUMNS.map(({ column }) => [column, (c: ComplexCsvRow) => c[column]] as const),
  ...LANGS.map((lang) => [`url_${lang}`, (c: ComplexCsvRow, origin: string) => localizedUrl(origin, lang, complexPathIn(lang, c, c.location))] as const),
  ["created_at", (c) => c.created_at],
  ["updated_at", (c) => c.updated_at],
];

/** The whole file: the header and one row per complex, by name. */
export async function complexesCsv(origin: string): Promise<string> {
  const [complexes, locations] = await Promise.all([listComplexes(), listLocations()]);
  const byId = new Map(locations.map((l) => [l.id, l]));
  let text = CSV_BOM + csvRow(COMPLEX_CSV_COLUMNS.map(([name]) => name));
  for (const complex of complexes) {
    const location = byId.get(complex.location_id);
    // A complex always has its location (the foreign key deletes it with the location); a race leaves it out.
    if (!location) continue;
    const row: ComplexCsvRow = { ...complex, location };
    text += csvRow(COMPLEX_CSV_COLUMNS.map(([, read]) => read(row, origin)));
  }
  return text;
}
