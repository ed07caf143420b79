/**
 * Languages and localized paths (DESIGN §6): Russian pages at SPEC's paths,
 * Bulgarian twins under /bg. `path` below always means the Russian
 * (unprefixed) path, e.g. "/properties".
 */
export const LANGS = ["ru", "bg"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "ru";

/** Name of the cookie (and SPEC's localStorage key) holding the visitor's choice. */
export const LANGUAGE_KEY = "language";

export function isLang(value: unknown): value is Lang {
  return value === "ru" || value === "bg";
}

/** "/properties" → "/bg/properties"; "/" → "/bg". Russian paths stay as they are. */
export function localizePath(lang: Lang, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === "ru") return clean;
  return clean === "/" ? "/bg" : `/bg${clean}`;
}

/** Splits a URL path into its language and the unprefixed path. */
export function splitLangPath(pathname: string): { lang: Lang; path: string } {
  if (pathname === "/bg" || pathname === "/bg/") return { lang: "bg", path: "/" };
  if (pathname.startsWith("/bg/")) return { lang: "bg", path: pathname.slice(3) };
  return { lang: "ru", path: pathname };
}

/** A Bulgarian text, or the Russian one when the Bulgarian is empty (SPEC §1). */
export function pickText(lang: Lang, ru: string | null | undefined, bg: string | null | undefined): string {
  if (lang === "bg" && bg && bg.trim() !== "") return bg;
  return ru ?? "";
}
