import { Breadcrumbs } from "~/components/breadcrumbs";
import { complexTexts } from "~/i18n/complex-texts";
import { lazy, Suspense } from "react";
import { data, isRouteErrorResponse, Link, redirect, useLocation } from "react-router";
import { AlertForm } from "~/components/alert-form";
import { StageTimeline } from "~/components/complex/stage-timeline";
import { UnitsTable, type UnitRow } from "~/components/complex/units-table";
import { ContactForm } from "~/components/contact-form";
import { GALLERY_LABELS } from "~/components/gallery/labels";
import { PropertyGallery } from "~/components/gallery/property-gallery";
import { PLACEHOLDER_IMAGE } from "~/components/image-fallback";
import { PropertyMap } from "~/components/map/property-map";
import type { GoneData } from "~/components/not-found-state";
import {
  complexPathIn,
  complexPaths,
  DEFAULT_LANG,
  dictionary,
  fill,
  hasOwnText,
  isComplexIndexedIn,
  localizePath,
  localText,
  locationPathIn,
  placeName,
  propertyPathIn,
  splitLangPath,
  type Lang,
} from "~/i18n";
import { ALERT_FORM_TEXTS } from "~/i18n/alert-form";
import { formatDistance, formatNumber, formatPrice, formatPricePerM2, parseQuarter } from "~/i18n/format";
import { plural } from "~/i18n/plural";
import { alertQuery } from "~/lib/alerts";
import { parseUnitSort, rangeOf, sortUnits } from "~/lib/complex-units";
import { displayImageUrl } from "~/lib/image-keys";
import { imageSrcSet, imageVariant } from "~/lib/images";
import { mapAroundHref } from "~/lib/listing-query";
import { breadcrumbJsonLd, complexJsonLd, encodePath, jsonLd, pageMeta } from "~/lib/seo";
import { findComplexAddress } from "~/models/addresses.server";
import { complexUnits } from "~/models/complex-page.server";
import { requestInfo } from "~/context";
import { alertsEnabled } from "~/web/alerts.server";
import { handleContactAction } from "~/web/contact-action.server";
import { contactClientAction, contactShouldRevalidate } from "~/web/contact-client-action";
import { goneResponse } from "~/web/gone.server";
import { contactPageData, mapTiles, pageContext } from "~/web/page.server";
import type { Route } from "./+types/complex";

const ROMAN = ["I", "II", "III", "IV"] as const;

/**
 * A new-build complex's page (issue 33): /{location}/{complex word}/{complex}
 * in each language (the word is data: app/i18n/languages.ts). Old addresses
 * answer 301 (a rename, a move, a renamed location, the Russian address under
 * /en) and a deleted complex's 410, like a property's (decision 0023).
 */
async function current({ url, params, context }: Pick<Route.LoaderArgs, "url" | "params" | "context">, lang: Lang) {
  // The route's middle segment is the page language's word (app/routes.ts): any other three-segment path
  // (/en/x/комплекс/y, /x/complex/y, /нет/такой/страницы) matches no route, the site's plain 404.
  const address = await findComplexAddress(params.locationSlug, params.complexSlug, lang);
  if (!address) throw data({ lang, complex: true }, { status: 404 });
  if (address.kind === "moved") throw redirect(encodePath(localizePath(lang, complexPathIn(lang, address.complex, address.location))) + url.search, 301);
  if (address.kind === "gone") throw await goneResponse(address.location, lang, context);
  return address;
}

