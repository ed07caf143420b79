import { and, sql, type SQL } from "drizzle-orm";
import { realEstates } from "~/db/schema";
import { atOrAfter, keyColumns, keysAsText, orderBy, type Key, type KeyValues } from "./listing-sort.server";

/**
 * Page marks: the sort keys of every MARK_STEP-th match in a sort's order,
 * remembered like the counts (per filter, sort and content version). A page
 * deep in the results is then a short walk along the sort's index from the
 * mark before it (docs/decisions/0009):
 * - for a text search with many matches, instead of reading and sorting
 *   every match again; the marks are made by one sort of the matches;
 * - without a text search, instead of stepping over every row before the
 *   page (OFFSET: 50 000 index entries for the middle page of 100 000); the
 *   marks are made by one walk along the sort's index.
 */
export const MARK_STEP = 50;

/**
 * The marks: the keys as text of the matches at positions 0, step, 2·step, …
 * of the order. A text search's matches are read first (materialized: from
 * the search index, then sorted); without one the rows are numbered along
 * the sort's index, which is already in order.
 */
export function markRowsSql(keys: Key[], where: SQL | undefined, step: number, textSearch: boolean): SQL {
  const rows = sql`select ${keyColumns(keys)} from ${realEstates}${where ? sql` where ${where}` : sql``}`;
  const matches = textSearch ? sql`with matches as materialized (${rows}) select * from matches` : rows;
  return sql`select ${keysAsText(keys)} from (select *, row_number() over (order by ${orderBy(keys, false)}) - 1 as position from (${matches}) matches) numbered
    where position % ${step} = 0 order by position`;
}

/**
 * The page `skip`…`skip + limit` of the matches from a mark on: the rows at
 * or after the mark along the sort's index (each segment of atOrAfter a
 * range scan after the location and type filters), at most `bound` of them,
 * then the text search, if any, checked on those. Fewer than `limit` ids
 * back means the bound was too small: the caller reads the matches first
 * instead.
 */
export function walkFromMarkSql(options: {
  keys: Key[];
  mark: KeyValues;
  filters: SQL | undefined;
  search: SQL | undefined;
  bound: number;
  skip: number;
  limit: number;
}): SQL {
  const { keys, mark, filters, search, bound, skip, limit } = options;
  const order = orderBy(keys, false);
  const columns = search ? sql`${keyColumns(keys)}, ${realEstates.search_vector}` : keyColumns(keys);
  const segments = atOrAfter(keys, mark).map(
    (segment) => sql`(select ${columns} from ${realEstates} where ${and(filters, segment)} order by ${order} limit ${bound})`,
  );
  // The walked rows are named like the table, so the search condition's
  // qualified column ("real_estates"."search_vector") reads them.
  return sql`select id from (select * from (${sql.join(segments, sql` union all `)}) segments order by ${order} limit ${bound}) as ${realEstates}
    ${search ? sql`where ${search} ` : sql``}order by ${order} limit ${limit} offset ${skip}`;
}
