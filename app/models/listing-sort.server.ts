import { and, sql, type SQL } from "drizzle-orm";
import type { ListingQuery } from "~/lib/listing-query";

/**
 * The listing sorts as lists of keys (SPEC §9), and the SQL they need:
 * ORDER BY, the key columns, and "at or after this row in the order" in a
 * form the sort indexes answer (listing-marks.server.ts).
 */
export type Key = {
  name: "order" | "created_at" | "id" | "price" | "price_per_m2" | "price_reduction";
  /** The column's type, to cast a key value given as text back to it. */
  type: "integer" | "timestamptz" | "uuid" | "numeric";
  dir: "asc" | "desc";
  nullsLast?: boolean;
  /** Price ('По запросу'), €/m² and the reduction may be NULL; the other keys are NOT NULL columns. */
  nullable?: boolean;
};

/** Each sort's keys; every list matches an index in app/db/schema.ts exactly. */
export function sortKeys(sort: ListingQuery["sort"]): Key[] {
  const order: Key = { name: "order", type: "integer", dir: "asc" };
  const id: Key = { name: "id", type: "uuid", dir: "asc" };
  switch (sort) {
    case "price-asc":
      return [{ name: "price", type: "numeric", dir: "asc", nullsLast: true, nullable: true }, order, id];
    case "price-desc":
      return [{ name: "price", type: "numeric", dir: "desc", nullsLast: true, nullable: true }, order, id];
    case "newest":
      return [{ name: "created_at", type: "timestamptz", dir: "desc", nullsLast: false }, id];
    case "price-m2-asc":
      return [{ name: "price_per_m2", type: "numeric", dir: "asc", nullsLast: true, nullable: true }, order, id];
    case "price-m2-desc":
      return [{ name: "price_per_m2", type: "numeric", dir: "desc", nullsLast: true, nullable: true }, order, id];
    case "reduced":
      // The largest recent cut first (price_reduction: null without one, or
      // once the maintenance job expired it), then the rest in the default order
      // (docs/decisions/0024-listing-filters.md).
      return [
        { name: "price_reduction", type: "numeric", dir: "desc", nullsLast: true, nullable: true },
        order,
        { name: "created_at", type: "timestamptz", dir: "asc" },
        id,
      ];
    default:
      // SPEC §9: by the order field ascending (positions are per location).
      return [order, { name: "created_at", type: "timestamptz", dir: "asc" }, id];
  }
}

/** ORDER BY the keys (reversed for pages read from the end), by bare column names. */
export function orderBy(keys: Key[], reverse: boolean): SQL {
  const parts = keys.map((k) => {
    const dir = sql.raw((k.dir === "asc") !== reverse ? "asc" : "desc");
    const nulls = k.nullsLast === undefined ? sql`` : sql.raw(k.nullsLast !== reverse ? " nulls last" : " nulls first");
    return sql`${sql.identifier(k.name)} ${dir}${nulls}`;
  });
  return sql.join(parts, sql`, `);
}

/** The columns a sort needs (its keys, id among them), unqualified. */
export function keyColumns(keys: Key[]): SQL {
  return sql.join(
    [...new Set(keys.map((k) => k.name))].map((name) => sql.identifier(name)),
    sql`, `,
  );
}

/** A row's key values as text (null stays null), in the keys' order. */
export type KeyValues = (string | null)[];

/** The keys as text, for a select list: `"price"::text as k0, …`. */
export function keysAsText(keys: Key[]): SQL {
  return sql.join(
    keys.map((k, i) => sql`${sql.identifier(k.name)}::text as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
}

function value(k: Key, v: string): SQL {
  return sql`${v}::${sql.raw(k.type)}`;
}

function equal(k: Key, v: string | null): SQL {
  return v === null ? sql`${sql.identifier(k.name)} is null` : sql`${sql.identifier(k.name)} = ${value(k, v)}`;
}

/** The conditions, in order, for the rows strictly after `v` on one key (nulls where the sort puts them). */
function strictlyAfter(k: Key, v: string | null): SQL[] {
  const column = sql.identifier(k.name);
  const nullsLast = k.nullsLast ?? k.dir === "asc";
  if (v === null) return nullsLast ? [] : [sql`${column} is not null`];
  const beyond = k.dir === "asc" ? sql`${column} > ${value(k, v)}` : sql`${column} < ${value(k, v)}`;
  return nullsLast && k.nullable ? [beyond, sql`${column} is null`] : [beyond];
}

/**
 * The rows at or after the row with these key values, in the sort's order,
 * as consecutive segments: the row itself (the keys end with the unique id),
 * then those equal on all keys but the last and after it on that one, and so
 * on to those after it on the first key. Each segment is an equality prefix
 * and one range: a range scan of the sort's index, where one OR of them all
 * would walk the index from its start.
 */
export function atOrAfter(keys: Key[], values: KeyValues): SQL[] {
  const segments: SQL[] = [and(...keys.map((k, i) => equal(k, values[i] ?? null)))!];
  for (let i = keys.length - 1; i >= 0; i--) {
    const prefix = keys.slice(0, i).map((k, j) => equal(k, values[j] ?? null));
    for (const after of strictlyAfter(keys[i]!, values[i] ?? null)) segments.push(and(...prefix, after)!);
  }
  return segments;
}
