import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { LANGS, ownText, placeName } from "~/i18n/lang";
import type { CsvTable } from "~/lib/csv";
import { storeKeyOf } from "~/lib/image-keys";
import { COMPLEX_FIELDS, complexCreateSchema } from "~/schemas/complex";
import { fieldErrors, isUuid } from "~/schemas/fields";
import { complexNameKey, createComplex, listComplexes, updateComplex, type Complex } from "./complexes.server";
import { ModelError } from "./errors.server";
import { listLocations } from "./locations.server";

/**
 * The CSV import of complexes (issue 33): a file in the export's columns
 * (app/web/complexes-csv.server.ts) is first planned row by row — create (no
 * id and no complex of that name in the location), update (the id of an
 * existing complex, or its name there), unchanged, or refused with
 * the reasons in Russian — against the same schema as the form and the API,
 * nothing written; then imported, each row through the model (its own
 * transaction), each row planned again against the database of that moment.
 * Photos are the site's own (what the export gives): a photo from elsewhere
 * is refused, never fetched — complex photos are uploaded in the form.
 */

export const MAX_COMPLEX_IMPORT_ROWS = 1000;
export const MAX_COMPLEX_IMPORT_BYTES = 5 * 1024 * 1024;

export const COMPLEX_IMPORT_MESSAGES = {
  missingColumns: (names: string[]) => `В файле нет обязательных столбцов: ${names.join(", ")}`,
  duplicateColumns: (names: string[]) => `Столбцы повторяются: ${names.join(", ")}`,
  locationUnknown: (name: string) => `Локация «${name}» не найдена: создайте её или исправьте название`,
  idUnknown: (id: string) => `Комплекса с id ${id} нет: уберите id, чтобы создать новый комплекс`,
  duplicateId: (row: number) => `Этот id уже встречается в строке ${row}`,
  duplicateName: (row: number) => `Этот комплекс (то же название в той же локации) уже встречается в строке ${row}`,
  wrongCellCount: (got: number, expected: number) => `В строке ${got} ячеек, а в заголовке ${expected}`,
  foreignImage: (url: string) => `Фото ${url}: импорт берёт только фото этого сайта (из экспорта); другие загрузите в форме комплекса`,
  writeFailed: (reason: string) => `Не сохранено: ${reason}`,
} as const;

const M = COMPLEX_IMPORT_MESSAGES;

/** The columns a row needs; `location` is the location's name in any language of the site. */
export const REQUIRED_COMPLEX_COLUMNS = ["name", "location"] as const;

/** The complex's own fields the import sets; the export's other columns (counts, addresses, dates) are the site's own. */
const IMPORTED_FIELDS = COMPLEX_FIELDS.filter((name) => name !== "location_id");

export type ComplexImportAction = "create" | "update" | "unchanged" | "error";
export type ComplexImportOutcome = "created" | "updated" | "unchanged" | "failed";

export interface ComplexImportRow<A> {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  id: string | null;
  name: string;
  action: A;
  errors: string[];
}

export interface ComplexImportPlan {
  /** Problems of the whole file (then no row is planned). */
  fileErrors: string[];
  /** Columns of the file the import does not read. */
  ignoredColumns: string[];
  rows: ComplexImportRow<ComplexImportAction>[];
  counts: Record<ComplexImportAction, number>;
}

export interface ComplexImportReport {
  fileErrors: string[];
  rows: ComplexImportRow<ComplexImportOutcome>[];
  counts: Record<ComplexImportOutcome, number>;
}

