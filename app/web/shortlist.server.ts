import { parseIdList } from "~/lib/shortlist";
import { readShortlist } from "~/models/shortlist.server";
import { contactPageData } from "./page.server";

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
