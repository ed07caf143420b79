import { redirect } from "react-router";
import { ALERT_FORM_TEXTS } from "~/i18n/alert-form";
import { localizeCards } from "~/lib/listing";
import { AlertForm } from "~/components/alert-form";
import { ListingView } from "~/components/listing-view";
import { dictionary, localizePath, placeName } from "~/i18n";
import { alertQuery } from "~/lib/alerts";
import { activeFilterCount, listingRedirect, listingSearchParams, parseListingQuery, PUBLIC_PAGE_SIZE } from "~/lib/listing-query";
import { pageMeta } from "~/lib/seo";
import { listingEngine } from "~/context";
import { alertsEnabled } from "~/web/alerts.server";
import { listingComplexes } from "~/web/listing-complexes.server";
import { mapTiles, pageContext } from "~/web/page.server";
import type { Route } from "./+types/properties";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { lang, origin } = pageContext(url);
  const query = parseListingQuery(url.searchParams);
  // A form sent without JavaScript carries empty fields: answer with the clean URL.
  const clean = listingRedirect(url, query);
  if (clean) throw redirect(clean);
  const listings = context.get(listingEngine);
  const [page, locations, complexes] = await Promise.all([
    listings.search(query, { pageSize: PUBLIC_PAGE_SIZE }),
    listings.locations(),
    // Issue 33: the complex filter's name, and the complexes a search names (shown before the results).
    listingComplexes(listings, lang, query, query.locationId),
  ]);
  return {
    lang,
    origin,
    query: { ...query, page: page.page },
    // Only the page's language's texts go to the browser (issue 31).
    page: { ...page, items: localizeCards(lang, page.items) },
    locations: locations.map((l) => ({ id: l.id, name: placeName(lang, l) })),
    ...complexes,
    tiles: mapTiles(),
    // «Сообщать о новых объектах» (issue 22): the filters shown, when mail is on.
    alertQuery: alertsEnabled() ? alertQuery(listingSearchParams(query).toString()).query : null,
    alertTexts: ALERT_FORM_TEXTS[lang],
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const t = dictionary(data.lang);
  const filtered =
    data.query.search !== "" || data.query.page > 1 || data.query.sort !== "default" || activeFilterCount(data.query) > 0 || data.query.complexId !== null;
  return pageMeta({
    origin: data.origin,
    lang: data.lang,
    path: "/properties",
    title: t.listing.metaTitle,
    description: t.listing.metaDescription,
    image: data.page.items[0]?.cover ?? "/images/hero-1600.webp",
    noindex: filtered,
  });
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { lang, query, page, locations, tiles, alertQuery: alerts } = loaderData;
  const t = dictionary(lang);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold text-sea-900">{t.listing.title}</h1>
      <ListingView
        lang={lang}
        t={t}
        basePath={localizePath(lang, "/properties")}
        query={query}
        page={page}
        locations={locations}
        firstCardIsMain
        map={{ tiles, home: null }}
        complexFilter={loaderData.complexFilter}
        complexes={loaderData.complexes}
      />
      {alerts !== null ? (
        <AlertForm lang={lang} texts={loaderData.alertTexts} query={alerts} privacyPath={localizePath(lang, "/privacy")} inMapArea={query.bbox !== null} />
      ) : null}
    </main>
  );
}