/** A cell the export neutralised (`'=…`) back as it was typed. */
function unneutralise(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a planned row writes: the checked fields present in the file, and the complex it updates. */
interface RowWrite {
  id: string | null;
  data: Record<string, unknown>;
}

/**
 * A photo cell's entry as stored: this site's own address (any spelling
 * storeKeyOf knows, the export's absolute URLs included) as its site path;
 * one the complex already shows as it is; anything else null (refused).
 */
function ownImage(origin: string, url: string, current: Complex | undefined): string | null {
  if (current?.images.includes(url)) return url;
  const base = origin.replace(/\/+$/, "");
  let path = url;
  if (url.startsWith(`${base}/`)) {
    try {
      path = decodeURI(url.slice(base.length));
    } catch {
      return null;
    }
  }
  if (current?.images.includes(path)) return path;
  return storeKeyOf(path, { siteOrigins: [base] }) ? path : null;
}

async function planRows(table: CsvTable, origin: string): Promise<{ plan: ComplexImportPlan; writes: Map<number, RowWrite> }> {
  const writes = new Map<number, RowWrite>();
  const counts: Record<ComplexImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  const header = table.header.map((name) => name.toLowerCase());
  const missing = REQUIRED_COMPLEX_COLUMNS.filter((name) => !header.includes(name));
  const duplicated = [...new Set(header.filter((name, i) => name !== "" && header.indexOf(name) !== i))];
  const fileErrors = [...(missing.length > 0 ? [M.missingColumns(missing)] : []), ...(duplicated.length > 0 ? [M.duplicateColumns(duplicated)] : [])];
  const known = new Set<string>([...IMPORTED_FIELDS, "location", "id"]);
  const ignoredColumns = table.header.filter((name, i) => name !== "" && !known.has(header[i]!));
  if (fileErrors.length > 0) return { plan: { fileErrors, ignoredColumns, rows: [], counts }, writes };

  const [locations, complexes] = await Promise.all([listLocations(), listComplexes()]);
  const locationByName = new Map<string, string>();
  for (const l of locations) {
    for (const name of [...LANGS.map((lang) => ownText(lang, l, "name")), ...LANGS.map((lang) => placeName(lang, l))]) {
      if (name.trim()) locationByName.set(name.trim().toLowerCase(), l.id);
    }
  }
  const byId = new Map<string, Complex>(complexes.map((c) => [c.id, c]));
  const byName = new Map<string, Complex>(complexes.map((c) => [`${c.location_id}\n${complexNameKey(c.name)}`, c]));
  const value = (cells: string[], name: string) => {
    const i = header.indexOf(name);
    return i < 0 ? undefined : unneutralise(cells[i] ?? "");
  };
  const firstRowOfId = new Map<string, number>();

  const rows: ComplexImportRow<ComplexImportAction>[] = [];
  for (const { row, cells } of table.rows) {
    const errors: string[] = [];
    if (cells.length !== header.length) errors.push(M.wrongCellCount(cells.length, header.length));
    const id = (value(cells, "id") ?? "").trim().toLowerCase() || null;
    const locationName = (value(cells, "location") ?? "").trim();
    const locationId = locationByName.get(locationName.toLowerCase());
    // A row without an id names its complex as complexForName does: the location's complex of that name, case and
    // spacing aside — so a file imported twice, or a list typed by hand, updates instead of making copies.
    const current = id ? byId.get(id) : locationId ? byName.get(`${locationId}\n${complexNameKey(value(cells, "name") ?? "")}`) : undefined;
    if (id && !current) errors.push(M.idUnknown(id));
    const target = current?.id ?? id ?? (locationId ? `${locationId}\n${complexNameKey(value(cells, "name") ?? "")}` : null);
    if (target) {
      const first = firstRowOfId.get(target);
      if (first !== undefined) errors.push(id ? M.duplicateId(first) : M.duplicateName(first));
      else firstRowOfId.set(target, row);
    }
    const input: Record<string, unknown> = {};
    for (const field of IMPORTED_FIELDS) {
      const cell = value(cells, field);
      if (cell === undefined) continue;
      if (field === "facilities") input[field] = cell.split(";").map((f) => f.trim());
      else if (field === "images") {
        const images: string[] = [];
        for (const url of cell.split(/\r?\n/).map((u) => u.trim())) {
          if (url === "") continue;
          const image = ownImage(origin, url, current);
          if (image === null) errors.push(M.foreignImage(url));
          else images.push(image);
        }
        input[field] = images;
      } else input[field] = cell;
    }
    if (locationName && !locationId) errors.push(M.locationUnknown(locationName));
    input.location_id = locationId ?? "";
    const parsed = complexCreateSchema.safeParse(input);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        if (field === "location_id" && locationName) continue;
        errors.push(`${field === "location_id" ? "location" : field}: ${message}`);
      }
    }
    let action: ComplexImportAction = "error";
    if (errors.length === 0 && parsed.success) {
      const data = parsed.data as Record<string, unknown>;
      // Only the columns the file has are written: an update leaves the others as they are.
      const present = Object.fromEntries(Object.keys(input).map((field) => [field, data[field]]));
      if (!current) action = "create";
      else action = Object.keys(present).some((field) => !same(present[field], current[field as keyof Complex])) ? "update" : "unchanged";
      writes.set(row, { id: current?.id ?? null, data: current ? present : data });
    }
    counts[action]++;
    rows.push({ row, id: current?.id ?? id, name: String(input.name ?? "").trim(), action, errors });
  }
  return { plan: { fileErrors, ignoredColumns, rows, counts }, writes };
}

/** What importing `table` would do, row by row; nothing is written. `origin`: this site's public address. */
export async function planComplexImport(table: CsvTable, origin: string): Promise<ComplexImportPlan> {
  return (await planRows(table, origin)).plan;
}

const OUTCOMES: Record<ComplexImportAction, ComplexImportOutcome> = { create: "created", update: "updated", unchanged: "unchanged", error: "failed" };

/**
 * Imports `table`: planned again now, then each row without errors created or
 * updated through the model, one row at a time (a row whose write fails is
 * reported, the others are kept). Importing the same file again changes nothing.
 */
export async function importComplexes(table: CsvTable, origin: string): Promise<ComplexImportReport> {
  const { plan, writes } = await planRows(table, origin);
  const counts: Record<ComplexImportOutcome, number> = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  if (plan.fileErrors.length > 0) return { fileErrors: plan.fileErrors, rows: [], counts };
  const rows: ComplexImportRow<ComplexImportOutcome>[] = [];
  for (const planned of plan.rows) {
    const write = writes.get(planned.row);
    let outcome = OUTCOMES[planned.action];
    let errors = planned.errors;
    let id = planned.id;
    if (write && (planned.action === "create" || planned.action === "update")) {
      try {
        id = write.id ? (await updateComplex(write.id, write.data)).id : (await createComplex(write.data)).id;
      } catch (error) {
        if (!(error instanceof ModelError)) throw error;
        outcome = "failed";
        errors = [M.writeFailed(error.message)];
      }
      // The event loop gets a turn between rows (the embedded database runs one transaction at a time).
      await yieldToEventLoop();
    }
    counts[outcome]++;
    rows.push({ row: planned.row, id: id !== null && isUuid(id) ? id : null, name: planned.name, action: outcome, errors });
  }
  return { fileErrors: [], rows, counts };
}
