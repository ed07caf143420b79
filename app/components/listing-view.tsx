import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { type Dictionary, fill, type Lang } from "~/i18n";
import { formatDistance, formatNumber } from "~/i18n/format";
import { STAGE_FILTER_TEXTS } from "~/i18n/stage-filter";
import {
  activeFilterCount,
  EMPTY_QUERY,
  listingHref,
  listingSearchParams,
  parseListingQuery,
  RANGE_FILTERS,
  SORTS,
  STATUS_FILTERS,
  type ListingQuery,
  type ListingType,
  type RangeFilter,
} from "~/lib/listing-query";
import { CONSTRUCTION_STAGES } from "~/lib/property-facts";
import type { ListingPage } from "~/lib/listing";
import type { ComplexFilterShown, ComplexLink } from "~/lib/complex-links";
import type { MapTiles } from "~/lib/geo/tiles";
import { ComplexRow } from "./complex-row";
import { LocationSelect } from "./location-select";
import type { MapView } from "./map/listing-map";
import { MapPanel, ViewSwitch } from "./map/map-panel";
import { PropertyCard } from "./property-card";
import { PRIMARY_BUTTON } from "./button-styles";

interface Props {
  lang: Lang;
  t: Dictionary;
  /** The page's own path (e.g. /bg/properties or /созополь): filters link back to it. */
  basePath: string;
  query: ListingQuery;
  page: ListingPage;
  /** Location choices; absent on a location's own page. */
  locations?: { id: string; name: string }[];
  searchLabel?: string;
  /**
   * Whether the first card's picture is the page's main image (the listing
   * page): then it loads at once, at high priority. The other cards load
   * lazily: on a phone they are below the fold, and an early download would
   * take bandwidth from the main image.
   */
  firstCardIsMain?: boolean;
  /** The map (issue 21): its tiles, where it looks first on a location page, and that page's location. */
  map: { tiles: MapTiles; home: MapView | null; locationId?: string };
  /** The complex of the `complex` filter (issue 33), named above the results; null: no such filter. */
  complexFilter?: ComplexFilterShown | null;
  /** The complexes the search names (issue 33), shown before the results. */
  complexes?: ComplexLink[];
}

/** Choices of the «До моря» filter, in metres (a value from the URL not among them is added). */
export const SEA_DISTANCE_CHOICES = [100, 300, 500, 1000] as const;
/** Choices of the bedrooms filter: at least n. */
export const BEDROOM_CHOICES = [1, 2, 3, 4] as const;

const RANGE_NAMES = Object.keys(RANGE_FILTERS) as RangeFilter[];

/** The form fields' values of a listing state (what the URL says the form holds). */
function fieldValues(query: ListingQuery): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {
    search: query.search,
    sort: query.sort,
    location: query.locationId ?? "",
    sea_view: query.seaView,
    sea_line: query.seaLine,
    stage: query.stage ?? "",
    status: query.status,
  };
  for (const name of RANGE_NAMES) values[RANGE_FILTERS[name].param] = query[name] === null ? "" : String(query[name]);
  return values;
}

/** The filters that narrow a list beyond the form's always-visible fields (search, location, type): the panel's and the map's area. */
const CHIP_FILTERS = ["complexId", ...RANGE_NAMES, "seaView", "seaLine", "stage", "status", "bbox"] as const;

/** A query without the filter `name` (its default value). */
function without(query: ListingQuery, name: (typeof CHIP_FILTERS)[number]): ListingQuery {
  return { ...query, [name]: EMPTY_QUERY[name], page: 1 };
}

/**
 * «Выбрано фильтров: 2 · В области карты × · До моря: до 500 м × · Сбросить
 * фильтры»: every filter that narrows the list, named where the results
 * start — the panel may be closed (phones) and the map's area has no field
 * at all — each a plain link that removes it (issue 30: a list kept the
 * map's area after «Список» without a word).
 */
