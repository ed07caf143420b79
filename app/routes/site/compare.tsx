import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { CompareButton } from "~/components/favorite-button";
import { PLACEHOLDER_IMAGE } from "~/components/image-fallback";
import { favoriteLabels, propertyPath } from "~/components/property-card";
import { factRows, type FactKey } from "~/components/property-facts";
import { SendShortlist } from "~/components/send-shortlist";
import { dictionary, fill, localizePath, type Dictionary, type Lang } from "~/i18n";
import { formatPrice } from "~/i18n/format";
import { SHORTLIST_TEXTS } from "~/i18n/shortlist";
import { compareStore } from "~/lib/favorites-store";
import { imageVariant } from "~/lib/images";
import { COMPARE_MAX, idListHref } from "~/lib/shortlist";
import type { ShortlistItem } from "~/models/shortlist.server";
import { contactClientAction, contactShouldRevalidate } from "~/web/contact-client-action";
import { shortlistMeta } from "~/web/shortlist-meta";
import { shortlistAction, shortlistLoader } from "~/web/shortlist.server";
import type { Route } from "./+types/compare";

/**
 * /compare?ids=a,b,c and /bg/compare (issue 22): up to COMPARE_MAX properties
 * side by side, server-rendered. Rows where the properties differ are
 * marked; rows nobody has data for are left out. On a phone the table
 * scrolls sideways under a sticky first column.
 */
export const loader = shortlistLoader(COMPARE_MAX);

export const action = shortlistAction;

export const clientAction = contactClientAction;
export const shouldRevalidate = contactShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  return shortlistMeta("compare", d);
}

/** The compared facts (issue 22's rows, between price and features), in this order. */
const COMPARED: FactKey[] = [
  "type",
  "pricePerM2",
  "area",
  "bedrooms",
  "bathrooms",
  "floor",
  "seaDistance",
  "seaView",
  "seaLine",
  "stage",
  "completion",
  "maintenanceFee",
  "furnished",
  "pool",
  "parking",
  "plotArea",
  "yearBuilt",
];

type Cell = string | number | null;

/** The table's rows after price: each compared fact and the features, without rows nobody has a value for. */
function compareRows(items: (ShortlistItem | null)[], lang: Lang, t: Dictionary, s: (typeof SHORTLIST_TEXTS)["ru"]) {
  const facts = items.map((item) => (item ? new Map(factRows(item, lang, t).map((row) => [row.key, row.value])) : null));
  const rows: { label: string; cells: Cell[] }[] = [
    { label: s.compare.price, cells: items.map((item) => (item ? (item.price === null ? t.card.priceOnRequest : formatPrice(item.price, lang)) : null)) },
    ...COMPARED.map((key) => ({
      label: factRows(
        items.find((i) => i !== null)!,
        lang,
        t,
      ).find((r) => r.key === key)!.label,
      cells: facts.map((f) => f?.get(key) ?? null),
    })),
    {
      label: t.property.features,
      cells: items.map((item) => {
        const features = item ? item.features : [];
        return features.length > 0 ? features.join(", ") : null;
      }),
    },
  ];
  return rows
    .filter((row) => row.cells.some((c) => c !== null))
    .map((row) => ({ ...row, differs: new Set(row.cells.filter((c) => c !== null).map(String)).size > 1 }));
}

/** Opened without ids: the browser's compare list (the cards' «Сравнить») goes into the address, so the server renders it. */
function FillFromBrowser({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const ids = compareStore.read();
    if (ids.length > 0) void navigate(idListHref(path, ids), { replace: true });
  }, [navigate, path]);
  return null;
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { lang, entries, error, ids } = loaderData;
  const t = dictionary(lang);
  const s = SHORTLIST_TEXTS[lang];
  const favorites = idListHref(localizePath(lang, "/favorites"), ids);
  const items = entries.map((e) => e.item);
  const available = entries.filter((e) => e.item !== null).map((e) => e.id);
  const rows = available.length > 0 ? compareRows(items, lang, t, s) : [];
  const sticky = "sticky left-0 z-10 bg-white";
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-sea-900">{s.compare.title}</h1>
      {ids.length === 0 && !error ? <FillFromBrowser path={localizePath(lang, "/compare")} /> : null}
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {error === "tooMany" ? fill(s.errors.tooMany, { max: COMPARE_MAX }) : s.errors.malformed}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          {error ? null : <h2 className="text-xl font-semibold">{s.compare.empty}</h2>}
          <p className="mt-2 text-slate-700">{s.compare.emptyText}</p>
          <Link to={localizePath(lang, "/favorites")} className={`mt-4 inline-flex items-center px-5 ${PRIMARY_BUTTON}`}>
            {s.compare.toFavorites}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            <Link to={favorites} className="font-semibold text-sea-700 underline">
              {s.compare.toFavorites}
            </Link>
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {s.compare.differsNote} <span className="sm:hidden">{s.compare.swipe}</span>
          </p>
          {/* Keyboard users scroll it too (tabIndex); the first column stays put. */}
          <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200" tabIndex={0} role="region" aria-label={s.compare.title}>
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className={`${sticky} w-32 p-3 align-bottom text-slate-600 sm:w-44`}>
                    {s.compare.property}
                  </th>
                  {entries.map(({ id, item }) => (
                    <th key={id} scope="col" className="min-w-40 p-3 align-top font-normal sm:min-w-52">
                      {item ? (
                        <>
                          <img
                            src={item.cover ? imageVariant(item.cover, 320) : PLACEHOLDER_IMAGE}
                            alt={item.cover ? item.title : t.card.noImage}
                            width={320}
                            height={213}
                            loading="lazy"
                            className="aspect-[3/2] w-full rounded-lg bg-sea-100 object-cover"
                          />
                          <Link
                            to={propertyPath(lang, item)}
                            lang={item.text_lang && item.text_lang !== lang ? item.text_lang : undefined}
                            className="mt-2 block font-semibold text-sea-900 underline"
                          >
                            {item.title}
                          </Link>
                          <span className="block text-slate-600">{item.location_name}</span>
                          {/* Takes it off the browser's compare list (the address stays the shared list). */}
                          <CompareButton id={id} title={item.title} labels={favoriteLabels(t)} className="mt-1" />
                          {item.status !== "available" ? (
                            <span className="mt-1 inline-block rounded bg-slate-800 px-2 py-0.5 text-xs font-bold text-white">
                              {item.status === "sold" ? s.compare.sold : t.card.status.reserved}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="font-semibold text-slate-700">{s.compare.gone}</span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className={`border-t border-slate-200 ${row.differs ? "bg-amber-50" : ""}`} data-differs={row.differs || undefined}>
                    <th scope="row" className={`${sticky} p-3 font-medium text-slate-700 ${row.differs ? "bg-amber-50" : ""}`}>
                      {row.label}
                      {row.differs ? <span className="block text-xs font-normal text-amber-900">{s.compare.differs}</span> : null}
                    </th>
                    {row.cells.map((cell, i) => (
                      <td key={entries[i]!.id} className="p-3 align-top text-slate-900">
                        {cell ?? "—"}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <SendShortlist lang={lang} ids={available} />
        </>
      )}
    </main>
  );
}
