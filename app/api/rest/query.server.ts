import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, like, lt, lte, ne, not, sql, type SQL } from "drizzle-orm";
import type { Request } from "express";
import { ApiError, parseError } from "../errors";
import type { ApiColumn, ApiTable } from "./tables.server";

/**
 * PostgREST's query language, parsed and checked against the table's columns
 * (DESIGN §8). The result holds drizzle conditions built from column objects
 * and bound parameters only: nothing from the request is pasted into SQL.
 *
 * Supported: select=col,alias:col,*; filters eq neq gt gte lt lte like ilike
 * in is (each may be prefixed by not.); order=col[.asc|.desc][.nullsfirst|.nullslast],…;
 * limit, offset, the Range header. Not supported: embedding (resources in
 * select), casts, or=/and= groups, JSON paths, full-text and array operators.
 */

/** Query parameters that are not filters. `columns` (sent by supabase-js with array inserts) is accepted and ignored. */
const RESERVED = new Set(["select", "order", "limit", "offset", "columns", "on_conflict", "or", "and", "not.or", "not.and"]);

/** Supabase's default db-max-rows: a read returns at most this many rows. */
export const MAX_ROWS = 1000;

export interface SelectItem {
  key: string;
  column: ApiColumn;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALIAS = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function unknownColumn(table: ApiTable, name: string): ApiError {
  return new ApiError(400, "42703", `column ${table.name}.${name.slice(0, 64)} does not exist`);
}

export function columnOf(table: ApiTable, name: string): ApiColumn {
  const unquoted = name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name;
  const column = table.columns.get(unquoted);
  if (!column) throw unknownColumn(table, unquoted);
  return column;
}

/** `select=`: a column list; "*" for all. */
export function parseSelect(table: ApiTable, raw: string | undefined): SelectItem[] {
  const all = () => [...table.columns.values()].map((column) => ({ key: column.name, column }));
  if (raw === undefined || raw.trim() === "" || raw.trim() === "*") return all();
  if (/[()]/.test(raw)) {
    throw parseError("failed to parse select parameter", "Embedding related resources is not supported by this API; select columns of one table.");
  }
  const items: SelectItem[] = [];
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (item === "*") {
      items.push(...all());
      continue;
    }
    if (item.includes("::") || item.includes("->")) throw parseError("failed to parse select parameter", "Casts and JSON paths are not supported.");
    const colon = item.indexOf(":");
    const alias = colon === -1 ? undefined : item.slice(0, colon).trim();
    const name = colon === -1 ? item : item.slice(colon + 1).trim();
    if (alias !== undefined && (!ALIAS.test(alias) || alias === "__proto__"))
      throw parseError("failed to parse select parameter", `Bad alias "${alias.slice(0, 64)}".`);
    const column = columnOf(table, name);
    items.push({ key: alias ?? column.name, column });
  }
  const keys = new Set<string>();
  return items.filter((item) => (keys.has(item.key) ? false : (keys.add(item.key), true)));
}

type Value = string | number | boolean;

function badValue(column: ApiColumn, value: string): ApiError {
  const type = {
    uuid: "uuid",
    integer: "integer",
    numeric: "numeric",
    boolean: "boolean",
    timestamp: "timestamp with time zone",
    text: "text",
    array: "text[]",
  }[column.kind];
  return new ApiError(400, column.kind === "timestamp" ? "22007" : "22P02", `invalid input syntax for type ${type}: "${value.slice(0, 100)}"`);
}

/** A filter value converted to the column's type, or a 22P02 refusal. */
export function typedValue(column: ApiColumn, value: string): Value {
  switch (column.kind) {
    case "uuid":
      if (!UUID.test(value)) throw badValue(column, value);
      return value.toLowerCase();
    case "integer": {
      if (!/^[+-]?\d{1,10}$/.test(value.trim())) throw badValue(column, value);
      const n = Number(value);
      if (n < -2147483648 || n > 2147483647) throw new ApiError(400, "22003", `value "${value}" is out of range for type integer`);
      return n;
    }
    case "numeric":
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value.trim()) || !Number.isFinite(Number(value))) throw badValue(column, value);
      return Number(value);
    case "boolean": {
      const v = value.trim().toLowerCase();
      if (["true", "t", "yes", "on", "1"].includes(v)) return true;
      if (["false", "f", "no", "off", "0"].includes(v)) return false;
      throw badValue(column, value);
    }
    case "timestamp":
      if (value.length > 64 || !Number.isFinite(Date.parse(value))) throw badValue(column, value);
      return value;
    case "array":
      throw parseError("operator not supported on an array column", `Only is.null / not.is.null can filter ${column.name}.`);
    default:
      return value;
  }
}