function ActiveFilters({
  lang,
  t,
  basePath,
  query,
  complex,
}: {
  lang: Lang;
  t: Dictionary;
  basePath: string;
  query: ListingQuery;
  complex: ComplexFilterShown | null;
}) {
  const L = t.listing;
  const name = (filter: (typeof CHIP_FILTERS)[number]): string | null => {
    switch (filter) {
      // A link's complex (issue 33): no field of the form shows it, so this is where it is said; an unknown id says so.
      case "complexId":
        return query.complexId ? (complex?.name ? fill(t.complexFilter.chip, { name: complex.name }) : t.complexFilter.unknown) : null;
      case "bbox":
        return query.bbox ? L.inMapArea : null;
      case "seaView":
        return query.seaView ? L.seaView : null;
      case "seaLine":
        return query.seaLine ? L.seaLine : null;
      case "stage":
        return query.stage ? `${L.stage}: ${t.property.stages[query.stage]}` : null;
      case "status":
        return query.status !== EMPTY_QUERY.status ? `${L.status}: ${L.statuses[query.status]}` : null;
      case "bedroomsMin":
        return query.bedroomsMin === null ? null : `${L.bedroomsMin}: ${fill(L.bedroomsAtLeast, { n: query.bedroomsMin })}`;
      case "seaDistanceMax":
        return query.seaDistanceMax === null ? null : `${L.seaDistanceMax}: ${fill(L.upTo, { distance: formatDistance(query.seaDistanceMax, lang) })}`;
      default:
        return query[filter] === null ? null : `${L[filter]}: ${formatNumber(query[filter], lang)}`;
    }
  };
  const chips = CHIP_FILTERS.map((filter) => ({ filter, label: name(filter) })).filter(
    (c): c is { filter: (typeof CHIP_FILTERS)[number]; label: string } => c.label !== null,
  );
  if (chips.length === 0) return null;
  const cleared = CHIP_FILTERS.reduce((q, filter) => without(q, filter), query);
  const chip =
    "inline-flex min-h-11 items-center gap-2 rounded-full bg-sea-50 px-3 text-sm font-medium text-sea-900 ring-1 ring-sea-600 hover:bg-sea-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600";
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="active-filters">
      <span className="text-sm text-slate-700">{fill(L.activeFilters, { count: chips.length })}</span>
      {chips.map(({ filter, label }) => (
        <Link
          key={filter}
          to={listingHref(basePath, without(query, filter))}
          preventScrollReset
          aria-label={fill(L.removeFilter, { name: label })}
          className={chip}
        >
          {label}
          <span aria-hidden="true" className="text-base leading-none">
            ×
          </span>
        </Link>
      ))}
      <Link
        to={listingHref(basePath, cleared)}
        preventScrollReset
        className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-sea-700 underline"
      >
        {L.reset}
      </Link>
    </div>
  );
}

/** The choices of a select: the usual ones, and the current value when it is not among them. */
function withCurrent(choices: readonly number[], current: number | null): number[] {
  return current === null || choices.includes(current) ? [...choices] : [...choices, current].sort((a, b) => a - b);
}

/**
 * Search box, sort, location and type filters, the folding «Фильтры» panel
 * (issue 20: price, area, bedrooms, sea distance, sea view, first line,
 * stage, status), cards and pagination (SPEC §2). Everything is a link or a
 * GET form, so it works without JavaScript and the URL always holds the
 * state; the form carries no page, so any filter change goes back to page 1.
 * The panel is a <details>: closed, it keeps a phone's first screen for the
 * results, and it needs no script to open.
 */
