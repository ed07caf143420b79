import { and, eq, like, ne, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~/db/client.server";
import { escapeLike } from "~/lib/search";
import { nextFreeSlug, SLUG_COLUMNS, slugIn, slugSource, type SlugColumn } from "~/lib/slug";

/**
 * Addresses unique within a location (DESIGN §4): a property's and a
 * complex's (issue 33) `slug` and `slug_en` are made alike — each from the
 * row's text in that column's language (else the Russian one), `base`, else
 * `base-2`, `base-3`… among the location's rows of the same table.
 */
export interface SlugTable {
  table: PgTable;
  id: PgColumn;
  locationId: PgColumn;
  columns: Record<SlugColumn, PgColumn>;
  /** The text an address is made from (title, name) and the base when it gives none. */
  field: string;
  fallback: string;
}

async function freeSlug(tx: Executor, t: SlugTable, locationId: string, column: SlugColumn, base: string, exceptId?: string): Promise<string> {
  const col = t.columns[column];
  const conditions: (SQL | undefined)[] = [eq(t.locationId, locationId), or(eq(col, base), like(col, `${escapeLike(base)}-%`))];
  if (exceptId) conditions.push(ne(t.id, exceptId));
  const rows = (await tx
    .select({ slug: col })
    .from(t.table)
    .where(and(...conditions))) as { slug: string }[];
  return nextFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}

/** The addresses of a row in every address column; with `only`, just the columns whose texts changed. */
export async function freeLocationSlugs(
  tx: Executor,
  t: SlugTable,
  locationId: string,
  row: Record<string, unknown>,
  exceptId?: string,
  only: (column: SlugColumn) => boolean = () => true,
): Promise<Partial<Record<SlugColumn, string>>> {
  const slugs: Partial<Record<SlugColumn, string>> = {};
  for (const { column, lang } of SLUG_COLUMNS) {
    if (!only(column)) continue;
    slugs[column] = await freeSlug(tx, t, locationId, column, slugIn(lang, slugSource(lang, row, t.field)) || t.fallback, exceptId);
  }
  return slugs;
}