/** The items of `in.(a,b,"c,d")`: commas separate, double quotes group (with \" and \\ escapes). */
export function parseList(raw: string): string[] {
  if (!raw.startsWith("(") || !raw.endsWith(")")) throw parseError("failed to parse filter", `"in" needs a list in parentheses: in.(a,b)`);
  const body = raw.slice(1, -1);
  if (body.trim() === "") return [];
  const items: string[] = [];
  let current = "";
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === "\\" && i + 1 < body.length) current += body[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"' && current.trim() === "") {
      quoted = true;
      wasQuoted = true;
      current = "";
    } else if (ch === ",") {
      items.push(wasQuoted ? current : current.trim());
      current = "";
      wasQuoted = false;
    } else {
      current += ch;
    }
  }
  if (quoted) throw parseError("failed to parse filter", "unterminated quote in list");
  items.push(wasQuoted ? current : current.trim());
  return items;
}

const OPERATORS = new Set(["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "in", "is"]);

function condition(column: ApiColumn, op: string, raw: string): SQL {
  const col = column.column;
  switch (op) {
    case "is": {
      const v = raw.toLowerCase();
      if (v === "null") return isNull(col);
      if (v === "not_null") return isNotNull(col);
      if (column.kind !== "boolean" || !["true", "false", "unknown"].includes(v)) {
        throw parseError("failed to parse filter", `"is" takes null, not_null, true, false or unknown (the last three on boolean columns)`);
      }
      if (v === "true") return sql`${col} is true`;
      if (v === "false") return sql`${col} is false`;
      return sql`${col} is unknown`;
    }
    case "like":
    case "ilike": {
      if (column.kind !== "text") throw parseError("operator not supported on this column", `${op} works on text columns; ${column.name} is ${column.kind}.`);
      const pattern = raw.replaceAll("*", "%");
      return op === "like" ? like(col, pattern) : ilike(col, pattern);
    }
    case "in": {
      const values = parseList(raw).map((item) => typedValue(column, item));
      return values.length === 0 ? sql`false` : inArray(col, values);
    }
    default: {
      const value = typedValue(column, raw);
      const fn = { eq, neq: ne, gt, gte, lt, lte }[op as "eq" | "neq" | "gt" | "gte" | "lt" | "lte"];
      return fn(col, value);
    }
  }
}

/** One filter parameter: `col=[not.]op.value`. */
export function parseFilter(table: ApiTable, name: string, raw: string): SQL {
  const column = columnOf(table, name);
  let rest = raw;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const op = dot === -1 ? rest : rest.slice(0, dot);
  if (dot === -1 || !OPERATORS.has(op)) {
    throw parseError(`failed to parse filter (${raw.slice(0, 100)})`, `Supported operators: ${[...OPERATORS].join(", ")} (optionally prefixed by not.).`);
  }
  const cond = condition(column, op, rest.slice(dot + 1));
  return negate ? not(cond) : cond;
}

/** Every filter of the query string (AND of all). */
export function parseFilters(table: ApiTable, query: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, value] of query) {
    if (RESERVED.has(name)) {
      if (name === "or" || name === "and" || name === "not.or" || name === "not.and") {
        throw parseError("failed to parse logic tree", "or= and and= groups are not supported by this API.");
      }
      continue;
    }
    conditions.push(parseFilter(table, name, value));
  }
  return conditions;
}

