import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { PropertyCard } from "~/components/property-card";
import { SendShortlist } from "~/components/send-shortlist";
import { dictionary, fill, localizePath } from "~/i18n";
import { SHORTLIST_TEXTS } from "~/i18n/shortlist";
import { readFavorites, toggleFavorite } from "~/lib/favorites-store";
import { COMPARE_MAX, FAVORITES_MAX, idListHref } from "~/lib/shortlist";
import { contactClientAction, contactShouldRevalidate } from "~/web/contact-client-action";
import { shortlistMeta } from "~/web/shortlist-meta";
import { shortlistAction, shortlistLoader } from "~/web/shortlist.server";
import type { Route } from "./+types/favorites";

/**
 * /favorites and /bg/favorites (issue 22, decision 0027): the properties of
 * `?ids=…`, server-rendered, so a list can be shared and works without
 * JavaScript. Opened without ids, the browser's own list fills the address.
 * A sold property says so; one no longer in the catalogue keeps its place
 * with a note. Bad or too many ids: 400 with the reason, in the page's language.
 */
export const loader = shortlistLoader(FAVORITES_MAX);

export const action = shortlistAction;

export const clientAction = contactClientAction;
export const shouldRevalidate = contactShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  return shortlistMeta("favorites", d);
}

/** Opened without ids: the browser's favourites go into the address (replacing it), so the server renders them. */
function FillFromBrowser({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const ids = readFavorites();
    if (ids.length > 0) void navigate(idListHref(path, ids), { replace: true });
  }, [navigate, path]);
  return null;
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { lang, origin, entries, error, ids } = loaderData;
  const t = dictionary(lang);
  const s = SHORTLIST_TEXTS[lang];
  const path = localizePath(lang, "/favorites");
  const comparePath = localizePath(lang, "/compare");
  const available = entries.filter((e) => e.item !== null).map((e) => e.id);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-sea-900">{s.favorites.title}</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {error === "tooMany" ? fill(s.errors.tooMany, { max: FAVORITES_MAX }) : s.errors.malformed}{" "}
          <Link to={path} className="underline">
            {s.favorites.title}
          </Link>
        </p>
      ) : null}
      {!error && entries.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <FillFromBrowser path={path} />
          <h2 className="text-xl font-semibold">{s.favorites.empty}</h2>
          <p className="mt-2 text-slate-700">{s.favorites.emptyText}</p>
          <Link to={localizePath(lang, "/properties")} className={`mt-4 inline-flex items-center px-5 ${PRIMARY_BUTTON}`}>
            {s.favorites.browse}
          </Link>
        </div>
      ) : null}
      {entries.length > 0 ? (
        <>
          <p className="mt-2 text-slate-700">{fill(s.favorites.count, { count: entries.length })}</p>
          <div className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <label htmlFor="share-link" className="block font-semibold">
              {s.favorites.share}
            </label>
            <p id="share-hint" className="text-sm text-slate-600">
              {s.favorites.shareHint}
            </p>
            <input
              id="share-link"
              readOnly
              aria-describedby="share-hint"
              value={origin + idListHref(path, ids)}
              onFocus={(e) => e.currentTarget.select()}
              className="mt-2 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 text-sm"
            />
          </div>
          {/* A GET form: works without JavaScript, and the compare page reads repeated ids too. */}
          <Form method="get" action={comparePath} className="mt-6">
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className={`inline-flex items-center px-5 ${PRIMARY_BUTTON}`}>
                {s.favorites.compareSelected}
              </button>
              <p className="text-sm text-slate-600">{s.favorites.compareHint}</p>
              {available.length >= 2 && available.length <= COMPARE_MAX ? (
                <Link to={idListHref(comparePath, available)} className="font-semibold text-sea-700 underline">
                  {s.favorites.compareAll}
                </Link>
              ) : null}
            </div>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {entries.map((entry) =>
                entry.item ? (
                  <li key={entry.id} className="flex flex-col gap-2">
                    <PropertyCard item={entry.item} lang={lang} t={t} />
                    {entry.item.status === "sold" ? (
                      <p className="rounded-lg bg-slate-800 px-3 py-2 text-sm font-semibold text-white">{s.favorites.sold}</p>
                    ) : null}
                    <label className="inline-flex min-h-11 items-center gap-2 font-medium">
                      <input type="checkbox" name="ids" value={entry.id} className="size-5 accent-sea-600" />
                      {s.favorites.compareThis}
                    </label>
                  </li>
                ) : (
                  <li key={entry.id} className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
                    <h2 className="text-lg font-semibold text-slate-900">{s.favorites.gone}</h2>
                    <p className="text-sm text-slate-700">{s.favorites.goneText}</p>
                    <Link
                      to={idListHref(
                        path,
                        ids.filter((id) => id !== entry.id),
                      )}
                      onClick={() => {
                        if (readFavorites().includes(entry.id)) toggleFavorite(entry.id);
                      }}
                      className="mt-auto inline-flex min-h-11 items-center font-semibold text-sea-700 underline"
                    >
                      {s.favorites.remove}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </Form>
          <SendShortlist lang={lang} ids={available} />
        </>
      ) : null}
    </main>
  );
}
