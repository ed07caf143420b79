/**
 * The one check for redirect targets taken from input (`to` on
 * /set-language, `redirectTo` on /admin/login): judged on the URL the
 * browser will follow, not on the raw string (issue 17: `/.//evil.example`
 * passed a raw-string check and was sent as `Location: //evil.example`).
 *
 * A target is a path on this site: it is resolved with WHATWG URL against
 * the site's origin (a placeholder: only relative paths are accepted, so the
 * real origin changes nothing), must stay on that origin, and the result is
 * the normalised path and query — never a string starting with `//`, never
 * one with control characters (which would make the Location header throw).
 * Anything else gets `fallback`. Pure: no I/O, no throw.
 */

const BASE = new URL("https://site.invalid");

/** Longer targets are not links of this site (and are not worth parsing). */
export const MAX_REDIRECT_TARGET = 2048;

export interface SafeRedirectOptions {
  /** Where to go when the target is unsafe or absent (a path of this site). */
  fallback: string;
  /** A further rule on the normalised path, also asked of its decoded forms (e.g. only /admin pages). */
  allowPath?: (pathname: string) => boolean;
}

// Control characters (C0, DEL, C1): browsers drop TAB/CR/LF inside URLs, so "/\t/evil" is "//evil" to them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The path with percent-escapes undone (several rounds: double encoding), or null when it does not decode. */
function decodedForms(pathname: string): string[] | null {
  const forms = [pathname];
  let current = pathname;
  for (let round = 0; round < 3 && current.includes("%"); round++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return null;
    }
    forms.push(current);
  }
  return forms;
}

/** Whether a path could be read by anything on the way (a browser, a proxy, our own router) as another host. */
function unsafePath(pathname: string): boolean {
  return !pathname.startsWith("/") || pathname.includes("//") || pathname.includes("\\") || CONTROL.test(pathname);
}

/** The safe path+query for `value`, or null when it is not one. */
export function redirectTarget(value: unknown, allowPath?: (pathname: string) => boolean): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_TARGET) return null;
  // Raw checks first: only a single leading slash, no backslashes or control characters anywhere.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\") || CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE.origin || url.username !== "" || url.password !== "") return null;
  const forms = decodedForms(url.pathname);
  if (!forms || forms.some(unsafePath)) return null;
  if (allowPath && !forms.every(allowPath)) return null;
  const target = url.pathname + url.search;
  // The result itself, checked again: what goes into the Location header.
  if (unsafePath(target.split("?")[0]!) || CONTROL.test(target)) return null;
  return target;
}

/** `redirectTarget(value)`, or the fallback. */
export function safeRedirect(value: unknown, options: SafeRedirectOptions): string {
  return redirectTarget(value, options.allowPath) ?? options.fallback;
}