export function whereOf(conditions: SQL[]): SQL | undefined {
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** `order=col.desc.nullslast,col2` → ORDER BY terms (fixed keywords around a column object). */
export function parseOrder(table: ApiTable, raw: string | null): SQL[] {
  if (raw === null || raw.trim() === "") return [];
  return raw.split(",").map((term) => {
    const parts = term.trim().split(".");
    const name = parts.shift()!;
    if (/[()]/.test(name)) throw parseError(`failed to parse order (${term.slice(0, 100)})`, "Ordering by related resources is not supported.");
    const column = columnOf(table, name);
    let direction: "asc" | "desc" | undefined;
    let nulls: "first" | "last" | undefined;
    for (const part of parts) {
      if ((part === "asc" || part === "desc") && !direction && !nulls) direction = part;
      else if ((part === "nullsfirst" || part === "nullslast") && !nulls) nulls = part === "nullsfirst" ? "first" : "last";
      else throw parseError(`failed to parse order (${term.slice(0, 100)})`, "Use column.asc|desc[.nullsfirst|.nullslast].");
    }
    const col = column.column;
    if (!nulls) return direction === "desc" ? desc(col) : asc(col);
    if (direction === "desc") return nulls === "first" ? sql`${col} desc nulls first` : sql`${col} desc nulls last`;
    return nulls === "first" ? sql`${col} asc nulls first` : sql`${col} asc nulls last`;
  });
}

function nonNegative(name: string, raw: string | null): number | undefined {
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw parseError(`failed to parse ${name} (${raw.slice(0, 30)})`, `${name} must be a whole number ≥ 0.`);
  return Number(raw);
}

/** limit/offset parameters, else the Range header (`Range: 0-9`), capped at MAX_ROWS. */
export function parsePaging(req: Request, query: URLSearchParams): { limit: number; offset: number } {
  let limit = nonNegative("limit", query.get("limit"));
  let offset = nonNegative("offset", query.get("offset"));
  const range = req.get("range");
  if (limit === undefined && offset === undefined && range) {
    const match = /^(?:items=)?\s*(\d{1,9})-(\d{0,9})\s*$/.exec(range);
    if (!match) throw new ApiError(416, "PGRST103", "Requested range not satisfiable", `Bad Range header "${range.slice(0, 40)}".`);
    offset = Number(match[1]);
    if (match[2] !== "") {
      const end = Number(match[2]);
      if (end < offset) throw new ApiError(416, "PGRST103", "Requested range not satisfiable", "The range ends before it starts.");
      limit = end - offset + 1;
    }
  }
  return { limit: Math.min(limit ?? MAX_ROWS, MAX_ROWS), offset: offset ?? 0 };
}

export interface Preferences {
  count: boolean;
  returnRepresentation: boolean;
  upsert: boolean;
}

export function parsePrefer(req: Request): Preferences {
  const tokens = (req.get("prefer") ?? "")
    .split(/[,;]/)
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  return {
    count: tokens.includes("count=exact") || tokens.includes("count=planned") || tokens.includes("count=estimated"),
    returnRepresentation: tokens.includes("return=representation"),
    upsert: tokens.some((t) => t.startsWith("resolution=")),
  };
}

/** Accept: application/vnd.pgrst.object+json → exactly one row, as an object. */
export function wantsObject(req: Request): boolean {
  return /application\/vnd\.pgrst\.object\+json/i.test(req.get("accept") ?? "");
}

/**
 * A timestamp as PostgREST writes it (PostgreSQL's to_json): ISO 8601 with a
 * "T" and a full offset, "2026-11-21T16:01:43.719+00:00" — not the driver's
 * text form "2026-11-21 16:01:43.719+00", which some browsers' Date cannot read.
 */
export function isoTimestamp(text: string): string {
  return text.replace(/^(\d{4}-\d\d-\d\d) /, "$1T").replace(/([+-]\d\d)$/, "$1:00");
}

/** A column's value as the API answers it (timestamps in ISO 8601, missing values null). */
export function jsonValue(column: ApiColumn, value: unknown): unknown {
  if (column.kind === "timestamp" && typeof value === "string") return isoTimestamp(value);
  return value ?? null;
}

/** Rows read with the select's keys, their values as the API answers them. */
export function asJson(rows: Record<string, unknown>[], items: SelectItem[]): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(items.map((item) => [item.key, jsonValue(item.column, row[item.key])])));
}

/** Rows cut down to the selected columns (renamed by their aliases). */
export function project(rows: Record<string, unknown>[], items: SelectItem[]): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(items.map((item) => [item.key, jsonValue(item.column, row[item.column.name])])));
}
