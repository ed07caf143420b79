import { getTableColumns } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { contactSubmissions, locations, realEstates } from "~/db/schema";

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

export type TableName = "locations" | "real_estates" | "contact_submissions";

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
      return "integer";
    case "PgNumeric":
    case "PgNumericNumber":
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

function describe(name: TableName, table: PgTable & { id: PgColumn }): ApiTable {
  const columns = new Map<string, ApiColumn>();
  for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
    if (INTERNAL_COLUMNS.has(column.name)) continue;
    columns.set(column.name, { name: column.name, kind: kindOf(column), column });
  }
  return { name, table, columns, id: table.id };
}

const TABLES: ReadonlyMap<string, ApiTable> = new Map<string, ApiTable>([
  ["locations", describe("locations", locations)],
  ["real_estates", describe("real_estates", realEstates)],
  ["contact_submissions", describe("contact_submissions", contactSubmissions)],
]);

export function apiTable(name: string): ApiTable | undefined {
  return TABLES.get(name);
}
