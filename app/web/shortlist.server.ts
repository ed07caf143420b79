import { data, type RouterContextProvider } from "react-router";
import { requestInfo } from "~/context";
import { parseIdList } from "~/lib/shortlist";
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
  if (!parsed.ok) return { ...page, error: parsed.reason, ids: [] as string[], entries: [] };
  return { ...page, error: null, ids: parsed.ids, entries: await readShortlist(parsed.ids) };
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
