import { data, type RouterContextProvider } from "react-router";
import { localizeCard } from "~/lib/listing";
import { requestInfo } from "~/context";
import { localText, placeName } from "~/i18n/lang";
import { parseIdList } from "~/lib/shortlist";
import { findDeletedProperties } from "~/models/addresses.server";
import { readShortlist } from "~/models/shortlist.server";
import { handleContactAction } from "./contact-action.server";
import { contactPageData, pageContext } from "./page.server";

/**
 * What the favourites and compare pages start from (issue 22): the page's
 * language and contacts, the link's ids (at most `max`) and their
 * properties, or why the link cannot be used (`error`: the page answers 400).
 */
export async function shortlistPageData(url: URL, max: number) {
  const page = contactPageData(url);
  const parsed = parseIdList(url.searchParams, max);
  if (!parsed.ok) return { ...page, error: parsed.reason, ids: [] as string[], entries: [], deleted: {} as Record<string, WasProperty> };
  const entries = await readShortlist(parsed.ids);
  // What the deleted ones were (issue 30), as the database kept it when they went.
  const snapshots = await findDeletedProperties(entries.filter((e) => e.item === null).map((e) => e.id));
  const deleted: Record<string, WasProperty> = Object.fromEntries(
    snapshots.map((d) => [
      d.id,
      { title: localText(page.lang, { ...d, ...d.names }, "title"), location: placeName(page.lang, d, "location_name"), price: d.price },
    ]),
  );
  // Only the page's language's texts go to the browser (issue 31).
  const localized = entries.map((e) => (e.item ? { ...e, item: localizeCard(page.lang, e.item) } : e));
  return { ...page, error: null, ids: parsed.ids, entries: localized, deleted };
}

/** A deleted property of a list, as it was: title and location in the page's language, its last price. */
export interface WasProperty {
  title: string;
  location: string;
  price: number | null;
}

/** The loader of /favorites or /compare: the page's data, 400 when the link cannot be used. */
export function shortlistLoader(max: number) {
  return async ({ url }: { url: URL }) => {
    const page = await shortlistPageData(url, max);
    return data(page, { status: page.error ? 400 : 200 });
  };
}

/** «Отправить подборку агенту» from either page: the contact form's action with the list (its rules, honeypot and rate limit). */
export async function shortlistAction({ url, request, context }: { url: URL; request: Request; context: Readonly<RouterContextProvider> }) {
  const { lang } = pageContext(url);
  return handleContactAction(request, lang, context.get(requestInfo).ip, undefined, { shortlist: true });
}
