import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { type Dictionary, fill, type Lang } from "~/i18n";
import { formatNumber } from "~/i18n/format";
import { listingHref, SORTS, type ListingQuery, type ListingType } from "~/lib/listing-query";
import type { ListingPage } from "~/lib/listing";
import { LocationSelect } from "./location-select";
import { PropertyCard } from "./property-card";

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
}

/**
 * Search box, sort, location and type filters, cards and pagination (SPEC §2).
 * Everything is a link or a GET form, so it works without JavaScript and the
 * URL always holds the state; any filter change goes back to page 1.
 */
export function ListingView({ lang, t, basePath, query, page, locations, searchLabel, firstCardIsMain = false }: Props) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  // The fields are uncontrolled (the form works without JavaScript), so when the
  // URL changes under them (back button, a type link) they are set from it again.
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const set = (name: string, value: string) => {
      const field = fields.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    };
    set("search", query.search);
    set("sort", query.sort);
    set("location", query.locationId ?? "");
  }, [query.search, query.sort, query.locationId]);
  const control =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-sea-600 focus:outline-2 focus:outline-sea-600";
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
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
        onChange={(event) => {
          // Selects apply at once; the text box applies on Enter or the button.
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget);
        }}
      >
        <label className="text-sm font-medium text-slate-800">
          {searchLabel ?? t.listing.search}
          <input type="search" name="search" defaultValue={query.search} maxLength={200} placeholder={t.listing.searchPlaceholder} className={control} />
        </label>
        <label className="text-sm font-medium text-slate-800">
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
          <label className="text-sm font-medium text-slate-800">
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
        {query.type ? <input type="hidden" name="type" value={query.type} /> : null}
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-sea-600 px-5 py-2.5 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600"
        >
          {t.listing.searchSubmit}
        </button>
      </Form>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t.listing.type} className="flex flex-wrap gap-2">
          {typeLink(null, t.listing.types.all)}
          {typeLink("apartment", t.listing.types.apartment)}
          {typeLink("house", t.listing.types.house)}
        </nav>
        <p className="text-sm font-medium text-slate-700" role="status">
          {fill(t.listing.found, { count: formatNumber(page.total, lang) })}
        </p>
      </div>

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
