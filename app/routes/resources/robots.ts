import { LANGUAGES } from "~/i18n/lang";
import { getEnv } from "~/platform/env.server";

/**
 * Paths crawlers should leave alone: the administration, SPEC's diagnostics
 * pages (also their twins in the other languages) and the API-compatible prefixes.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  "/admin",
  "/testsupabase",
  "/test-storage",
  // … and their twins under every other language's prefix (app/i18n/lang.ts).
  ...LANGUAGES.filter((l) => l.prefix !== "").flatMap((l) => [`${l.prefix}/testsupabase`, `${l.prefix}/test-storage`]),
  "/rest/",
  "/auth/",
  "/storage/",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}

export function loader(): Response {
  return new Response(robotsTxt(getEnv().publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
