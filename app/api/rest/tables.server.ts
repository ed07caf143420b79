import { getTableColumns } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { complexes, contactSubmissions, locations, realEstates } from "~/db/schema";

/**
 * The tables the HTTP API exposes (SPEC §3's three), with their columns read
 * from the drizzle schema: every column, operator and value of a request is
 * checked against this list, and only these column objects ever reach a
 * query. admins and sessions are not exposed (an unknown table to the API).
 */
export type ColumnKind = "uuid" | "text" | "integer" | "numeric" | "boolean" | "timestamp" | "array";

export interface ApiColumn {
  name: string;
  kind: ColumnKind;
  column: PgColumn;
}

export type TableName = "locations" | "real_estates" | "contact_submissions" | "complexes";

export interface ApiTable {
  name: TableName;
  table: PgTable;
  columns: Map<string, ApiColumn>;
  /** The primary key column (every table has `id`). */
  id: PgColumn;
}

function kindOf(column: PgColumn): ColumnKind {
  switch (column.columnType) {
    case "PgUUID":
      return "uuid";
    case "PgInteger":
    case "PgBigInt53":
      return "integer";
    case "PgNumeric":
    case "PgNumericNumber":
    case "PgDoublePrecision":
      return "numeric";
    case "PgBoolean":
      return "boolean";
    case "PgTimestampString":
    case "PgTimestamp":
      return "timestamp";
    case "PgArray":
      return "array";
    default:
      return "text";
  }
}

/** The application's own derived columns: not part of SPEC §3, never read or written through the API. */
const INTERNAL_COLUMNS = new Set(["search_vector"]);

/**
 * Columns anonymous callers read from another column, in reads, filters and
 * order alike (issue 21, decision 0025): a property's public point, never an
 * approximate property's real one — a filter on the real point would find it.
 */
const ANONYMOUS_SOURCES: Partial<Record<TableName, Record<string, PgColumn>>> = {
  real_estates: { lat: realEstates.public_lat, lng: realEstates.public_lng },
  // Issue 33: a complex's point is shown like a property's.
  complexes: { lat: complexes.public_lat, lng: complexes.public_lng },
};

function describe(name: TableName, table: PgTable & { id: PgColumn }, sources: Record<string, PgColumn> = {}): ApiTable {
  const columns = new Map<string, ApiColumn>();
  for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
    if (INTERNAL_COLUMNS.has(column.name)) continue;
    columns.set(column.name, { name: column.name, kind: kindOf(column), column: sources[column.name] ?? column });
  }
  return { name, table, columns, id: table.id };
}

const TABLES = (role: Role): ReadonlyMap<string, ApiTable> =>
  new Map<string, ApiTable>(
    (["locations", "real_estates", "contact_submissions", "complexes"] as const).map((name) => {
      const table = { locations, real_estates: realEstates, contact_submissions: contactSubmissions, complexes }[name];
      return [name, describe(name, table, role === "anon" ? ANONYMOUS_SOURCES[name] : {})];
    }),
  );

type Role = "admin" | "anon";
const BY_ROLE: Record<Role, ReadonlyMap<string, ApiTable>> = { admin: TABLES("admin"), anon: TABLES("anon") };

/** A table as `role` sees it (anonymous callers read some columns from others: ANONYMOUS_SOURCES). */
export function apiTable(name: string, role: Role): ApiTable | undefined {
  return BY_ROLE[role].get(name);
}

/** A row read for the administrator as an anonymous caller sees it. */
export function anonymousRow(table: TableName, row: Record<string, unknown>): Record<string, unknown> {
  const sources = ANONYMOUS_SOURCES[table];
  if (!sources) return row;
  const out = { ...row };
  for (const [name, column] of Object.entries(sources)) if (name in out) out[name] = row[column.name] ?? null;
  return out;
}