export async function loader(args: Route.LoaderArgs) {
  const { url } = args;
  const page = contactPageData(url);
  const { lang, origin } = page;
  const { location, complex: c } = await current(args, lang);
  const t = dictionary(lang);
  const tc = complexTexts(lang);
  const path = complexPathIn(lang, c, location);
  const locationPath = locationPathIn(lang, location);
  const sort = parseUnitSort(url.searchParams.get("sort"));
  const units = await complexUnits(c.id);
  const rows: UnitRow[] = sortUnits(units, sort).map((u) => ({
    id: u.id,
    title: localText(lang, u, "title"),
    titleLang: lang === DEFAULT_LANG || hasOwnText(lang, u, "title") ? undefined : DEFAULT_LANG,
    href: localizePath(lang, propertyPathIn(lang, u)),
    property_type: u.property_type,
    bedrooms: u.bedrooms,
    area: u.area,
    floor: u.floor,
    floors_total: u.floors_total,
    price: u.price,
    price_per_m2: u.price_per_m2,
    status: u.status,
  }));
  const forSale = units.filter((u) => u.status !== "sold");
  const prices = rangeOf(forSale.map((u) => u.price));
  const perM2 = rangeOf(forSale.map((u) => u.price_per_m2));
  const name = localText(lang, c, "name");
  const description = localText(lang, c, "description");
  const placeNameShown = placeName(lang, location);
  const quarter = c.completion_quarter ? parseQuarter(c.completion_quarter) : null;
  const facilities = c.facilities.map((f) => tc.facility[f]);
  const images = c.images.map(displayImageUrl);
  const point = c.public_lat !== null && c.public_lng !== null ? { lat: c.public_lat, lng: c.public_lng, precision: c.location_precision } : null;
  const complexAlert = alertQuery(new URLSearchParams({ complex: c.id }).toString()).query;
  const pageUrl = origin + encodePath(localizePath(lang, path));
  const absolute = (src: string) => (src.startsWith("/") ? origin + src : src);
  const money = (range: { min: number; max: number }, format: (n: number, l: Lang) => string) =>
    range.min === range.max ? format(range.min, lang) : `${format(range.min, lang)} – ${format(range.max, lang)}`;
  return {
    ...page,
    path,
    paths: complexPaths(c, location),
    // The language switch's targets: every language has the page (without its texts it shows the Russian ones).
    switchPaths: complexPaths(c, location, true),
    indexed: isComplexIndexedIn(lang, c),
    nameTranslated: lang === DEFAULT_LANG || hasOwnText(lang, c, "name"),
    descriptionTranslated: lang === DEFAULT_LANG || hasOwnText(lang, c, "description"),
    location: { path: locationPath, name: placeNameShown },
    complex: {
      id: c.id,
      name,
      description,
      developer: c.developer,
      stage: c.construction_stage,
      quarter: quarter ? fill(t.property.quarter, { quarter: ROMAN[quarter.quarter - 1]!, year: quarter.year }) : null,
      fee: c.maintenance_fee_eur_m2 === null ? null : fill(t.property.perM2Year, { fee: formatNumber(c.maintenance_fee_eur_m2, lang) }),
      seaDistance: c.sea_distance_m === null ? null : formatDistance(c.sea_distance_m, lang),
      floors: c.floors,
      unitsTotal: c.units_total,
      facilities,
      images,
      point,
      mapHref: point ? mapAroundHref(localizePath(lang, "/properties"), point) : null,
    },
    units: rows,
    sort,
    forSale: forSale.length,
    priceRange: prices ? money(prices, formatPrice) : null,
    perM2Range: perM2 ? money(perM2, formatPricePerM2) : null,
    tiles: mapTiles(),
    gallery: GALLERY_LABELS[lang],
    // «Узнать о новых квартирах в этом комплексе»: a saved search of this complex's units (the listing's `complex`
    // filter), as /alerts will store it. Offered only while that normalised query keeps the complex: a query it
    // dropped would subscribe the visitor to every new property.
    alertQuery: alertsEnabled() && complexAlert.includes(`complex=${c.id}`) ? complexAlert : null,
    alertTexts: { ...ALERT_FORM_TEXTS[lang], title: tc.alertTitle, intro: tc.alertIntro },
    // Made here, not in meta() or the page: the JSON-LD builders stay on the server (issue 32).
    structuredData: [
      complexJsonLd({
        url: pageUrl,
        name,
        description,
        images: images.map(absolute),
        locationName: placeNameShown,
        geo: point?.precision === "exact" ? point : null,
        forSale: forSale.length,
        prices,
        unitsTotal: c.units_total,
        facilities,
      }),
      breadcrumbJsonLd([
        { name: t.nav.home, url: origin + localizePath(lang, "/") },
        { name: placeNameShown, url: origin + encodePath(localizePath(lang, locationPath)) },
        { name, url: pageUrl },
      ]),
    ],
  };
}

