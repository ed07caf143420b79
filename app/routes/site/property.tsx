import { Breadcrumbs } from "~/components/breadcrumbs";
import { complexTexts } from "~/i18n/complex-texts";
import { lazy, Suspense } from "react";
import { localizeCards } from "~/lib/listing";
import { data, isRouteErrorResponse, Link, redirect, useLocation } from "react-router";
import { AgentCard } from "~/components/agent-card";
import { ContactBar } from "~/components/contact-bar";
import { ComplexOnPropertyPage, type ComplexOnProperty } from "~/components/complex/complex-on-property";
import { ContactForm } from "~/components/contact-form";
import { GALLERY_LABELS } from "~/components/gallery/labels";
import { PropertyGallery } from "~/components/gallery/property-gallery";
import { PLACEHOLDER_IMAGE } from "~/components/image-fallback";
import type { GoneData } from "~/components/not-found-state";
import { CompareButton, FavoriteButton } from "~/components/favorite-button";
import { PropertyMap } from "~/components/map/property-map";
import { favoriteLabels, PropertyCardList, reducedFrom, StatusBadge } from "~/components/property-card";
import { factRows } from "~/components/property-facts";
import { ShareControl } from "~/components/share-control";
import {
  complexPathIn,
  DEFAULT_LANG,
  dictionary,
  fill,
  hasOwnText,
  isIndexedIn,
  languageOf,
  localizePath,
  localList,
  localSlug,
  localText,
  locationPathIn,
  placeName,
  propertyPaths,
  splitLangPath,
  type Lang,
} from "~/i18n";
import { formatArea, formatNumber, formatPrice, parseQuarter, placeIn } from "~/i18n/format";
import { displayImageUrl } from "~/lib/image-keys";
import { imageSrcSet, imageVariant } from "~/lib/images";
import { listingHref, mapAroundHref } from "~/lib/listing-query";
import { shareLinks } from "~/lib/messengers";
import { breadcrumbJsonLd, encodePath, jsonLd, pageMeta, propertyJsonLd } from "~/lib/seo";
import { findPropertyAddress } from "~/models/addresses.server";
import { complexOfUnit, otherComplexUnits } from "~/models/complex-page.server";
import { getLocationBySlug } from "~/models/locations.server";
import { getPropertyBySlug } from "~/models/real-estates.server";
import { listingEngine, requestInfo } from "~/context";
import { handleContactAction } from "~/web/contact-action.server";
import { contactClientAction, contactShouldRevalidate } from "~/web/contact-client-action";
import { goneResponse } from "~/web/gone.server";
import { agentCardData, contactPageData, mapTiles, pageContext } from "~/web/page.server";
import type { Route } from "./+types/property";

const ROMAN = ["I", "II", "III", "IV"] as const;

/** The unit's complex as its page shows it (issue 33), in the page's words; null when it is in none. */
async function unitComplex(lang: Lang, propertyId: string, complexId: string | null): Promise<ComplexOnProperty | null> {
  const found = await complexOfUnit(complexId);
  if (!found) return null;
  const { complex: c, location } = found;
  const t = dictionary(lang);
  const tc = complexTexts(lang);
  const quarter = c.completion_quarter && c.construction_stage !== "act16" ? parseQuarter(c.completion_quarter) : null;
  const facts = [
    c.construction_stage ? t.card.stage[c.construction_stage] : null,
    quarter ? fill(tc.completion, { quarter: fill(t.property.quarter, { quarter: ROMAN[quarter.quarter - 1]!, year: quarter.year }) }) : null,
    c.maintenance_fee_eur_m2 === null ? null : `${tc.fee}: ${fill(t.property.perM2Year, { fee: formatNumber(c.maintenance_fee_eur_m2, lang) })}`,
  ].filter((f): f is string => f !== null);
  return {
    name: localText(lang, c, "name"),
    nameLang: lang === DEFAULT_LANG || hasOwnText(lang, c, "name") ? undefined : DEFAULT_LANG,
    href: localizePath(lang, complexPathIn(lang, c, location)),
    facts,
    facilities: c.facilities.map((f) => tc.facility[f]),
    others: localizeCards(lang, await otherComplexUnits(c.id, propertyId, 6)),
    labels: { onProperty: tc.onProperty, facilities: tc.facilities, toComplex: tc.toComplex, otherUnits: tc.otherUnits },
  };
}

async function find(params: Route.LoaderArgs["params"], lang: Lang) {
  const column = languageOf(lang).slug;
  const location = await getLocationBySlug(params.locationSlug, column);
  const property = location ? await getPropertyBySlug(location.id, params.propertySlug, column) : null;
  return location && property ? { location, property } : null;
}

