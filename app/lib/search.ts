/**
 * Case-folding for text search, done here rather than by the database so it
 * is the same on PGlite and on any PostgreSQL locale: lowercase, ё → е.
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/ё/g, "е");
}

/** Escapes LIKE wildcards so a visitor's `%` or `_` is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The stored search_text of a property: its four texts, folded. */
export function searchTextOf(p: { title: string; title_bg: string; description: string; description_bg: string }): string {
  return foldForSearch([p.title, p.title_bg, p.description, p.description_bg].join("\n"));
}
