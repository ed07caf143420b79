import { data, redirect } from "react-router";
import { localizePath } from "~/i18n";
import { getLocation } from "~/models/locations.server";
import { getRealEstate } from "~/models/real-estates.server";
import { pageContext } from "~/utils/page.server";
import type { Route } from "./+types/by-id";

/**
 * /locations/{id} and /properties/{id} (SPEC §2): permanent redirects to the
 * slug URLs, so every page has one address.
 */
export async function loader({ url, params }: Route.LoaderArgs) {
  const { lang, path } = pageContext(url);
  if (path.startsWith("/locations/")) {
    const location = await getLocation(params.id);
    if (location) throw redirect(localizePath(lang, `/${location.slug}`), 301);
  } else {
    const property = await getRealEstate(params.id);
    const location = property ? await getLocation(property.location_id) : null;
    if (property && location) throw redirect(localizePath(lang, `/${location.slug}/${property.slug}`), 301);
  }
  throw data({ lang }, { status: 404 });
}

export default function ById() {
  return null;
}
