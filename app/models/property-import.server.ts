import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { LANGS, ownText, placeName, textColumn } from "~/i18n/lang";
import { hasStorage } from "~/storage/index.server";
import { ImageUploadError } from "~/storage/images.server";
import { importRemoteImage, RemoteImageError, storedRemoteImage, type RemoteFetchDeps } from "~/storage/remote-image.server";
import { removeImagesIfUnused } from "./image-references.server";
import { complexes, propertyColumns, realEstates, type Property } from "~/db/schema";
import type { CsvTable } from "~/lib/csv";
import { importedPropertyType } from "~/lib/import-columns";
import { fieldErrors, isUuid } from "~/schemas/fields";
import { PROPERTY_CONTENT_FIELDS, PROPERTY_MESSAGES, propertyCreateSchema } from "~/schemas/property";
import { ModelError } from "./errors.server";
import { listLocations } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";

/**
 * The CSV import's dry run (issue 23 item 7): what importing a table in the
 * export's columns (app/web/feeds/csv.server.ts) would do, row by row —
 * create, update (by `reference`), leave unchanged, or refuse with the
 * reasons in Russian — without writing anything; then the import itself,
 * one transaction per batch of rows, each row planned again against the
 * database of that moment (decisions 0026, 0028).
 */

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Rows planned and written in one request of the page's progress. */
export const IMPORT_BATCH = 100;
/**
 * How long the import works before the event loop gets a turn, and how long
 * one transaction of its writes lasts (issue 30: 1 000 rows kept /healthz
 * unanswered for 12 s).
 */
const WRITE_SLICE_MS = 50;

/** A function to await between rows: it gives the event loop a turn once `WRITE_SLICE_MS` of work have passed. */
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < WRITE_SLICE_MS) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}

export const IMPORT_MESSAGES = {
  missingColumns: (names: string[]) => `В файле нет обязательных столбцов: ${names.join(", ")}`,
  duplicateColumns: (names: string[]) => `Столбцы повторяются: ${names.join(", ")}`,
  locationUnknown: (name: string) => `Локация «${name}» не найдена: создайте её или исправьте название`,
  duplicateReference: (row: number) => `Номер объекта уже встречается в строке ${row}`,
  wrongCellCount: (got: number, expected: number) => `В строке ${got} ячеек, а в заголовке ${expected}`,
  referenceNeeded: "Нет номера объекта (reference): без него повторный импорт создал бы копию",
  writeFailed: (reason: string) => `Не сохранено: ${reason}`,
  photoFailed: (url: string, reason: string) => `Фото ${url} не загружено: ${reason}`,
} as const;

/** The columns a row needs; `location` is the location's name (Russian or Bulgarian). */
export const REQUIRED_IMPORT_COLUMNS = ["title", "description", "location"] as const;

/** The property's own fields the import sets (the export's other columns — ids, addresses, dates, €/m² — are the site's own). */
const IMPORTED_FIELDS = PROPERTY_CONTENT_FIELDS.filter((name) => name !== "location_id");
const LIST_FIELDS = new Set(["images", ...LANGS.map((lang) => textColumn("features", lang))]);

/** The fields a column can be mapped to (the mapping step's choices). */
export const IMPORT_FIELDS: readonly string[] = [...REQUIRED_IMPORT_COLUMNS, ...IMPORTED_FIELDS.filter((name) => !["title", "description"].includes(name))];

/**
 * `table` with its header replaced by the chosen fields ("" = column not
 * imported). A mapping that does not fit the file (other length, unknown
 * field) is refused: null.
 */
export function applyMapping(table: CsvTable, mapping: readonly unknown[]): CsvTable | null {
  if (mapping.length !== table.header.length) return null;
  if (!mapping.every((field) => field === "" || (typeof field === "string" && IMPORT_FIELDS.includes(field)))) return null;
  return { header: mapping as string[], rows: table.rows };
}

/** The data layer's English messages for a missing text, in the admin's Russian. */
const RUSSIAN: Record<string, string> = {
  [PROPERTY_MESSAGES.dataTitleRequired]: PROPERTY_MESSAGES.titleRequired,
  [PROPERTY_MESSAGES.dataDescriptionRequired]: PROPERTY_MESSAGES.descriptionRequired,
  [PROPERTY_MESSAGES.dataLocationRequired]: PROPERTY_MESSAGES.locationRequired,
};

