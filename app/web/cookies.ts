/**
 * The one cookie parser (server and browser): the value of cookie `name` in a
 * `Cookie` header or `document.cookie` — the first one sent, trimmed, not
 * decoded — or null when it is absent.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
