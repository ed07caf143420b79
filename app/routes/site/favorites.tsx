import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { PropertyCard } from "~/components/property-card";
import { SendShortlist } from "~/components/send-shortlist";
import { dictionary, fill, localizePath } from "~/i18n";
import { SHORTLIST_TEXTS } from "~/i18n/shortlist";
import { formatPrice } from "~/i18n/format";
import { readFavorites, subscribeFavorites, toggleFavorite } from "~/lib/favorites-store";
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
 * with what it was (issue 30). Bad or too many ids: 400 with the reason, in the page's language.
 *
 * Whose list it is (issue 30), known after hydration: one's own when the
 * browser's favourites hold every id of the address — a heart removed here
 * then takes the card out (with «Вернуть») and the address follows; anyone
 * else's is said to be shared, with «add them all to my favourites».
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

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { lang, origin, entries, error, ids, deleted } = loaderData;
  const t = dictionary(lang);
  const s = SHORTLIST_TEXTS[lang];
  const path = localizePath(lang, "/favorites");
  const comparePath = localizePath(lang, "/compare");
  const navigate = useNavigate();
  // null until hydrated: the server cannot know, and renders the list as it is.
  const [mode, setMode] = useState<"own" | "shared" | null>(null);
  const [shown, setShown] = useState<string[]>(ids);
  const [undo, setUndo] = useState<{ id: string; index: number; title: string } | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  // Entries seen so far: a card put back by «Вернуть» shows before the loader answers again.
  const known = useRef(new Map<string, Entry>());
  for (const entry of entries) known.current.set(entry.id, entry);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  // Set when the visitor changed the list here (a heart, «Вернуть»); only then does the address follow.
  // Compared by state alone, a render with the new address but the old list sent the address back: a loop.
  const changedHere = useRef(false);
  const idsKey = ids.join(",");

  useEffect(() => {
    const list = idsKey === "" ? [] : idsKey.split(",");
    const own = readFavorites();
    setMode(list.every((id) => own.includes(id)) ? "own" : "shared");
    changedHere.current = false;
    setShown(list);
    setAdded(null);
  }, [idsKey]);

  // One's own list follows the browser's favourites: a heart removed here (or in another tab) takes its card out.
  useEffect(() => {
    if (mode !== "own") return;
    return subscribeFavorites(() => {
      const own = readFavorites();
      const list = shownRef.current;
      const index = list.findIndex((id) => !own.includes(id));
      if (index < 0) return;
      const entry = known.current.get(list[index]!);
      const title = entry?.item ? entry.item.title : (deleted[list[index]!]?.title ?? "");
      setUndo({ id: list[index]!, index, title });
      changedHere.current = true;
      setShown(list.filter((id) => own.includes(id)));
    });
  }, [mode, lang, deleted]);

  // …and the address follows it (replaced: Back does not walk through every removal).
  useEffect(() => {
    if (mode === "own" && changedHere.current && shown.join(",") !== idsKey)
      void navigate(idListHref(path, shown), { replace: true, preventScrollReset: true });
  }, [mode, shown, idsKey, navigate, path]);

  const list: Entry[] = mode === "own" ? shown.flatMap((id) => known.current.get(id) ?? []) : entries;
  const listIds = list.map((e) => e.id);
  const available = list.filter((e) => e.item !== null).map((e) => e.id);
  const addAll = () => {
    const own = readFavorites();
    let count = 0;
    // Added from the last, so the list keeps its order at the top of one's own favourites.
    for (const id of [...available].reverse()) {
      if (own.includes(id)) continue;
      if (!toggleFavorite(id)) {
        alert(t.card.favoritesFull);
        break;
      }
      count++;
    }
    setAdded(count);
  };
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-sea-900">{mode === "shared" ? s.favorites.sharedTitle : s.favorites.title}</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {error === "tooMany" ? fill(s.errors.tooMany, { max: FAVORITES_MAX }) : s.errors.malformed}{" "}
          <Link to={path} className="underline">
            {s.favorites.title}
          </Link>
        </p>
      ) : null}
      {mode === "shared" && list.length > 0 ? (
        <div className="mt-4 rounded-2xl bg-sea-50 p-4 ring-1 ring-sea-100">
          <p className="text-slate-800">{s.favorites.sharedText}</p>
          {added === null ? (
            available.length > 0 ? (
              <button type="button" onClick={addAll} className={`mt-3 inline-flex items-center px-5 ${PRIMARY_BUTTON}`}>
                {s.favorites.addAll}
              </button>
            ) : null
          ) : (
            <p className="mt-3 font-semibold text-emerald-800">
              {fill(s.favorites.added, { count: added })}{" "}
              <Link to={path} className="text-sea-700 underline">
                {s.favorites.toOwn}
              </Link>
            </p>
          )}
        </div>
      ) : null}
      <p role="status" className="empty:hidden mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-slate-800 px-4 py-2 text-white">
        {undo ? (
          <>
            <span>{fill(s.favorites.removed, { title: undo.title })}</span>
            <button
              type="button"
              onClick={() => {
                toggleFavorite(undo.id);
                changedHere.current = true;
                setShown((now) => [...now.slice(0, undo.index), undo.id, ...now.slice(undo.index)]);
                setUndo(null);
              }}
              className="min-h-11 rounded-lg px-3 font-semibold underline focus-visible:outline-2 focus-visible:outline-white"
            >
              {s.favorites.undo}
            </button>
          </>
        ) : null}
      </p>
      {!error && list.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <FillFromBrowser path={path} />
          <h2 className="text-xl font-semibold">{s.favorites.empty}</h2>
          <p className="mt-2 text-slate-700">{s.favorites.emptyText}</p>
          <Link to={localizePath(lang, "/properties")} className={`mt-4 inline-flex items-center px-5 ${PRIMARY_BUTTON}`}>
            {s.favorites.browse}
          </Link>
        </div>
      ) : null}
      {list.length > 0 ? (
        <>
          <p className="mt-4 text-slate-700">{fill(s.favorites.count, { count: list.length })}</p>
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
              value={origin + idListHref(path, listIds)}
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
              {list.map((entry) =>
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
                  <GoneEntry
                    key={entry.id}
                    was={deleted[entry.id]}
                    lang={lang}
                    removeHref={idListHref(
                      path,
                      listIds.filter((id) => id !== entry.id),
                    )}
                    onRemove={(event) => {
                      if (!readFavorites().includes(entry.id)) return;
                      // One's own list: the favourites change and the list follows (with «Вернуть»).
                      if (mode === "own") event.preventDefault();
                      toggleFavorite(entry.id);
                    }}
                  />
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

/** A favourite no longer in the catalogue (issue 30): what it was, when the database kept it, and a way to drop it. */
function GoneEntry({
  was,
  lang,
  removeHref,
  onRemove,
}: {
  was: { title: string; location: string; price: number | null } | undefined;
  lang: Route.ComponentProps["loaderData"]["lang"];
  removeHref: string;
  onRemove: (event: React.MouseEvent) => void;
}) {
  const s = SHORTLIST_TEXTS[lang];
  const t = dictionary(lang);
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
      {was ? (
        <>
          <p className="self-start rounded-lg bg-slate-700 px-2.5 py-1 text-sm font-bold text-white">{s.favorites.deleted}</p>
          <h2 className="text-lg font-semibold text-slate-900">{was.title}</h2>
          <p className="text-sm text-slate-700">
            {was.location} · {was.price === null ? t.card.priceOnRequest : formatPrice(was.price, lang)}
          </p>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-slate-900">{s.favorites.gone}</h2>
          <p className="text-sm text-slate-700">{s.favorites.goneText}</p>
        </>
      )}
      <Link to={removeHref} onClick={onRemove} className="mt-auto inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
        {s.favorites.remove}
      </Link>
    </li>
  );
}
