/**
 * Case-folding for text search, the same on both databases: mirrors the
 * search_text column's expression in app/db/schema.ts (lowercase, ё → е).
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/ё/g, "е");
}

/** Escapes LIKE wildcards so a visitor's `%` or `_` is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
