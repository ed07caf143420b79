import { splitLangPath } from "~/i18n/lang";
import { getEnv } from "~/platform/env.server";
import { newestComplexesForRss, newestForRss } from "~/models/feeds.server";
import { RSS_ITEMS, renderRss } from "~/web/feeds/rss.server";
import type { Route } from "./+types/rss";

/**
 * /rss.xml, /bg/rss.xml, /en/rss.xml (issue 23 item 8): the newest properties for sale and complexes with units for sale (issue 33).
 * The page cache keeps it like a page, per content version (ETag/304, brotli and gzip made once).
 */
export async function loader({ url }: Route.LoaderArgs): Promise<Response> {
  const { lang } = splitLangPath(url.pathname);
  const [properties, complexes] = await Promise.all([newestForRss(RSS_ITEMS, lang), newestComplexesForRss(RSS_ITEMS, lang)]);
  const body = renderRss(lang, getEnv().publicUrl, properties, complexes);
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" },
  });
}
