import { complexPathIn, localizePath, placeName, type Lang } from "~/i18n/lang";
import type { ComplexFilterShown, ComplexLink } from "~/lib/complex-links";
import type { ListingQuery } from "~/lib/listing-query";
import { getComplex } from "~/models/complexes.server";
import type { ListingEngine } from "~/models/listing.server";

/**
 * The listing's complex parts (issue 33), for /properties and the location
 * pages: the filter's complex named in the page's language, and the
 * complexes a search names.
 */
export async function listingComplexes(
  engine: ListingEngine,
  lang: Lang,
  query: Pick<ListingQuery, "complexId" | "search">,
  locationId: string | null,
): Promise<{ complexFilter: ComplexFilterShown | null; complexes: ComplexLink[] }> {
  const [filtered, matching] = await Promise.all([
    query.complexId ? getComplex(query.complexId) : null,
    // Already narrowed to one complex: no row of others above its units.
    query.complexId ? [] : engine.complexesMatching(query.search, { locationId }),
  ]);
  return {
    complexFilter: query.complexId ? { id: query.complexId, name: filtered ? placeName(lang, filtered) : null } : null,
    complexes: matching.map((c) => {
      const location = { name: c.location_name, name_bg: c.location_name_bg, name_en: c.location_name_en, slug: c.location_slug, slug_en: c.location_slug_en };
      return {
        id: c.id,
        name: placeName(lang, c),
        location: placeName(lang, location),
        path: localizePath(lang, complexPathIn(lang, c, location)),
        forSale: c.for_sale,
      };
    }),
  };
}
