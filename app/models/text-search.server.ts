import { sql, type SQL } from "drizzle-orm";
import { realEstates } from "~/db/schema";
import { prefixTerm, searchTextOf } from "~/lib/search";

/**
 * Property text search (SPEC §9: case-insensitive over the titles and
 * descriptions in both languages), answered by the GIN index
 * real_estates_search_idx on search_vector (migration 0005,
 * docs/decisions/0009-word-prefix-search.md): every word must begin a word
 * of the property's texts, so `мор` finds "море" and "морской".
 */

/**
 * The stored search_vector of a property: the words of its four texts,
 * case-folded here (lib/search) because the database folds only ASCII.
 * The 'simple' configuration keeps every word of both languages as it is:
 * no stemming, no stop words.
 */
export function searchVectorOf(p: Parameters<typeof searchTextOf>[0]): SQL {
  return sql`to_tsvector('simple', ${searchTextOf(p)})`;
}

/** The condition for already-split search words (lib/search searchWords); none → no condition. */
export function textSearchCondition(words: readonly string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const query = sql.join(
    words.map((word) => sql`to_tsquery('simple', ${prefixTerm(word)})`),
    sql` && `,
  );
  // A word the parser splits (2-комнатная) becomes a phrase; its parts in any
  // order are enough, and a plain AND is answered from the index alone
  // (a phrase would re-read every candidate row).
  return sql`${realEstates.search_vector} @@ regexp_replace((${query})::text, '<(-|[0-9]+)>', '&', 'g')::tsquery`;
}
