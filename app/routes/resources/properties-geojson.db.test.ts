import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { listingEngine } from "~/context";
import { EMPTY_QUERY, parseListingQuery } from "~/lib/listing-query";
import { ListingEngine } from "~/models/listing.server";
import { createComplex } from "~/models/complexes.server";
import { createLocation, type Location } from "~/models/locations.server";
import { createProperty } from "~/models/real-estates.server";
import { resetDatabase, useTestDatabase } from "../../../tests/support/test-db";
import { loader } from "./properties-geojson";

/**
 * Issue 21: the map's data. `bbox` filters the listing and the points alike on
 * the public point; /properties.geojson answers the listing's result as
 * GeoJSON in the asked language, and 400 for a malformed bbox or language.
 */
const test = useTestDatabase();
const listings = new ListingEngine();
let primorsko: Location;

beforeEach(async () => {
  await resetDatabase(test.handle());
  primorsko = await createLocation({ name: "Приморско", name_bg: "Приморско", image: "/upload/locations/p.jpg" });
  const base = { description: "У моря", location_id: primorsko.id };
  await createProperty({
    ...base,
    title: "Южная студия",
    title_bg: "Южно студио",
    price: 60_000,
    lat: 42.26,
    lng: 27.75,
    images: ["/upload/properties/s.jpg"],
  });
  await createProperty({ ...base, title: "Северный дом", price: 250_000, property_type: "house", lat: 42.28, lng: 27.76 });
  await createProperty({ ...base, title: "Проданная", price: 70_000, lat: 42.261, lng: 27.751, status: "sold" });
  await createProperty({ ...base, title: "Без точки", price: 80_000 });
  await createProperty({ ...base, title: "Примерная", price: 90_000, lat: 42.275, lng: 27.765, location_precision: "approximate" });
});

async function get(query: string) {
  const url = new URL(`http://127.0.0.1/properties.geojson${query}`);
  const context = new RouterContextProvider();
  context.set(listingEngine, listings);
  const response = await loader({ request: new Request(url), url, context, params: {} } as never);
  return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as Record<string, unknown> };
}

type Collection = { type: string; features: { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }[] };

describe("bbox", () => {
  it("filters the listing and its count on the public point, with the other filters; a malformed one is ignored", async () => {
    const titles = async (q: string) => (await listings.search(parseListingQuery(new URLSearchParams(q)), { pageSize: 10 })).items.map((i) => i.title).sort();
    expect(await titles("bbox=27.74,42.255,27.755,42.265")).toEqual(["Южная студия"]);
    expect(await titles("bbox=27.74,42.255,27.755,42.265&status=all")).toEqual(["Проданная", "Южная студия"]);
    expect(await titles("bbox=27.74,42.25,27.77,42.29&type=house")).toEqual(["Северный дом"]);
    expect(await titles("bbox=27.77,42.25,27.74,42.29")).toHaveLength(4);
    expect((await listings.search({ ...EMPTY_QUERY, bbox: { west: 27.74, south: 42.25, east: 27.77, north: 42.29 } }, { pageSize: 1 })).total).toBe(3);
  });
});

