import { data, isRouteErrorResponse, redirect, useLocation } from "react-router";
import { GoneState, NotFoundState, type GoneData } from "~/components/not-found-state";
import { dictionary, localizePath, localSlug, locationPathIn, splitLangPath } from "~/i18n";
import { encodePath } from "~/lib/seo";
import { findDeletedPropertyLocation } from "~/models/addresses.server";
import { getLocation } from "~/models/locations.server";
import { getProperty } from "~/models/real-estates.server";
import { goneResponse } from "~/web/gone.server";
import { pageContext } from "~/web/page.server";
import type { Route } from "./+types/by-id";

/**
 * /locations/{id} and /properties/{id} (SPEC §2): permanent redirects to the
 * slug URLs, so every page has one address. A deleted property's id gets its
 * address's 410 page; unknown ids the same 404 page as an unknown slug.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { lang, path } = pageContext(url);
  if (isLocationPath(path)) {
    const location = await getLocation(params.id);
    // Location headers are bytes: Cyrillic slugs must be percent-encoded.
    if (location) throw redirect(encodePath(localizePath(lang, locationPathIn(lang, location))), 301);
  } else {
    const property = await getProperty(params.id);
    const location = property ? await getLocation(property.location_id) : null;
    if (property && location) throw redirect(encodePath(localizePath(lang, `${locationPathIn(lang, location)}/${localSlug(lang, property)}`)), 301);
    // A deleted property's id answers like its address (decision 0023): 410 with where it was.
    const was = property ? null : await findDeletedPropertyLocation(params.id);
    if (was) throw await goneResponse(was, lang, context);
  }
  throw data({ lang }, { status: 404 });
}

function isLocationPath(path: string): boolean {
  return path.startsWith("/locations/");
}

export default function ById() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { lang, path } = splitLangPath(useLocation().pathname);
  const t = dictionary(lang);
  if (isRouteErrorResponse(error) && error.status === 410) return <GoneState lang={lang} gone={(error.data as { gone: GoneData }).gone} />;
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return isLocationPath(path) ? (
    <NotFoundState title={t.location.notFound} text={t.location.notFoundText} backHref={localizePath(lang, "/")} backLabel={t.location.back} />
  ) : (
    <NotFoundState title={t.property.notFound} text={t.property.notFoundText} backHref={localizePath(lang, "/properties")} backLabel={t.property.back} />
  );
}
