import { eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { complexes, realEstates } from "~/db/schema";
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

/** The names of a complex in every language (issue 33), for its units' search words (searchTextOf's complex_names); none: []. */
export async function complexSearchNames(executor: Executor, complexId: string | null | undefined): Promise<string[]> {
  if (!complexId) return [];
  const [row] = await executor
    .select({ name: complexes.name, name_bg: complexes.name_bg, name_en: complexes.name_en })
    .from(complexes)
    .where(eq(complexes.id, complexId))
    .limit(1);
  return row ? [row.name, row.name_bg, row.name_en] : [];
}

/**
 * Writes again the search words of every unit of a complex (issue 33: its
 * names are among them), after a rename, in the caller's transaction: the
 * texts are folded here (searchTextOf), so the units are read, and written
 * back 200 per statement. `names` replaces the complex's current names:
 * `[]` before deleting it takes them out of its units' words.
 */
export async function refreshComplexUnitsSearch(executor: Executor, complexId: string, names?: readonly string[]): Promise<number> {
  names ??= await complexSearchNames(executor, complexId);
  const t = realEstates;
  const units = await executor
    .select({
      id: t.id,
      title: t.title,
      title_bg: t.title_bg,
      title_en: t.title_en,
      description: t.description,
      description_bg: t.description_bg,
      description_en: t.description_en,
      reference: t.reference,
    })
    .from(t)
    .where(eq(t.complex_id, complexId));
  for (let i = 0; i < units.length; i += 200) {
    const rows = units.slice(i, i + 200).map((u) => sql`(${u.id}::uuid, ${searchTextOf({ ...u, complex_names: names })})`);
    await executor.execute(
      sql`update ${t} set search_vector = to_tsvector('simple', v.text) from (values ${sql.join(rows, sql`, `)}) as v(id, text) where ${t.id} = v.id`,
    );
  }
  return units.length;
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