export function ListingView({
  lang,
  t,
  basePath,
  query,
  page,
  locations,
  searchLabel,
  firstCardIsMain = false,
  map,
  complexFilter = null,
  complexes = [],
}: Props) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDetailsElement>(null);
  const values = fieldValues(query);
  const valuesKey = JSON.stringify(values);
  // The fields are uncontrolled (the form works without JavaScript), so when the
  // URL changes under them (back button, a type link) they are set from it again.
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    for (const [name, value] of Object.entries(JSON.parse(valuesKey) as Record<string, string | boolean>)) {
      const field = fields.namedItem(name);
      if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === true;
      else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = String(value);
    }
  }, [valuesKey]);
  // With JavaScript the form goes straight to the clean URL (without it, the
  // server redirects there): empty fields and defaults left out, page 1.
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
    navigate(listingHref(basePath, { ...parseListingQuery(params), page: 1 }));
  };
  const control =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-sea-600 focus:outline-2 focus:outline-sea-600";
  const label = "text-sm font-medium text-slate-800";
  // A select takes the panel's full width on phones: half of 360 px cuts its longer choices (issue 30).
  const selectLabel = `${label} col-span-2 sm:col-span-1`;
  const check =
    "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-[:checked]:bg-sea-50 has-[:checked]:ring-sea-600";
  const filterCount = activeFilterCount(query);
  const rangeInput = (name: RangeFilter, text: string) => (
    <label className={label}>
      {text}
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        name={RANGE_FILTERS[name].param}
        defaultValue={query[name] ?? ""}
        maxLength={13}
        className={control}
      />
    </label>
  );
  const typeLink = (type: ListingType | null, label: string) => {
    const active = query.type === type;
    return (
      <Link
        key={type ?? "all"}
        to={listingHref(basePath, { ...query, type, page: 1 })}
        aria-current={active ? "page" : undefined}
        className={`inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 ${
          active ? "bg-sea-600 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-sea-50"
        }`}
      >
        {label}
      </Link>
    );
  };
  const pageHref = (n: number) => listingHref(basePath, { ...query, page: n });
  const pages = paginationWindow(page.page, page.pageCount);

  return (
    <div>
      <Form
        ref={formRef}
        method="get"
        action={basePath}
        role="search"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[2fr_auto_1fr_1fr] md:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
          // Applied: the panel folds away so the results show (issue 30); its summary counts the filters.
          if (panelRef.current) panelRef.current.open = false;
        }}
        onChange={(event) => {
          // The sort and location apply at once; the text box on Enter or the
          // button; the panel's fields with its «Применить».
          const target = event.target;
          if (target instanceof HTMLSelectElement && (target.name === "sort" || target.name === "location")) apply(event.currentTarget);
        }}
      >
        <div className="flex items-end gap-2 md:contents">
          <label className={`${label} min-w-0 flex-1`}>
            {searchLabel ?? t.listing.search}
            <input type="search" name="search" defaultValue={query.search} maxLength={200} placeholder={t.listing.searchPlaceholder} className={control} />
          </label>
          <button type="submit" className={`shrink-0 px-4 py-2.5 md:px-5 ${PRIMARY_BUTTON}`}>
            {t.listing.searchSubmit}
          </button>
        </div>
        <div className={`grid gap-3 md:contents ${locations ? "sm:grid-cols-2" : ""}`}>
          <label className={label}>
            {t.listing.sort}
            <select name="sort" defaultValue={query.sort} className={control}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t.listing.sorts[s]}
                </option>
              ))}
            </select>
          </label>
          {locations ? (
            <label className={label}>
              {t.listing.location}
              <LocationSelect
                name="location"
                defaultValue={query.locationId ?? ""}
                locations={locations}
                emptyLabel={t.listing.allLocations}
                className={control}
              />
            </label>
          ) : (
            <span className="hidden md:block" />
          )}
        </div>
        {query.type ? <input type="hidden" name="type" value={query.type} /> : null}
        {/* A complex's units stay the subject of a new search (issue 33); its chip removes it. */}
        {query.complexId ? <input type="hidden" name="complex" value={query.complexId} /> : null}
        {/* The map's state survives a new search: the open map and its area (issue 21). */}
        {query.view === "map" ? <input type="hidden" name="view" value="map" /> : null}
        {query.bbox ? <input type="hidden" name="bbox" value={listingSearchParams({ bbox: query.bbox }).get("bbox")!} /> : null}
        <details ref={panelRef} className="group md:col-span-4">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 font-semibold text-sea-900 ring-1 ring-slate-300 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 [&::-webkit-details-marker]:hidden">
            <span>
              {t.listing.filters}
              {filterCount > 0 ? ` (${filterCount})` : ""}
            </span>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 transition-transform group-open:rotate-180">
              <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
            {rangeInput("priceMin", t.listing.priceMin)}
            {rangeInput("priceMax", t.listing.priceMax)}
            {rangeInput("areaMin", t.listing.areaMin)}
            {rangeInput("areaMax", t.listing.areaMax)}
            <label className={selectLabel}>
              {t.listing.bedroomsMin}
              <select name="bedrooms_min" defaultValue={query.bedroomsMin ?? ""} className={control}>
                <option value="">{t.listing.any}</option>
                {withCurrent(BEDROOM_CHOICES, query.bedroomsMin).map((n) => (
                  <option key={n} value={n}>
                    {fill(t.listing.bedroomsAtLeast, { n })}
                  </option>
                ))}
              </select>
            </label>
            <label className={selectLabel}>
              {t.listing.seaDistanceMax}
              <select name="sea_distance_max" defaultValue={query.seaDistanceMax ?? ""} className={control}>
                <option value="">{t.listing.any}</option>
                {withCurrent(SEA_DISTANCE_CHOICES, query.seaDistanceMax).map((m) => (
                  <option key={m} value={m}>
                    {fill(t.listing.upTo, { distance: formatDistance(m, lang) })}
                  </option>
                ))}
              </select>
            </label>
            <label className={selectLabel}>
              {t.listing.stage}
              <select name="stage" defaultValue={query.stage ?? ""} className={control}>
                <option value="">{t.listing.any}</option>
                {CONSTRUCTION_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {STAGE_FILTER_TEXTS[lang][stage]}
                  </option>
                ))}
              </select>
            </label>
            <label className={selectLabel}>
              {t.listing.status}
              <select name="status" defaultValue={query.status} className={control}>
                {STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {t.listing.statuses[status]}
                  </option>
                ))}
              </select>
            </label>
            <label className={check}>
              <input type="checkbox" name="sea_view" value="1" defaultChecked={query.seaView} className="size-5 accent-sea-600" />
              {t.listing.seaView}
            </label>
            <label className={check}>
              <input type="checkbox" name="sea_line" value="1" defaultChecked={query.seaLine} className="size-5 accent-sea-600" />
              {t.listing.seaLine}
            </label>
            <button type="submit" className={`col-span-2 px-5 py-2.5 ${PRIMARY_BUTTON}`}>
              {t.listing.apply}
            </button>
          </div>
        </details>
      </Form>
      <ActiveFilters lang={lang} t={t} basePath={basePath} query={query} complex={complexFilter} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t.listing.type} className="flex flex-wrap gap-2">
          {typeLink(null, t.listing.types.all)}
          {typeLink("apartment", t.listing.types.apartment)}
          {typeLink("house", t.listing.types.house)}
        </nav>
        <ViewSwitch t={t} basePath={basePath} query={query} />
        <p className="text-sm font-medium text-slate-700" role="status">
          {fill(t.listing.found, { count: formatNumber(page.total, lang) })}
        </p>
      </div>

      {query.view === "map" ? (
        <MapPanel lang={lang} t={t} tiles={map.tiles} basePath={basePath} query={query} locationId={map.locationId} home={map.home} />
      ) : null}

      <ComplexRow lang={lang} t={t} basePath={basePath} complexes={complexes} />

      {page.items.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold">{t.listing.empty}</h2>
          <p className="mt-2 text-slate-600">{t.listing.emptyHint}</p>
          <Link to={basePath} className="mt-4 inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-sea-700 underline">
            {t.listing.reset}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.items.map((item, i) => (
            <li key={item.id} className="flex">
              <PropertyCard item={item} lang={lang} t={t} main={firstCardIsMain && i === 0} />
            </li>
          ))}
        </ul>
      )}

      {page.pageCount > 1 ? (
        <nav aria-label={t.listing.pagination} className="mt-8 flex flex-wrap items-center justify-center gap-2">
          {page.page > 1 ? (
            <Link to={pageHref(page.page - 1)} rel="prev" className="min-h-11 rounded-lg px-3 py-2 ring-1 ring-slate-300 hover:bg-sea-50">
              {t.listing.previous}
            </Link>
          ) : null}
          {pages.map((n, i) =>
            n === null ? (
              <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </span>
            ) : (
              <Link
                key={n}
                to={pageHref(n)}
                aria-label={fill(t.listing.page, { n })}
                aria-current={n === page.page ? "page" : undefined}
                className={`min-h-11 min-w-11 rounded-lg px-3 py-2 text-center ${n === page.page ? "bg-sea-600 font-semibold text-white" : "ring-1 ring-slate-300 hover:bg-sea-50"}`}
              >
                {n}
              </Link>
            ),
          )}
          {page.page < page.pageCount ? (
            <Link to={pageHref(page.page + 1)} rel="next" className="min-h-11 rounded-lg px-3 py-2 ring-1 ring-slate-300 hover:bg-sea-50">
              {t.listing.next}
            </Link>
          ) : null}
          <span className="sr-only">{fill(t.listing.pageOf, { page: page.page, pages: page.pageCount })}</span>
        </nav>
      ) : null}
    </div>
  );
}

/** Page numbers to show: first, last, and two around the current one; null for a gap. */
export function paginationWindow(current: number, count: number): (number | null)[] {
  const shown = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  }
  return out;
}
