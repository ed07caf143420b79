import { useState } from "react";
import { complexTexts, type ComplexTexts } from "~/i18n/complex-texts";
import { ALERT_FORM_TEXTS } from "~/i18n/alert-form";
import { localizeCards } from "~/lib/listing";
import { data, isRouteErrorResponse, Link, redirect, useLocation } from "react-router";
import { LazyFullscreenViewer as FullscreenViewer } from "~/components/gallery/lazy-viewer";
import { GALLERY_LABELS } from "~/components/gallery/labels";
import { AlertForm } from "~/components/alert-form";
import { ListingView } from "~/components/listing-view";
import { PLACEHOLDER_IMAGE, placeholderIfBroken, showPlaceholder } from "~/components/image-fallback";
import { NotFoundState } from "~/components/not-found-state";
import {
  complexPathIn,
  DEFAULT_LANG,
  dictionary,
  fill,
  hasOwnText,
  localizePath,
  localText,
  locationPathIn,
  locationPaths,
  placeName,
  splitLangPath,
} from "~/i18n";
import { formatPrice, placeIn } from "~/i18n/format";
import { formatPropertyCount, plural } from "~/i18n/plural";
import { displayImageUrl } from "~/lib/image-keys";
import { imageSrcSet, imageVariant } from "~/lib/images";
import { alertQuery } from "~/lib/alerts";
import { activeFilterCount, EMPTY_QUERY, listingRedirect, listingSearchParams, parseListingQuery, PUBLIC_PAGE_SIZE } from "~/lib/listing-query";
import { breadcrumbJsonLd, encodePath, jsonLd, pageMeta } from "~/lib/seo";
import { findLocationAddress } from "~/models/addresses.server";
import { locationComplexes } from "~/models/complex-page.server";
import { listingEngine } from "~/context";
import { alertsEnabled } from "~/web/alerts.server";
import { listingComplexes } from "~/web/listing-complexes.server";
import { mapTiles, pageContext } from "~/web/page.server";
import type { Route } from "./+types/location";

