import { splitLangPath } from "~/i18n/lang";
import { getEnv } from "~/platform/env.server";
import { newestForRss } from "~/models/feeds.server";
import { RSS_ITEMS, renderRss } from "~/web/feeds/rss.server";
import type { Route } from "./+types/rss";

/**
 * /rss.xml and /bg/rss.xml (issue 23 item 8): the newest properties for sale.
 * The page cache keeps it like a page, per content version (ETag/304, brotli and gzip made once).
 */
export async function loader({ url }: Route.LoaderArgs): Promise<Response> {
  const { lang } = splitLangPath(url.pathname);
  const body = renderRss(lang, getEnv().publicUrl, await newestForRss(RSS_ITEMS, lang));
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" },
  });
}
