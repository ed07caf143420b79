import { getEnv } from "~/platform/env.server";

/**
 * Paths crawlers should leave alone: the administration, SPEC's diagnostics
 * pages (also their /bg twins) and the API-compatible prefixes.
 */
export const DISALLOWED_PATHS = ["/admin", "/testsupabase", "/test-storage", "/bg/testsupabase", "/bg/test-storage", "/rest/", "/auth/", "/storage/"] as const;

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
