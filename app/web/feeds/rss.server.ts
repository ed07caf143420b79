import "~/i18n/all";
import { complexTexts } from "~/i18n/complex-texts";
import { dictionary, fill, localizePath, type Lang } from "~/i18n";
import { formatPrice } from "~/i18n/format";
import { complexPathIn, localText, placeName } from "~/i18n/lang";
import { plural } from "~/i18n/plural";
import { localizedUrl } from "~/lib/seo";
import type { FeedComplex, FeedProperty } from "~/models/feeds.server";
import { descriptionIn, element, photoUrls, propertyUrl, titleIn, townIn, truncate, xmlText } from "./feed-values.server";

/**
 * RSS 2.0 per language (issue 23 item 8): /rss.xml, /bg/rss.xml, /en/rss.xml,
 * the newest properties for sale with a photo, price and link, and the newest
 * complexes with units for sale (issue 33), newest first. Public: the same
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

/** A complex's item: its page, «name — Жилой комплекс, place», what it has for sale from what price, its photo. */
function complexItem(c: FeedComplex, lang: Lang, origin: string): string {
  const t = complexTexts(lang);
  const location = { slug: c.location_slug, slug_en: c.location_slug_en };
  const url = localizedUrl(origin, lang, complexPathIn(lang, c, location));
  const [photo] = photoUrls(origin, c.images, 1);
  const place = placeName(lang, { name: c.location_name, name_bg: c.location_name_bg, name_en: c.location_name_en });
  const offer = [plural(c.for_sale, lang, t.forSale), c.price_from !== null ? fill(t.priceFrom, { price: formatPrice(c.price_from, lang) }) : null]
    .filter((v): v is string => Boolean(v))
    .join(" · ");
  const html = [
    photo ? `<p><img src="${xmlText(photo)}" alt=""></p>` : "",
    `<p>${xmlText(`${t.kind}, ${place}`)}</p>`,
    `<p>${xmlText(offer)}</p>`,
    localText(lang, c, "description").trim() ? `<p>${xmlText(truncate(localText(lang, c, "description"), 300))}</p>` : "",
  ].join("");
  return (
    "<item>" +
    element("title", `${placeName(lang, c)} — ${t.kind}, ${place}`) +
    element("link", url) +
    `<guid isPermaLink="true">${xmlText(url)}</guid>` +
    element("pubDate", rfc822(c.created_at)) +
    element("description", html) +
    (photo ? `<enclosure url="${xmlText(photo)}" length="0" type="image/jpeg"/>` : "") +
    "</item>\n"
  );
}

export function renderRss(lang: Lang, origin: string, properties: readonly FeedProperty[], complexes: readonly FeedComplex[] = []): string {
  const t = dictionary(lang);
  const home = localizedUrl(origin, lang, "/");
  const self = origin.replace(/\/+$/, "") + rssPath(lang);
  // Properties and complexes in one channel, newest first, RSS_ITEMS at most.
  const items = [
    ...properties.map((p) => ({ at: p.created_at, xml: () => item(p, lang, origin) })),
    ...complexes.map((c) => ({ at: c.created_at, xml: () => complexItem(c, lang, origin) })),
  ]
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, RSS_ITEMS);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n' +
    element("title", `${t.siteName} — ${t.home.newestTitle}`) +
    element("link", home) +
    element("description", t.home.description) +
    element("language", lang) +
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml"/>\n` +
    (items[0] ? element("lastBuildDate", rfc822(items[0].at)) : "") +
    items.map((i) => i.xml()).join("") +
    "</channel>\n</rss>\n"
  );
}