export type ImportAction = "create" | "update" | "unchanged" | "error";

export interface ImportRowPlan {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
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

/** What a planned row writes: the checked fields present in the file, and the property it updates. */
interface RowWrite {
  id: string | null;
  data: Record<string, unknown>;
  dropped: string[];
  /** Photo URLs new to the property, fetched before the batch's transaction. */
  remote: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Plans the import of `table` (nothing is written). `origin`: this site's public address. */
export async function planImport(table: CsvTable, origin: string): Promise<ImportPlan> {
  const { plan } = await planRows(table, origin, 0, table.rows.length);
  return plan;
}

/**
 * Plans rows [start, start + size) of `table` (duplicates are found across the
 * whole file), with what each would write.
 */
async function planRows(table: CsvTable, origin: string, start: number, size: number): Promise<{ plan: ImportPlan; writes: Map<number, RowWrite> }> {
  const writes = new Map<number, RowWrite>();
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  const header = table.header.map((name) => name.toLowerCase());
  const missing = REQUIRED_IMPORT_COLUMNS.filter((name) => !header.includes(name));
  const duplicated = [...new Set(header.filter((name, i) => name !== "" && header.indexOf(name) !== i))];
  const fileErrors = [
    ...(missing.length > 0 ? [IMPORT_MESSAGES.missingColumns(missing)] : []),
    ...(duplicated.length > 0 ? [IMPORT_MESSAGES.duplicateColumns(duplicated)] : []),
  ];
  const known = new Set<string>([...IMPORTED_FIELDS, "location"]);
  const ignoredColumns = table.header.filter((name, i) => name !== "" && !known.has(header[i]!));
  if (fileErrors.length > 0) return { plan: { fileErrors, ignoredColumns, rows: [], counts }, writes };

  const locations = await listLocations();
  const complexIds = new Set((await db().select({ id: complexes.id }).from(complexes)).map((c) => c.id));
  const locationByName = new Map<string, string>();
  for (const l of locations) {
    for (const name of [...LANGS.map((lang) => ownText(lang, l, "name")), ...LANGS.map((lang) => placeName(lang, l))])
      if (name.trim()) locationByName.set(name.trim().toLowerCase(), l.id);
  }
  const referenceColumn = header.indexOf("reference");
  const idColumn = header.indexOf("id");
  const referenceOf = (cells: string[]) => (referenceColumn < 0 ? "" : unneutralise(cells[referenceColumn] ?? "").trim());
  // The first row of each reference, over the whole file.
  const firstRow = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    const reference = referenceOf(cells).toLowerCase();
    if (reference && !firstRow.has(reference)) firstRow.set(reference, row);
  }
  const chosen = table.rows.slice(start, start + size);
  const references = [...new Set(chosen.map((r) => referenceOf(r.cells)).filter(Boolean))];
  // Rows without a reference update the property whose id they carry (the export's own rows), if it has no reference either.
  const ids = idColumn < 0 ? [] : [...new Set(chosen.filter((r) => !referenceOf(r.cells)).map((r) => r.cells[idColumn]?.trim() ?? ""))].filter(isUuid);
  const existing = new Map<string, Property>();
  const byId = new Map<string, Property>();
  for (let i = 0; i < references.length; i += 1000) {
    const found = await db()
      .select(propertyColumns)
      .from(realEstates)
      .where(inArray(realEstates.reference, references.slice(i, i + 1000)));
    for (const p of found) existing.set(p.reference!, p);
  }
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await db()
      .select(propertyColumns)
      .from(realEstates)
      .where(inArray(realEstates.id, ids.slice(i, i + 1000)));
    for (const p of found) if (!p.reference) byId.set(p.id, p);
  }

