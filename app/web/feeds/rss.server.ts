import "~/i18n/all";
import { dictionary, localizePath, type Lang } from "~/i18n";
import { formatPrice } from "~/i18n/format";
import { localizedUrl } from "~/lib/seo";
import type { FeedProperty } from "~/models/feeds.server";
import { descriptionIn, element, photoUrls, propertyUrl, titleIn, townIn, truncate, xmlText } from "./feed-values.server";

/**
 * RSS 2.0 per language (issue 23 item 8): /rss.xml and /bg/rss.xml, the
 * newest properties for sale with a photo, price and link. Public: the same
 * properties the home page shows.
 */

export const RSS_ITEMS = 30;

/** RFC 822 date, as RSS 2.0 wants it ("Wed, 02 Oct 2026 13:00:00 GMT"). */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

export function rssPath(lang: Lang): string {
  return localizePath(lang, "/rss.xml");
}

function item(p: FeedProperty, lang: Lang, origin: string): string {
  const url = propertyUrl(origin, lang, p);
  const [photo] = photoUrls(origin, p.images, 1);
  const price = p.price !== null ? formatPrice(p.price, lang) : null;
  const summary = truncate(descriptionIn(lang, p), 300);
  const html = [
    photo ? `<p><img src="${xmlText(photo)}" alt=""></p>` : "",
    `<p>${[price, townIn(lang, p)]
      .filter((v): v is string => Boolean(v))
      .map(xmlText)
      .join(" · ")}</p>`,
    `<p>${xmlText(summary)}</p>`,
  ].join("");
  return (
    "<item>" +
    element("title", price ? `${titleIn(lang, p)} — ${price}` : titleIn(lang, p)) +
    element("link", url) +
    `<guid isPermaLink="true">${xmlText(url)}</guid>` +
    element("pubDate", rfc822(p.created_at)) +
    element("description", html) +
    // The photo's size is not stored; RSS readers take 0 as "unknown".
    (photo ? `<enclosure url="${xmlText(photo)}" length="0" type="image/jpeg"/>` : "") +
    "</item>\n"
  );
}

export function renderRss(lang: Lang, origin: string, properties: readonly FeedProperty[]): string {
  const t = dictionary(lang);
  const home = localizedUrl(origin, lang, "/");
  const self = origin.replace(/\/+$/, "") + rssPath(lang);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n' +
    element("title", `${t.siteName} — ${t.home.newestTitle}`) +
    element("link", home) +
    element("description", t.home.description) +
    element("language", lang) +
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml"/>\n` +
    (properties[0] ? element("lastBuildDate", rfc822(properties[0].created_at)) : "") +
    properties.map((p) => item(p, lang, origin)).join("") +
    "</channel>\n</rss>\n"
  );
}