export async function action(args: Route.ActionArgs) {
  const { url, request, context } = args;
  const { lang } = pageContext(url);
  const { complex } = await current(args, lang);
  return handleContactAction(request, lang, context.get(requestInfo).ip, undefined, { complexId: complex.id });
}

// As on the property page: a post without an answer shows the form's failure banner, and the page stays as it is.
export const clientAction = contactClientAction;
export const shouldRevalidate = contactShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const t = dictionary(d.lang);
  const tc = complexTexts(d.lang);
  const c = d.complex;
  const sale = d.forSale > 0 ? plural(d.forSale, d.lang, tc.forSale) : tc.noneForSale;
  const parts = [
    `${c.name}, ${d.location.name}`,
    d.priceRange ? `${sale} · ${fill(tc.priceRange, { range: d.priceRange })}` : sale,
    c.stage ? t.card.stage[c.stage] + (c.quarter && c.stage !== "act16" ? ` · ${fill(tc.completion, { quarter: c.quarter })}` : "") : null,
  ].filter(Boolean);
  return [
    ...pageMeta({
      origin: d.origin,
      lang: d.lang,
      path: { ...d.paths, [d.lang]: d.path },
      noindex: !d.indexed,
      title: fill(tc.metaTitle, { name: c.name, place: d.location.name }),
      description: `${parts.join(". ")}. ${c.description}`,
      image: c.images[0],
      imageAlt: c.name,
      type: "article",
    }),
    ...d.structuredData.map(jsonLd),
  ];
}