  const rows: ImportRowPlan[] = [];
  const pace = pacer();
  for (const { row, cells } of chosen) {
    await pace();
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
      } else if (field === "property_type") input[field] = importedPropertyType(cell);
      else input[field] = cell;
    }
    const locationName = (value("location") ?? "").trim();
    const locationId = locationByName.get(locationName.toLowerCase());
    if (locationName && !locationId) errors.push(IMPORT_MESSAGES.locationUnknown(locationName));
    input.location_id = locationId ?? "";
    // Issue 33: a complex id this site does not have (the export of another site) gives way to the complex's name,
    // which links the unit to the location's complex of that name, or makes it (complexForName).
    const complexId = typeof input.complex_id === "string" ? input.complex_id.trim().toLowerCase() : "";
    if (complexId && !complexIds.has(complexId) && typeof input.complex_name === "string" && input.complex_name.trim()) delete input.complex_id;
    else if (complexId && !complexIds.has(complexId)) errors.push(`complex_id: ${PROPERTY_MESSAGES.complexMissing}`);
    const reference = typeof input.reference === "string" && input.reference.trim() ? input.reference.trim() : null;
    if (reference) {
      const first = firstRow.get(reference.toLowerCase());
      if (first !== undefined && first !== row) errors.push(IMPORT_MESSAGES.duplicateReference(first));
    }
    const current = reference ? existing.get(reference) : byId.get(idColumn < 0 ? "" : (cells[idColumn]?.trim() ?? ""));
    if (!reference && !current) errors.push(IMPORT_MESSAGES.referenceNeeded);
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
      const data = parsed.data as Record<string, unknown>;
      // Photos by URL (decision 0028): one the property already shows stays a link; one imported before is its stored copy; the rest are fetched at import.
      const remote: string[] = [];
      if (Array.isArray(data.images)) {
        const images: string[] = [];
        for (const image of data.images as string[]) {
          const stored = /^https?:\/\//i.test(image) && !current?.images.includes(image) && hasStorage() ? await storedRemoteImage(image) : null;
          if (stored) images.push(stored);
          else {
            if (/^https?:\/\//i.test(image) && !current?.images.includes(image)) remote.push(image);
            images.push(image);
          }
        }
        data.images = images;
      }
      // Only the columns the file has are written: an update leaves the others as they are.
      const present = Object.fromEntries(Object.keys(input).map((field) => [field, data[field]]));
      if (!current) action = "create";
      else {
        const changed = Object.keys(present).some((field) => !same(present[field], current[field as keyof Property]));
        action = changed ? "update" : "unchanged";
      }
      const images = present.images as string[] | undefined;
      const dropped = current && images ? current.images.filter((image) => !images.includes(image)) : [];
      writes.set(row, { id: current?.id ?? null, data: current ? present : data, dropped, remote });
    }
    counts[action]++;
    rows.push({ row, reference, title, action, errors });
  }
  return { plan: { fileErrors, ignoredColumns, rows, counts }, writes };
}

export type ImportOutcome = "created" | "updated" | "unchanged" | "failed";

export interface ImportRowResult {
  row: number;
  reference: string | null;
  title: string;
  outcome: ImportOutcome;
  errors: string[];
}

export interface ImportBatchReport {
  /** Problems of the whole file (then nothing is written). */
  fileErrors: string[];
  rows: ImportRowResult[];
  counts: Record<ImportOutcome, number>;
  /** Rows of the file, and the first row after this batch (`next === total`: done). */
  total: number;
  next: number;
}

/**
 * Imports rows [start, start + IMPORT_BATCH) of `table` in short
 * transactions (WRITE_SLICE_MS each, the event loop served between them):
 * each row is planned again against the database of this moment and then
 * created or updated by reference; a row whose write fails is rolled back
 * alone (a savepoint) and reported, the rest of the batch is kept. Photo
 * URLs are fetched before the transactions (`network`: tests inject it). Importing
 * the same rows again finds them unchanged and writes nothing.
 */