describe("GET /properties.geojson", () => {
  it("answers the listing's points as GeoJSON, [lng, lat], titles and links in the asked language", async () => {
    const ru = await get("");
    expect(ru.status).toBe(200);
    expect(ru.type).toBe("application/geo+json; charset=utf-8");
    const collection = ru.body as unknown as Collection;
    expect(collection.type).toBe("FeatureCollection");
    const byTitle = Object.fromEntries(collection.features.map((f) => [f.properties.title, f]));
    expect(Object.keys(byTitle).sort()).toEqual(["Примерная", "Северный дом", "Южная студия"]);
    expect(byTitle["Южная студия"]!.geometry.coordinates).toEqual([27.75, 42.26]);
    expect(byTitle["Южная студия"]!.properties).toMatchObject({ price: 60000, precision: "exact", url: expect.stringMatching(/^\/приморско\//) });
    // The marker's card: the first photo's small copy, or none.
    expect(byTitle["Южная студия"]!.properties.image).toBe("/img/320/upload/properties/s.jpg");
    expect(byTitle["Северный дом"]!.properties.image).toBeNull();
    // An approximate property is on the map at its moved point, never its real one.
    expect(byTitle["Примерная"]!.properties.precision).toBe("approximate");
    expect(byTitle["Примерная"]!.geometry.coordinates).not.toEqual([27.765, 42.275]);
    expect(JSON.stringify(ru.body)).not.toContain("[27.765,42.275]");

    const bg = (await get("?lang=bg&type=apartment&price_max=65000")).body as unknown as Collection;
    expect(bg.features.map((f) => [f.properties.title, f.properties.url])).toEqual([["Южно студио", expect.stringMatching(/^\/bg\//)]]);
  });

  it("takes a bbox as a map library writes it (raw floats, 15 decimals), rounded", async () => {
    const raw = await get("?bbox=27.739999999999998,42.254999999999995,27.755000000000003,42.265000000000001");
    expect(raw.status).toBe(200);
    const rounded = await get("?bbox=27.74,42.255,27.755,42.265");
    expect(raw.body).toEqual(rounded.body);
  });

  it.each(["?bbox=27,42", "?bbox=28,42,27,43", "?bbox=a,b,c,d", "?bbox=", "?lang=de", "?bbox=NaN,42,28,43", "?bbox=27,42,28,91"])(
    "answers 400 to %s",
    async (query) => {
      const answer = await get(query);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/bbox|lang/);
    },
  );
});

describe("complexes on the map (issue 33)", () => {
  it("adds each complex of the matching units as its own kind of feature: its public point, name, page and units", async () => {
    const complex = await createComplex({
      name: "Каскадас",
      name_en: "Cascadas",
      location_id: primorsko.id,
      lat: 42.2712,
      lng: 27.7723,
      location_precision: "approximate",
    });
    const hidden = await createComplex({ name: "Без точки", location_id: primorsko.id });
    const base = { description: "Квартира", location_id: primorsko.id, lat: 42.27, lng: 27.77 };
    await createProperty({ ...base, title: "Юнит 1", price: 95_000, complex_id: complex.id });
    await createProperty({ ...base, title: "Юнит 2", price: 120_000, complex_id: complex.id, property_type: "house" });
    await createProperty({ ...base, title: "Юнит 3", price: 50_000, complex_id: hidden.id });

    const ru = (await get("")).body as unknown as Collection;
    const complexes = ru.features.filter((f) => f.properties.kind === "complex");
    expect(complexes.map((f) => f.properties)).toEqual([
      {
        kind: "complex",
        id: complex.id,
        name: "Каскадас",
        url: `/приморско/комплекс/${complex.slug}`,
        units: 2,
        price_from: 95_000,
        precision: "approximate",
      },
    ]);
    // The public point, never the real one.
    expect(complexes[0]!.geometry.coordinates).not.toEqual([27.7723, 42.2712]);
    expect(JSON.stringify(ru)).not.toContain("[27.7723,42.2712]");
    // The properties stay features of their own (no kind), the units among them.
    expect(ru.features.filter((f) => f.properties.kind === undefined).map((f) => f.properties.title)).toContain("Юнит 1");

    const en = (await get("?lang=en&type=house")).body as unknown as Collection;
    expect(en.features.filter((f) => f.properties.kind === "complex").map((f) => [f.properties.name, f.properties.url, f.properties.units])).toEqual([
      ["Cascadas", `/en/primorsko/complex/${complex.slug_en}`, 1],
    ]);
    const only = (await get(`?complex=${complex.id}&price_max=100000`)).body as unknown as Collection;
    expect(only.features.map((f) => f.properties.kind ?? f.properties.title)).toEqual(["Юнит 1", "complex"]);
  });
});