/** Old addresses (issue 20, decision 0023): a renamed or moved property answers 301 to where it is now, a deleted one 410. */
async function current({ url, params, context }: Route.LoaderArgs, lang: Lang) {
  const address = await findPropertyAddress(params.locationSlug, params.propertySlug, lang);
  if (!address) throw data({ lang }, { status: 404 });
  if (address.kind === "moved") {
    const path = `${locationPathIn(lang, address.location)}/${localSlug(lang, address.property)}`;
    throw redirect(encodePath(localizePath(lang, path)) + url.search, 301);
  }
  if (address.kind === "gone") throw await goneResponse(address.location, lang, context);
  return address;
}

export async function loader(args: Route.LoaderArgs) {
  const { url, context } = args;
  const page = contactPageData(url);
  const { lang } = page;
  const { location, property: p } = await current(args, lang);
  // Issue 31: a language without the property's own texts shows the Russian ones, marked (and, in English, unindexed).
  const translated = hasOwnText(lang, p, "title");
  const shown = {
    ...page,
    paths: propertyPaths(p, location),
    // The language switch's targets: every language has the page (without its texts it shows the Russian ones).
    switchPaths: propertyPaths(p, location, true),
    translated,
    featuresTranslated: lang === DEFAULT_LANG || localList(lang, p, "features") !== p.features,
    indexed: isIndexedIn(lang, p),
    location: {
      slug: location.slug,
      path: locationPathIn(lang, location),
      name: placeName(lang, location),
      in: placeIn(lang, location),
      // Where a sold property sends the buyer: its location's listing of the same type, without sold ones (the default).
      similarHref: listingHref(localizePath(lang, locationPathIn(lang, location)), { type: p.property_type }),
    },
    property: {
      id: p.id,
      slug: localSlug(lang, p),
      title: localText(lang, p, "title"),
      description: localText(lang, p, "description"),
      features: localList(lang, p, "features"),
      price: p.price,
      area: p.area,
      bedrooms: p.bedrooms,
      bathrooms: p.bathrooms,
      year_built: p.year_built,
      property_type: p.property_type,
      // Any spelling of an upload is shown from its /upload/ path (decision 0031).
      images: p.images.map(displayImageUrl),
      created_at: p.created_at,
      // Issue 20: status, €/m², the last cut and the buyer's facts.
      status: p.status,
      price_per_m2: p.price_per_m2,
      price_reduced_from: p.price_reduced_from,
      price_reduced_at: p.price_reduced_at,
      reference: p.reference,
      sea_distance_m: p.sea_distance_m,
      sea_line: p.sea_line,
      sea_view: p.sea_view,
      floor: p.floor,
      floors_total: p.floors_total,
      construction_stage: p.construction_stage,
      completion_quarter: p.completion_quarter,
      maintenance_fee_eur_m2: p.maintenance_fee_eur_m2,
      furnished: p.furnished,
      pool: p.pool,
      parking: p.parking,
      plot_area: p.plot_area,
      complex_name: p.complex_name,
      // Only the public point ever leaves the server: an approximate property's is moved (decision 0025).
      point: p.public_lat !== null && p.public_lng !== null ? { lat: p.public_lat, lng: p.public_lng, precision: p.location_precision } : null,
      mapHref:
        p.public_lat !== null && p.public_lng !== null ? mapAroundHref(localizePath(lang, "/properties"), { lat: p.public_lat, lng: p.public_lng }) : null,
    },
    tiles: mapTiles(),
    // The page's language's gallery labels only: the table of every language stays on the server (issue 31).
    gallery: GALLERY_LABELS[lang],
    related: localizeCards(lang, await context.get(listingEngine).related({ propertyId: p.id, locationId: location.id, limit: 3 })),
    agent: await agentCardData(lang),
    // Issue 33: the complex it is a unit of, with up to six of its other units for sale.
    complex: await unitComplex(lang, p.id, p.complex_id),
  };
  // Made here, not in meta() or the page: the JSON-LD builders and the facts' wording stay on the server,
  // out of the page's JavaScript (issue 32).
  const t = dictionary(lang);
  // The facts grid (issue 20): each known fact with its unit, in the page's words; unknown ones left out.
  const facts = factRows(shown.property, lang, t).flatMap(({ label, value }) => (value === null ? [] : [{ label, value: String(value) }]));
  const q = shown.property;
  const pageUrl = shown.origin + encodePath(localizePath(lang, `${shown.location.path}/${q.slug}`));
  const absolute = (src: string) => (src.startsWith("/") ? shown.origin + src : src);
  const structuredData = [
    propertyJsonLd({
      url: pageUrl,
      name: q.title,
      description: q.description,
      images: q.images.map(absolute),
      price: q.price,
      currency: "EUR",
      area: q.area,
      bedrooms: q.bedrooms,
      bathrooms: q.bathrooms,
      locationName: shown.location.name,
      datePosted: q.created_at,
      type: q.property_type,
      status: q.status,
      geo: q.point?.precision === "exact" ? q.point : null,
    }),
    breadcrumbJsonLd([
      { name: t.nav.home, url: shown.origin + localizePath(lang, "/") },
      { name: shown.location.name, url: shown.origin + localizePath(lang, shown.location.path) },
      { name: q.title, url: pageUrl },
    ]),
  ];
  return { ...shown, facts, structuredData };
}

