import type { AlertFilter } from "~/lib/alerts";
import { ALERT_PAGE_TEXTS } from "./alerts";
import { formatArea, formatDistance, formatPrice } from "./format";
import { dictionary, fill, type Lang } from "./index";

/**
 * A saved search in words (issue 30), for the confirmation mail and the
 * admin's list of subscriptions: the location's name, the type and the other
 * filters with the listing's own labels where it has them
 * («Созополь · Дом · цена от 100 000 € до 200 000 € · Вид на море»), never
 * the query string's ids. The caller gives the location's name in `lang`
 * (null: all locations) and the complex's (issue 33: «в комплексе Cascadas»;
 * null: the filter has none, or its name is not known). Needs the language's
 * dictionary loaded (the server loads all).
 */
export function describeAlertSearch(filter: AlertFilter, lang: Lang, locationName: string | null, complexName: string | null = null): string {
  return [locationName ?? dictionary(lang).listing.allLocations, describeAlertFilters(filter, lang, complexName)].filter(Boolean).join(" · ");
}

/** The filters but the location, in words ("" for none). */
export function describeAlertFilters(filter: AlertFilter, lang: Lang, complexName: string | null = null): string {
  const t = dictionary(lang);
  const w = ALERT_PAGE_TEXTS[lang].describe;
  const range = (label: string, min: number | null, max: number | null, format: (n: number) => string) =>
    min === null && max === null
      ? null
      : [label, min !== null ? fill(w.from, { value: format(min) }) : null, max !== null ? fill(w.to, { value: format(max) }) : null].filter(Boolean).join(" ");
  const parts = [
    filter.complexId && complexName ? fill(t.complexFilter.inComplex, { name: complexName }) : null,
    filter.type ? t.listing.types[filter.type] : null,
    range(w.price, filter.priceMin, filter.priceMax, (n) => formatPrice(n, lang)),
    range(w.area, filter.areaMin, filter.areaMax, (n) => formatArea(n, lang)),
    filter.bedroomsMin !== null ? fill(w.bedrooms, { n: filter.bedroomsMin }) : null,
    filter.seaDistanceMax !== null ? fill(w.toSea, { distance: formatDistance(filter.seaDistanceMax, lang) }) : null,
    filter.seaView ? t.listing.seaView : null,
    filter.seaLine ? t.listing.seaLine : null,
    filter.stage ? t.property.stages[filter.stage] : null,
    filter.status !== "available" ? `${t.listing.status}: ${t.listing.statuses[filter.status]}` : null,
    filter.search.trim() ? fill(w.words, { words: filter.search.trim() }) : null,
  ];
  return parts.filter((p): p is string => Boolean(p)).join(" · ");
}
