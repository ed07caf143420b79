import { data, type RouterContextProvider } from "react-router";
import { localizeCards } from "~/lib/listing";
import { listingEngine } from "~/context";
import { locationPathIn, placeName, type Lang } from "~/i18n";
import { EMPTY_QUERY } from "~/lib/listing-query";
import type { Location } from "~/models/locations.server";

/** The 410 answer for a deleted property (decision 0023, issue 30: its address and its id alike): its location and up to three properties for sale there. */
export async function goneResponse(location: Location, lang: Lang, context: Readonly<RouterContextProvider>) {
  const similar = await context.get(listingEngine).search({ ...EMPTY_QUERY, locationId: location.id }, { pageSize: 3 });
  // The shape GoneState (app/components/not-found-state.tsx) shows.
  const gone = { location: { path: locationPathIn(lang, location), name: placeName(lang, location) }, similar: localizeCards(lang, similar.items) };
  return data({ lang, gone }, { status: 410 });
}
