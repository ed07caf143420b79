import { and, sql, type SQL } from "drizzle-orm";
import { realEstates } from "~/db/schema";
import { atOrAfter, keyColumns, keysAsText, orderBy, type Key, type KeyValues } from "./listing-sort.server";

/**
 * Page marks: for a text search with many matches, the sort keys of every
 * MARK_STEP-th match in a sort's order, found by one sort of the matches and
 * remembered like the counts (per filter, sort and content version). A page
 * deep in the results is then a short walk along the sort's index from the
 * mark before it, instead of reading and sorting every match again
 * (docs/decisions/0009).
 */
export const MARK_STEP = 50;

/** The marks: the keys as text of the matches at positions 0, step, 2·step, … of the order. */
export function markRowsSql(keys: Key[], where: SQL | undefined, step: number): SQL {
  return sql`with matches as materialized (select ${keyColumns(keys)} from ${realEstates}${where ? sql` where ${where}` : sql``})
    select ${keysAsText(keys)} from (select *, row_number() over (order by ${orderBy(keys, false)}) - 1 as position from matches) numbered
    where position % ${step} = 0 order by position`;
}

/**
 * The page `skip`…`skip + limit` of the matches from a mark on: the rows at
 * or after the mark along the sort's index (each segment of atOrAfter a
 * range scan after the location and type filters), at most `bound` of them,
 * then the text search checked on those. Fewer than `limit` ids back means
 * the bound was too small: the caller reads the matches first instead.
 */
export function walkFromMarkSql(options: {
  keys: Key[];
  mark: KeyValues;
  filters: SQL | undefined;
  search: SQL;
  bound: number;
  skip: number;
  limit: number;
}): SQL {
  const { keys, mark, filters, search, bound, skip, limit } = options;
  const order = orderBy(keys, false);
  const segments = atOrAfter(keys, mark).map(
    (segment) =>
      sql`(select ${keyColumns(keys)}, ${realEstates.search_vector} from ${realEstates} where ${and(filters, segment)} order by ${order} limit ${bound})`,
  );
  // The walked rows are named like the table, so the search condition's
  // qualified column ("real_estates"."search_vector") reads them.
  return sql`select id from (select * from (${sql.join(segments, sql` union all `)}) segments order by ${order} limit ${bound}) as ${realEstates}
    where ${search} order by ${order} limit ${limit} offset ${skip}`;
}