export async function action({ url, request, params, context }: Route.ActionArgs) {
  const { lang } = pageContext(url);
  const found = await find(params, lang);
  if (!found) throw data({ lang }, { status: 404 });
  return handleContactAction(request, lang, context.get(requestInfo).ip, found.property.id);
}

// A post that gets no answer from the action shows the form's failure banner (not the error screen).
export const clientAction = contactClientAction;
// … and then keeps the page as it is, without reloading its data (which offline would fail too).
export const shouldRevalidate = contactShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const t = dictionary(d.lang);
  const p = d.property;
  const path = `${d.location.path}/${p.slug}`;
  const price = p.price === null ? t.card.priceOnRequest : formatPrice(p.price, d.lang);
  const facts = [price, d.location.name, p.area !== null ? formatArea(p.area, d.lang) : null].filter(Boolean).join(" · ");
  return [
    ...pageMeta({
      origin: d.origin,
      lang: d.lang,
      path: { ...d.paths, [d.lang]: path },
      noindex: !d.indexed,
      title: `${p.title} — ${price}, ${d.location.name}`,
      description: `${facts}. ${p.description}`,
      image: p.images[0],
      imageAlt: p.title,
      type: "article",
    }),
    ...d.structuredData.map(jsonLd),
  ];
}

export default function PropertyPage({ loaderData }: Route.ComponentProps) {
  const { lang, location, property: p, related } = loaderData;
  // Issue 31: the Russian texts on another language's page are marked as Russian (and, in English, said to be).
  const textLang = loaderData.translated ? undefined : DEFAULT_LANG;
  const t = dictionary(lang);
  const oldPrice = reducedFrom(p);
  const shareUrl = loaderData.origin + encodePath(localizePath(lang, `${location.path}/${p.slug}`));
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      {p.status === "sold" ? (
        <div role="note" aria-labelledby="sold-heading" className="mb-4 rounded-2xl bg-slate-800 p-4 text-white">
          {/* Not a heading: it comes before the page's <h1>. */}
          <p id="sold-heading" className="text-lg font-bold">
            {t.property.sold}
          </p>
          <p className="mt-1 text-slate-100">{t.property.soldText}</p>
          <Link
            to={location.similarHref}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-sea-900 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t.property.soldLink}
          </Link>
        </div>
      ) : null}
      <Breadcrumbs
        label={t.property.breadcrumbs}
        home={{ name: t.nav.home, href: localizePath(lang, "/") }}
        location={{ name: location.name, href: localizePath(lang, location.path) }}
        current={p.title}
      />
      {/* One grid (issue 30): on desktops the side column spans the gallery's row and the next, so the description
          follows the gallery at once instead of waiting for the taller contact block; phones keep the DOM's order. */}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr_auto]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <PropertyGallery
            images={p.images}
            title={p.title}
            labels={loaderData.gallery}
            placeholder={PLACEHOLDER_IMAGE}
            srcSetOf={(src) => imageSrcSet(src, [640, 960, 1280])}
            thumbnailSrc={(src) => imageVariant(src, 160)}
          />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {/* Floated beside the title (its siblings stay the title's: location, then price). */}
          <div className="float-right ml-3 flex gap-2">
            <CompareButton id={p.id} title={p.title} labels={favoriteLabels(t)} />
            <FavoriteButton id={p.id} title={p.title} labels={favoriteLabels(t)} />
          </div>
          <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl" lang={textLang}>
            {p.title}
          </h1>
          {textLang && t.property.untranslated ? <p className="mt-1 text-sm text-slate-600">{t.property.untranslated}</p> : null}
          <p className="mt-1 text-slate-600">{location.name}</p>
          <p className="mt-4 text-3xl font-bold text-sea-700">
            <span className="sr-only">{t.property.price}: </span>
            {p.price === null ? t.card.priceOnRequest : formatPrice(p.price, lang)}
          </p>
          {oldPrice !== null || p.status !== "available" ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StatusBadge status={p.status} t={t} />
              {oldPrice !== null ? (
                <>
                  <span className="rounded-lg bg-red-50 px-2.5 py-1 text-sm font-bold text-red-800 ring-1 ring-red-200">{t.card.reduced}</span>
                  <s className="text-lg text-slate-600">
                    <span className="sr-only">{t.card.oldPrice}: </span>
                    {formatPrice(oldPrice, lang)}
                  </s>
                </>
              ) : null}
            </div>
          ) : null}
          {p.status === "reserved" ? <p className="mt-2 text-sm text-slate-700">{t.property.reservedText}</p> : null}
          <h2 className="sr-only">{t.property.details}</h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {loaderData.facts.map(({ label, value }) => (
              <div key={label} className="rounded-xl bg-sea-50 p-3">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="text-lg font-semibold">
              {t.property.contactTitle}
            </h2>
            <AgentCard agent={loaderData.agent} contacts={null} t={t} headingLevel={3} framed={false} className="mt-3" />
            <div className="mt-3 flex flex-wrap gap-3">
              <a
                href={`tel:${loaderData.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex min-h-11 items-center rounded-lg bg-sea-600 px-4 font-semibold text-white hover:bg-sea-700"
              >
                {t.property.call}: {loaderData.phone}
              </a>
              <a
                href={`mailto:${loaderData.email}?subject=${encodeURIComponent(p.title)}`}
                className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-sea-700 ring-1 ring-sea-600 hover:bg-sea-50"
              >
                {t.property.write}: {loaderData.email}
              </a>
              {loaderData.messengers.map((m) => (
                <a
                  key={m.name}
                  href={m.href}
                  rel="noopener"
                  className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-sea-700 ring-1 ring-sea-600 hover:bg-sea-50"
                >
                  {m.name}
                </a>
              ))}
              <ShareControl url={shareUrl} title={p.title} links={shareLinks(shareUrl, p.title)} labels={t.property} />
            </div>
          </section>
        </div>
        <div className="below-fold min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-2">
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-semibold text-sea-900">
              {t.property.description}
            </h2>
            <div className="mt-2 whitespace-pre-line text-slate-800" lang={p.description.trim() ? textLang : undefined}>
              {p.description.trim() || t.card.noDescription}
            </div>
          </section>
          {p.features.length > 0 ? (
            <section className="mt-6" aria-labelledby="features-heading">
              <h2 id="features-heading" className="text-xl font-semibold text-sea-900">
                {t.property.features}
              </h2>
              <ul
                className="mt-2 grid list-inside list-disc gap-1 text-slate-800 sm:grid-cols-2"
                lang={loaderData.featuresTranslated ? undefined : DEFAULT_LANG}
              >
                {p.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {p.point && p.mapHref ? <PropertyMap lang={lang} t={t} tiles={loaderData.tiles} point={p.point} mapHref={p.mapHref} /> : null}
        </div>
        <section
          className="below-fold rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-start-2 lg:row-start-3 lg:self-start"
          aria-label={t.contact.formTitle}
        >
          <h2 className="mb-4 text-lg font-semibold">{t.contact.formTitle}</h2>
          <ContactForm t={t} subject={fill(t.contact.aboutProperty, { title: p.title })} />
        </section>
      </div>
      {loaderData.complex ? <ComplexOnPropertyPage complex={loaderData.complex} lang={lang} t={t} /> : null}
      {related.length > 0 ? (
        <section className="mt-10" aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-xl font-semibold text-sea-900">
            {location.in ? fill(t.property.related, { in: location.in }) : fill(t.property.relatedNoCase, { name: location.name })}
          </h2>
          <PropertyCardList items={related} lang={lang} t={t} />
        </section>
      ) : null}
      <ContactBar phone={loaderData.phone} messengers={loaderData.messengers} labels={t.property} />
    </main>
  );
}

// The 404/410 states load only when a page needs them: property pages keep their JS budget (issue 30).
// The server renders them in full before answering (entry.server.tsx waits for onAllReady).
const GoneState = lazy(() => import("~/components/not-found-state").then((m) => ({ default: m.GoneState })));
const NotFoundState = lazy(() => import("~/components/not-found-state").then((m) => ({ default: m.NotFoundState })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { lang } = splitLangPath(useLocation().pathname);
  const t = dictionary(lang);
  // A deleted property (decision 0023): where it was, and what is for sale there now.
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <Suspense fallback={null}>
        <GoneState lang={lang} gone={(error.data as { gone: GoneData }).gone} />
      </Suspense>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundState title={t.property.notFound} text={t.property.notFoundText} backHref={localizePath(lang, "/properties")} backLabel={t.property.back} />
      </Suspense>
    );
  }
  throw error;
}
