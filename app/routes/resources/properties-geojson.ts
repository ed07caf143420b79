import { listingEngine } from "~/context";
import { isLang, localizePath, localText, propertyPathIn } from "~/i18n";
import { parseBBox } from "~/lib/geo/bbox";
import { imageVariant } from "~/lib/images";
import { parseListingQuery } from "~/lib/listing-query";
import type { Route } from "./+types/properties-geojson";

/** More points than a map shows smoothly clustered in a phone's browser; measured in docs/benchmarks.md (issue 21). */
export const MAX_MAP_POINTS = 20_000;

const MESSAGES = {
  badBBox: "bbox must be west,south,east,north in degrees (west < east, south < north), e.g. bbox=27.6,42.3,27.8,42.5",
  badLang: "lang must be ru or bg",
};

/**
 * GET /properties.geojson (issue 21): the listing's result — the same query
 * parameters as /properties, `bbox` and `lang=ru|bg` — as a GeoJSON
 * FeatureCollection of Points at each property's public point (`[lng, lat]`),
 * with `id`, `title` in that language, `price`, `status`, `url`,
 * `precision` and `image` (the first photo's 320 px copy, for the marker's card). The
 * page cache keeps it like a page (app/page-cache/http.server.ts).
 */
export async function loader({ url, context }: Route.LoaderArgs): Promise<Response> {
  const params = url.searchParams;
  const lang = params.get("lang") ?? "ru";
  if (!isLang(lang)) return refuse(MESSAGES.badLang);
  if (params.has("bbox") && parseBBox(params.get("bbox")) === null) return refuse(MESSAGES.badBBox);
  const { sort: _sort, page: _page, ...query } = parseListingQuery(params);
  const { points, truncated } = await context.get(listingEngine).points(query, { limit: MAX_MAP_POINTS });
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
  return new Response(JSON.stringify(collection), {
    headers: { "Content-Type": "application/geo+json; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" },
  });
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function refuse(message: string): Response {
  return Response.json({ error: message }, { status: 400, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}