export async function importBatch(table: CsvTable, origin: string, start: number, network?: RemoteFetchDeps): Promise<ImportBatchReport> {
  const counts: Record<ImportOutcome, number> = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const total = table.rows.length;
  const from = Math.max(0, Math.min(Math.trunc(start), total));
  const { plan, writes } = await planRows(table, origin, from, IMPORT_BATCH);
  if (plan.fileErrors.length > 0) return { fileErrors: plan.fileErrors, rows: [], counts, total, next: total };
  const rows: ImportRowResult[] = plan.rows.map((row) => ({
    row: row.row,
    reference: row.reference,
    title: row.title,
    outcome: row.action === "error" ? "failed" : row.action === "unchanged" ? "unchanged" : row.action === "create" ? "created" : "updated",
    errors: row.errors,
  }));
  // Photos first, outside the transaction (the network must not hold row locks); a row whose photo fails is not written.
  const fetched = new Map<number, string[]>();
  for (const row of rows) {
    const write = writes.get(row.row);
    if (!write || row.outcome === "unchanged" || write.remote.length === 0) continue;
    const images = [...(write.data.images as string[])];
    for (const url of write.remote) {
      try {
        const stored = await importRemoteImage(url, network);
        images[images.indexOf(url)] = stored;
        fetched.set(row.row, [...(fetched.get(row.row) ?? []), stored]);
      } catch (error) {
        if (!(error instanceof RemoteImageError || error instanceof ImageUploadError)) throw error;
        row.outcome = "failed";
        row.errors = [...row.errors, IMPORT_MESSAGES.photoFailed(url, error.message)];
      }
    }
    write.data.images = images;
  }
  const dropped: string[] = [];
  const written = new Set<number>();
  const pending = rows.filter((row) => writes.has(row.row) && row.outcome !== "unchanged" && row.outcome !== "failed");
  try {
    // Short transactions (about WRITE_SLICE_MS each) with a turn of the event loop after each: the embedded
    // database runs one transaction at a time, so one long transaction would keep visitors and /healthz waiting.
    let at = 0;
    while (at < pending.length) {
      const started = performance.now();
      const committed: ImportRowResult[] = [];
      await db().transaction(async (tx) => {
        while (at < pending.length) {
          const row = pending[at++]!;
          const write = writes.get(row.row)!;
          try {
            if (write.id) await updateProperty(write.id, write.data, tx);
            else await createProperty(write.data, tx);
            committed.push(row);
          } catch (error) {
            if (!(error instanceof ModelError)) throw error;
            row.outcome = "failed";
            row.errors = [IMPORT_MESSAGES.writeFailed(RUSSIAN[error.message] ?? error.message)];
          }
          if (performance.now() - started >= WRITE_SLICE_MS) break;
        }
      });
      for (const row of committed) {
        written.add(row.row);
        dropped.push(...writes.get(row.row)!.dropped);
      }
      await yieldToEventLoop();
    }
  } finally {
    // Photos fetched for rows that were not written (a photo or the write failed, or their transaction rolled back) belong to nothing: they leave the store.
    await removeImagesIfUnused([...fetched].filter(([row]) => !written.has(row)).flatMap(([, refs]) => refs));
  }
  for (const row of rows) counts[row.outcome]++;
  // After the commit: photos the import took away that nothing shows any more leave the store.
  await removeImagesIfUnused(dropped);
  return { fileErrors: [], rows, counts, total, next: from + plan.rows.length };
}

/**
 * Files that passed the check, kept in this process's memory under the
 * SHA-256 of their bytes, so the import writes exactly the file that was
 * checked and the page never sends rows back (decision 0028). A few files for
 * an hour; after a restart the admin checks the file again.
 */
const CHECKED_FILES = new Map<string, { text: string; until: number }>();
const CHECKED_KEEP = 4;
const CHECKED_TTL_MS = 60 * 60 * 1000;

export async function keepCheckedFile(text: string, now = Date.now()): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const key = Buffer.from(digest).toString("hex");
  for (const [k, v] of CHECKED_FILES) if (v.until < now) CHECKED_FILES.delete(k);
  CHECKED_FILES.delete(key);
  CHECKED_FILES.set(key, { text, until: now + CHECKED_TTL_MS });
  while (CHECKED_FILES.size > CHECKED_KEEP) CHECKED_FILES.delete(CHECKED_FILES.keys().next().value!);
  return key;
}

export function checkedFile(key: unknown, now = Date.now()): string | null {
  if (typeof key !== "string") return null;
  const kept = CHECKED_FILES.get(key);
  return kept && kept.until >= now ? kept.text : null;
}