/** What the location page says of its complexes. */
function pickComplexLabels(tc: ComplexTexts) {
  return { inLocation: tc.inLocation, inLocationNoCase: tc.inLocationNoCase, forSale: tc.forSale, noneForSale: tc.noneForSale, priceFrom: tc.priceFrom };
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { lang, origin } = pageContext(url);
  const address = await findLocationAddress(params.locationSlug, lang);
  if (!address) throw data({ lang }, { status: 404 });
  const { location } = address;
  // A renamed location's old links (issue 20, decision 0023): 301 to its current address, the listing state kept.
  if (address.moved) throw redirect(encodePath(localizePath(lang, locationPathIn(lang, location))) + url.search, 301);
  const query = { ...parseListingQuery(url.searchParams), locationId: location.id };
  // The same clean URL as /properties (the location is the path, never a parameter).
  const clean = listingRedirect(url, { ...query, locationId: null });
  if (clean) throw redirect(clean);
  const listings = context.get(listingEngine);
  const [page, total, complexes, complexRows] = await Promise.all([
    listings.search(query, { pageSize: PUBLIC_PAGE_SIZE }),
    listings.total({ ...EMPTY_QUERY, locationId: location.id }),
    // Issue 33: the complex filter's name, and this location's complexes a search names.
    listingComplexes(listings, lang, query, location.id),
    // Issue 33: every complex of the location, listed below the results.
    locationComplexes(location.id),
  ]);
  return {
    lang,
    origin,
    switchPaths: locationPaths(location),
    location: {
      id: location.id,
      slug: location.slug,
      path: locationPathIn(lang, location),
      paths: locationPaths(location),
      name: placeName(lang, location),
      // «в Созополе»: Russian headings decline the place (null: a wording without case).
      in: placeIn(lang, location),
      image: location.image ? displayImageUrl(location.image) : location.image,
      // Where the map looks first when none of the shown properties has a point (issue 21).
      home: location.map_lat !== null && location.map_lng !== null ? { lat: location.map_lat, lng: location.map_lng, zoom: location.map_zoom ?? 14 } : null,
    },
    tiles: mapTiles(),
    ...complexes,
    // The page's language's viewer labels only (issue 31).
    gallery: GALLERY_LABELS[lang],
    total,
    // Issue 33: the location's new-build complexes, each with its units for sale and the lowest price among them.
    complexList: complexRows.map((c) => ({
      id: c.id,
      name: localText(lang, c, "name"),
      nameLang: lang === DEFAULT_LANG || hasOwnText(lang, c, "name") ? undefined : DEFAULT_LANG,
      href: localizePath(lang, complexPathIn(lang, c, location)),
      cover: c.cover,
      forSale: c.for_sale,
      priceFrom: c.price_from,
    })),
    // Their heading and counts in the page's language, only when there are some (issue 33: complex texts load where complexes show).
    complexLabels: complexRows.length > 0 ? pickComplexLabels(complexTexts(lang)) : null,
    query: { ...query, page: page.page },
    // «Сообщать о новых объектах» (issue 22): this location with the filters shown, when mail is on.
    alertQuery: alertsEnabled() ? alertQuery(listingSearchParams(query).toString()).query : null,
    alertTexts: ALERT_FORM_TEXTS[lang],
    // Only the page's language's texts go to the browser (issue 31).
    page: { ...page, items: localizeCards(lang, page.items) },
    // Made here, not in meta(): the JSON-LD builders stay on the server (issue 32).
    breadcrumb: breadcrumbJsonLd([
      { name: dictionary(lang).nav.home, url: origin + localizePath(lang, "/") },
      { name: placeName(lang, location), url: origin + encodePath(localizePath(lang, locationPathIn(lang, location))) },
    ]),
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const t = dictionary(d.lang);
  const path = d.location.paths;
  const { name, in: where } = d.location;
  const count = formatPropertyCount(d.total, d.lang);
  return [
    ...pageMeta({
      origin: d.origin,
      lang: d.lang,
      path,
      title: where ? fill(t.location.metaTitle, { in: where }) : fill(t.location.metaTitleNoCase, { name }),
      description: where ? fill(t.location.metaDescription, { in: where, count }) : fill(t.location.metaDescriptionNoCase, { name, count }),
      image: d.location.image || undefined,
      imageAlt: d.location.name,
      noindex: d.query.search !== "" || d.query.page > 1 || activeFilterCount(d.query) > 0 || d.query.complexId !== null,
    }),
    jsonLd(d.breadcrumb),
  ];
}

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { lang, location, total, query, page, tiles, alertQuery: alerts, complexLabels } = loaderData;
  const t = dictionary(lang);
  const [viewerOpen, setViewerOpen] = useState(false);
  const image = location.image || PLACEHOLDER_IMAGE;
  return (
    <main>
      <section className="relative isolate overflow-hidden bg-sea-900">
        <button
          type="button"
          onClick={() => setViewerOpen(true)}
          disabled={!location.image}
          aria-label={t.location.openImage}
          className="absolute inset-0 -z-10 h-full w-full cursor-zoom-in disabled:cursor-default"
        >
          <img
            src={location.image ? imageVariant(location.image, 1280) : image}
            srcSet={imageSrcSet(image, [640, 960, 1280, 1600])}
            sizes="100vw"
            alt=""
            width={1600}
            height={600}
            fetchPriority="high"
            ref={placeholderIfBroken}
            onError={showPlaceholder}
            className="h-full w-full object-cover opacity-70"
          />
        </button>
        <div className="pointer-events-none mx-auto max-w-6xl px-4 pb-10 pt-20">
          <h1 className="text-3xl font-bold text-white drop-shadow sm:text-5xl">{location.name}</h1>
          <p className="mt-2 text-lg font-medium text-white drop-shadow">{formatPropertyCount(total, lang)}</p>
        </div>
      </section>
      {viewerOpen ? (
        <FullscreenViewer images={[location.image]} startIndex={0} title={location.name} labels={loaderData.gallery} onClose={() => setViewerOpen(false)} />
      ) : null}
      <div className="mx-auto max-w-6xl px-4 py-8">
        <ListingView
          lang={lang}
          t={t}
          basePath={localizePath(lang, location.path)}
          // The location is the page itself, so its links and form carry no location parameter.
          query={{ ...query, locationId: null }}
          page={page}
          map={{ tiles, home: location.home, locationId: location.id }}
          complexFilter={loaderData.complexFilter}
          complexes={loaderData.complexes}
          searchLabel={location.in ? fill(t.location.searchIn, { in: location.in }) : fill(t.location.searchInNoCase, { name: location.name })}
        />
        {loaderData.complexList.length > 0 && complexLabels ? (
          <section aria-labelledby="complexes-heading" className="below-fold mt-10">
            <h2 id="complexes-heading" className="text-xl font-semibold text-sea-900">
              {location.in ? fill(complexLabels.inLocation, { in: location.in }) : fill(complexLabels.inLocationNoCase, { name: location.name })}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="location-complexes">
              {loaderData.complexList.map((c) => (
                <li key={c.id}>
                  <Link
                    to={c.href}
                    className="flex h-full gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:ring-sea-600 focus-visible:outline-2 focus-visible:outline-sea-600"
                  >
                    <img
                      src={c.cover ? imageVariant(c.cover, 320) : PLACEHOLDER_IMAGE}
                      alt=""
                      width={96}
                      height={72}
                      loading="lazy"
                      ref={placeholderIfBroken}
                      onError={showPlaceholder}
                      className="h-18 w-24 shrink-0 rounded-lg object-cover"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold text-sea-900" lang={c.nameLang}>
                        {c.name}
                      </span>
                      <span className="block text-sm text-slate-700">
                        {c.forSale > 0 ? plural(c.forSale, lang, complexLabels.forSale) : complexLabels.noneForSale}
                      </span>
                      {c.forSale > 0 && c.priceFrom !== null ? (
                        <span className="block font-semibold text-sea-700">{fill(complexLabels.priceFrom, { price: formatPrice(c.priceFrom, lang) })}</span>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {alerts !== null ? (
          <AlertForm lang={lang} texts={loaderData.alertTexts} query={alerts} privacyPath={localizePath(lang, "/privacy")} inMapArea={query.bbox !== null} />
        ) : null}
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { lang } = splitLangPath(useLocation().pathname);
  const t = dictionary(lang);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundState title={t.location.notFound} text={t.location.notFoundText} backHref={localizePath(lang, "/")} backLabel={t.location.back} />;
  }
  throw error;
}
