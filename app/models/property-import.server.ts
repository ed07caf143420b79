import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { propertyColumns, realEstates, type Property } from "~/db/schema";
import type { CsvTable } from "~/lib/csv";
import { fieldErrors } from "~/schemas/fields";
import { PROPERTY_CONTENT_FIELDS, PROPERTY_MESSAGES, propertyCreateSchema } from "~/schemas/property";
import { listLocations } from "./locations.server";

/**
 * The CSV import's dry run (issue 23 item 7): what importing a table in the
 * export's columns (app/web/feeds/csv.server.ts) would do, row by row —
 * create, update (by `reference`), leave unchanged, or refuse with the
 * reasons in Russian — without writing anything. The import itself is not
 * built yet (decision 0026).
 */

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  missingColumns: (names: string[]) => `В файле нет обязательных столбцов: ${names.join(", ")}`,
  duplicateColumns: (names: string[]) => `Столбцы повторяются: ${names.join(", ")}`,
  locationUnknown: (name: string) => `Локация «${name}» не найдена: создайте её или исправьте название`,
  duplicateReference: (line: number) => `Номер объекта уже встречается в строке ${line}`,
  wrongCellCount: (got: number, expected: number) => `В строке ${got} ячеек, а в заголовке ${expected}`,
} as const;

/** The columns a row needs; `location` is the location's name (Russian or Bulgarian). */
export const REQUIRED_IMPORT_COLUMNS = ["title", "description", "location"] as const;

/** The property's own fields the import sets (the export's other columns — ids, addresses, dates, €/m² — are the site's own). */
const IMPORTED_FIELDS = PROPERTY_CONTENT_FIELDS.filter((name) => name !== "location_id");
const LIST_FIELDS = new Set(["features", "features_bg", "images"]);

/** The data layer's English messages for a missing text, in the admin's Russian. */
const RUSSIAN: Record<string, string> = {
  [PROPERTY_MESSAGES.dataTitleRequired]: PROPERTY_MESSAGES.titleRequired,
  [PROPERTY_MESSAGES.dataDescriptionRequired]: PROPERTY_MESSAGES.descriptionRequired,
  [PROPERTY_MESSAGES.dataLocationRequired]: PROPERTY_MESSAGES.locationRequired,
};

export type ImportAction = "create" | "update" | "unchanged" | "error";

export interface ImportRowPlan {
  line: number;
  reference: string | null;
  title: string;
  action: ImportAction;
  errors: string[];
}

export interface ImportPlan {
  /** Problems of the whole file (then no row is planned). */
  fileErrors: string[];
  /** Columns of the file the import does not read. */
  ignoredColumns: string[];
  rows: ImportRowPlan[];
  counts: Record<ImportAction, number>;
}

/** A cell the export neutralised (`'=…`) back as it was typed. */
function unneutralise(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** This site's own image addresses back to their site path, so an export imported again changes nothing. */
function imageRef(origin: string, url: string): string {
  const base = origin.replace(/\/+$/, "");
  return url.startsWith(`${base}/`) ? decodeURI(url.slice(base.length)) : url;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Plans the import of `table` (nothing is written). `origin`: this site's public address. */
export async function planImport(table: CsvTable, origin: string): Promise<ImportPlan> {
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  const header = table.header.map((name) => name.toLowerCase());
  const missing = REQUIRED_IMPORT_COLUMNS.filter((name) => !header.includes(name));
  const duplicated = [...new Set(header.filter((name, i) => name !== "" && header.indexOf(name) !== i))];
  const fileErrors = [
    ...(missing.length > 0 ? [IMPORT_MESSAGES.missingColumns(missing)] : []),
    ...(duplicated.length > 0 ? [IMPORT_MESSAGES.duplicateColumns(duplicated)] : []),
  ];
  const known = new Set<string>([...IMPORTED_FIELDS, "location"]);
  const ignoredColumns = table.header.filter((name, i) => !known.has(header[i]!));
  if (fileErrors.length > 0) return { fileErrors, ignoredColumns, rows: [], counts };

  const locations = await listLocations();
  const locationByName = new Map<string, string>();
  for (const l of locations) {
    for (const name of [l.name, l.name_bg]) if (name.trim()) locationByName.set(name.trim().toLowerCase(), l.id);
  }
  const referenceColumn = header.indexOf("reference");
  const references = referenceColumn < 0 ? [] : [...new Set(table.rows.map((r) => r.cells[referenceColumn]?.trim() ?? "").filter(Boolean))];
  const existing = new Map<string, Property>();
  for (let i = 0; i < references.length; i += 1000) {
    const found = await db()
      .select(propertyColumns)
      .from(realEstates)
      .where(inArray(realEstates.reference, references.slice(i, i + 1000)));
    for (const p of found) existing.set(p.reference!, p);
  }

  const seen = new Map<string, number>();
  const rows: ImportRowPlan[] = table.rows.map(({ line, cells }) => {
    const value = (name: string) => {
      const i = header.indexOf(name);
      return i < 0 ? undefined : unneutralise(cells[i] ?? "");
    };
    const errors: string[] = [];
    if (cells.length !== header.length) errors.push(IMPORT_MESSAGES.wrongCellCount(cells.length, header.length));
    const input: Record<string, unknown> = {};
    for (const field of IMPORTED_FIELDS) {
      const cell = value(field);
      if (cell === undefined) continue;
      if (LIST_FIELDS.has(field)) {
        const items = cell.split(/\r?\n/).filter((item) => item.trim() !== "");
        input[field] = field === "images" ? items.map((url) => imageRef(origin, url.trim())) : items;
      } else input[field] = cell;
    }
    const locationName = (value("location") ?? "").trim();
    const locationId = locationByName.get(locationName.toLowerCase());
    if (locationName && !locationId) errors.push(IMPORT_MESSAGES.locationUnknown(locationName));
    input.location_id = locationId ?? "";
    const reference = typeof input.reference === "string" && input.reference.trim() ? input.reference.trim() : null;
    if (reference) {
      const first = seen.get(reference.toLowerCase());
      if (first !== undefined) errors.push(IMPORT_MESSAGES.duplicateReference(first));
      else seen.set(reference.toLowerCase(), line);
    }
    const parsed = propertyCreateSchema.safeParse(input);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        if (field === "location_id" && locationName) continue;
        errors.push(`${field === "location_id" ? "location" : field}: ${RUSSIAN[message] ?? message}`);
      }
    }
    const title = String(input.title ?? "");
    let action: ImportAction = "error";
    if (errors.length === 0 && parsed.success) {
      const current = reference ? existing.get(reference) : undefined;
      if (!current) action = "create";
      else {
        const data = parsed.data as Record<string, unknown>;
        const changed = Object.keys(input).some((field) => field in data && !same(data[field], current[field as keyof Property]));
        action = changed ? "update" : "unchanged";
      }
    }
    counts[action]++;
    return { line, reference, title, action, errors };
  });
  return { fileErrors, ignoredColumns, rows, counts };
}