export default function ComplexPage({ loaderData: d }: Route.ComponentProps) {
  const { lang, complex: c, location } = d;
  const t = dictionary(lang);
  const tc = complexTexts(lang);
  const nameLang = d.nameTranslated ? undefined : DEFAULT_LANG;
  const facts = [
    { label: tc.developer, value: c.developer.trim() || null },
    { label: tc.fee, value: c.fee },
    { label: tc.seaDistance, value: c.seaDistance },
    { label: tc.floors, value: c.floors === null ? null : String(c.floors) },
    { label: tc.unitsTotal, value: c.unitsTotal === null ? null : String(c.unitsTotal) },
  ].filter((f): f is { label: string; value: string } => f.value !== null);
  const basePath = encodePath(localizePath(lang, d.path));
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumbs
        label={t.property.breadcrumbs}
        home={{ name: t.nav.home, href: localizePath(lang, "/") }}
        location={{ name: location.name, href: localizePath(lang, location.path) }}
        current={c.name}
        currentLang={nameLang}
      />
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">
          <PropertyGallery
            images={c.images}
            title={c.name}
            labels={d.gallery}
            placeholder={PLACEHOLDER_IMAGE}
            srcSetOf={(src) => imageSrcSet(src, [640, 960, 1280])}
            thumbnailSrc={(src) => imageVariant(src, 160)}
          />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-sea-700">{tc.kind}</p>
          <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl" lang={nameLang}>
            {c.name}
          </h1>
          <p className="mt-1 text-slate-600">{location.name}</p>
          <div className="mt-4 rounded-2xl bg-sea-50 p-4" data-testid="complex-prices">
            {d.forSale > 0 ? (
              <>
                <p className="font-semibold text-slate-900">{plural(d.forSale, lang, tc.forSale)}</p>
                {d.priceRange ? <p className="mt-1 text-2xl font-bold text-sea-700">{fill(tc.priceRange, { range: d.priceRange })}</p> : null}
                {d.perM2Range ? <p className="mt-1 text-slate-700">{fill(tc.perM2Range, { range: d.perM2Range })}</p> : null}
              </>
            ) : (
              <p className="font-semibold text-slate-900">{d.units.length > 0 ? tc.noneForSale : tc.noUnits}</p>
            )}
          </div>
          {facts.length > 0 ? (
            <>
              <h2 className="sr-only">{tc.about}</h2>
              <dl className="mt-4 grid grid-cols-2 gap-3">
                {facts.map(({ label, value }) => (
                  <div key={label} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          {c.facilities.length > 0 ? (
            <section aria-labelledby="facilities-heading" className="mt-4">
              <h2 id="facilities-heading" className="text-lg font-semibold text-sea-900">
                {tc.facilities}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {c.facilities.map((f) => (
                  <li key={f} className="rounded-full bg-white px-3 py-1 text-sm text-slate-800 ring-1 ring-slate-300">
                    {f}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <StageTimeline stage={c.stage} quarter={c.quarter} t={t} tc={tc} />
      <section id="units" aria-labelledby="units-heading" className="below-fold mt-8 scroll-mt-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="units-heading" className="text-xl font-semibold text-sea-900">
            {tc.units}
          </h2>
          {d.forSale > 0 ? (
            // The listing of its units: the filters, the sorts and the map (the listing's complex filter).
            <Link
              to={`${localizePath(lang, "/properties")}?complex=${c.id}`}
              className="inline-flex min-h-11 items-center font-medium text-sea-700 underline-offset-2 hover:underline"
            >
              {t.complexFilter.unitsLink}
            </Link>
          ) : null}
        </div>
        {d.units.length > 0 ? (
          <UnitsTable units={d.units} sort={d.sort} basePath={basePath} lang={lang} t={t} />
        ) : (
          <p className="mt-2 text-slate-700">{tc.noUnits}</p>
        )}
      </section>
      <div className="below-fold mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">
          {c.description.trim() ? (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="text-xl font-semibold text-sea-900">
                {tc.description}
              </h2>
              <div className="mt-2 whitespace-pre-line text-slate-800" lang={d.descriptionTranslated ? undefined : DEFAULT_LANG}>
                {c.description}
              </div>
            </section>
          ) : null}
          {c.point && c.mapHref ? <PropertyMap lang={lang} t={t} tiles={d.tiles} point={c.point} mapHref={c.mapHref} /> : null}
          {d.alertQuery !== null ? <AlertForm lang={lang} texts={d.alertTexts} query={d.alertQuery} privacyPath={localizePath(lang, "/privacy")} /> : null}
        </div>
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:self-start" aria-labelledby="complex-contact-heading">
          <h2 id="complex-contact-heading" className="mb-4 text-lg font-semibold">
            {tc.contactTitle}
          </h2>
          <ContactForm t={t} subject={fill(tc.contactSubject, { name: c.name })} />
        </section>
      </div>
    </main>
  );
}

// The 404/410 states load only when a page needs them (as on the property page).
const NotFoundState = lazy(() => import("~/components/not-found-state").then((m) => ({ default: m.NotFoundState })));
const GoneList = lazy(() => import("~/components/property-card").then((m) => ({ default: m.PropertyCardList })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { lang } = splitLangPath(useLocation().pathname);
  const t = dictionary(lang);
  const tc = complexTexts(lang);
  // A deleted complex: where it was, and what is for sale there now.
  if (isRouteErrorResponse(error) && error.status === 410) {
    const gone = (error.data as { gone: GoneData }).gone;
    return (
      <Suspense fallback={null}>
        <NotFoundState
          title={tc.goneTitle}
          text={tc.goneText}
          backHref={localizePath(lang, gone.location.path)}
          backLabel={fill(t.gone.toLocation, { name: gone.location.name })}
        >
          {gone.similar.length > 0 ? (
            <section className="mt-8 w-full text-left" aria-label={fill(t.gone.similar, { name: gone.location.name })}>
              <GoneList items={gone.similar} lang={lang} t={t} className="grid gap-6" />
            </section>
          ) : null}
        </NotFoundState>
      </Suspense>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404 && (error.data as { complex?: boolean } | null)?.complex) {
    return (
      <Suspense fallback={null}>
        <NotFoundState title={tc.notFound} text={tc.notFoundText} backHref={localizePath(lang, "/properties")} backLabel={t.property.back} />
      </Suspense>
    );
  }
  throw error;
}
