/**
 * The map's tile source (issue 21): MAP_TILE_URL and MAP_ATTRIBUTION from the
 * configuration, handed to the pages that show a map. Safe on the server and
 * in the page bundle (no Leaflet here).
 */
export interface MapTiles {
  /** A `{z}/{x}/{y}` template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  url: string;
  /** Plain text; a URL at its end links the text before it (OpenStreetMap's required credit). */
  attribution: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The attribution as the HTML Leaflet shows: the configured text escaped (it
 * is never trusted as markup), with a trailing http(s) URL turned into the
 * link of the words before it — «© OpenStreetMap contributors» linked to
 * the copyright page, as the tile usage policy asks.
 */
export function attributionHtml(text: string): string {
  const match = /^(.*?)\s*(https?:\/\/\S+)$/.exec(text.trim());
  if (!match) return escapeHtml(text.trim());
  const [, words, url] = match as unknown as [string, string, string];
  const label = words.trim() || url;
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(label)}</a>`;
}
