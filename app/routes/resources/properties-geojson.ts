import { listingEngine } from "~/context";
import { complexPathIn, isLang, localizePath, localText, placeName, propertyPathIn } from "~/i18n";
import { parseBBox } from "~/lib/geo/bbox";
import { imageVariant } from "~/lib/images";
import { parseListingQuery } from "~/lib/listing-query";
import type { Route } from "./+types/properties-geojson";

/** More points than a map shows smoothly clustered in a phone's browser; measured in docs/benchmarks.md (issue 21). */
export const MAX_MAP_POINTS = 20_000;
/** Complexes on the map at most (issue 33: ~1 000 in a catalogue of 100 000). */
export const MAX_MAP_COMPLEXES = 2_000;

const MESSAGES = {
  badBBox: "bbox must be west,south,east,north in degrees (west < east, south < north), e.g. bbox=27.6,42.3,27.8,42.5",
  badLang: "lang must be ru or bg",
};

/**
 * GET /properties.geojson (issue 21): the listing's result — the same query
 * parameters as /properties, `bbox` and `lang=ru|bg` — as a GeoJSON
 * FeatureCollection of Points at each property's public point (`[lng, lat]`),
 * with `id`, `title` in that language, `price`, `status`, `url`,
 * `precision` and `image` (the first photo's 320 px copy, for the marker's card). Then
 * the complexes of the matching units (issue 33), at the complex's public
 * point, with `kind: "complex"`, `id`, `name`, `url` (its page), `units` (how
 * many of its units match), `price_from` and `precision`. The
 * page cache keeps it like a page (app/page-cache/http.server.ts).
 */
export async function loader({ url, context }: Route.LoaderArgs): Promise<Response> {
  const params = url.searchParams;
  const lang = params.get("lang") ?? "ru";
  if (!isLang(lang)) return refuse(MESSAGES.badLang);
  if (params.has("bbox") && parseBBox(params.get("bbox")) === null) return refuse(MESSAGES.badBBox);
  const { sort: _sort, page: _page, ...query } = parseListingQuery(params);
  const engine = context.get(listingEngine);
  const [{ points, truncated }, complexes] = await Promise.all([
    engine.points(query, { limit: MAX_MAP_POINTS }),
    engine.complexPoints(query, { limit: MAX_MAP_COMPLEXES }),
  ]);
  const collection = {
    type: "FeatureCollection",
    ...(truncated ? { truncated: true } : {}),
    features: points.map((p) => ({
      type: "Feature",
      // Six decimals are 0.1 m: a public point needs no more (and 20 000 of them are smaller).
      geometry: { type: "Point", coordinates: [round6(p.lng), round6(p.lat)] },
      properties: {
        id: p.id,
        title: localText(lang, p, "title"),
        price: p.price,
        status: p.status,
        // The path as text (an IRI), not percent-encoded: a Cyrillic letter is 2 bytes, not 6 — half of each feature.
        url: localizePath(lang, propertyPathIn(lang, p)),
        precision: p.precision,
        image: p.image ? imageVariant(p.image, 320) : null,
      },
    })),
  };
  const complexFeatures = complexes.map((c) => {
    const location = { slug: c.location_slug, slug_en: c.location_slug_en };
    return {
      type: "Feature",
      geometry: { type: "Point", coordinates: [round6(c.lng), round6(c.lat)] },
      properties: {
        kind: "complex",
        id: c.id,
        name: placeName(lang, c),
        url: localizePath(lang, complexPathIn(lang, c, location)),
        units: c.units,
        price_from: c.price_from,
        precision: c.precision,
      },
    };
  });
  return new Response(JSON.stringify({ ...collection, features: [...collection.features, ...complexFeatures] }), {
    headers: { "Content-Type": "application/geo+json; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" },
  });
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function refuse(message: string): Response {
  return Response.json({ error: message }, { status: 400, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}
