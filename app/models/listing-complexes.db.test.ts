import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { EMPTY_QUERY, type ListingQuery } from "~/lib/listing-query";
import { twoLocations } from "../../tests/support/catalogue";
import { useTestDatabase } from "../../tests/support/test-db";
import { createComplex, deleteComplex, updateComplex, type Complex } from "./complexes.server";
import { ListingEngine } from "./listing.server";
import type { Location } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";
import { refreshComplexUnitsSearch } from "./text-search.server";

/**
 * Issue 33 in the listing engine, on both databases: the `complex` filter
 * (results, counts, sorts, pages, an unknown complex), the complex's names
 * among its units' search words (kept up to date on rename and relink), the
 * complexes a search names, the map's complex points and a complex's units
 * table (complexUnits, complex-page.db.test.ts).
 */

const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;
let cascadas: Complex;
let sunrise: Complex;
const ids: Record<string, string> = {};

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  ({ sozopol, burgas } = await twoLocations(test.handle()));
  cascadas = await createComplex({
    name: "Cascadas",
    name_bg: "Каскадас",
    location_id: sozopol.id,
    lat: 42.42,
    lng: 27.69,
    location_precision: "approximate",
  });
  sunrise = await createComplex({ name: "Sunrise Garden", location_id: burgas.id, lat: 42.5, lng: 27.47 });
  // Twelve units of Cascadas (prices 110 000 … 0 000 descending by position, one sold, one house), three of Sunrise, three alone.
  for (let i = 0; i < 12; i++) {
    const title = `Cas ${String(i).padStart(2, "0")}`;
    ids[title] = (
      await createProperty({
        title,
        description: i === 3 ? "Студия у бассейна" : "Квартира",
        location_id: sozopol.id,
        complex_id: cascadas.id,
        price: 110_000 - i * 10_000 + 5_000 * (i % 2),
        property_type: i === 5 ? "house" : "apartment",
        status: i === 7 ? "sold" : "available",
        floor: i,
        images: [`/upload/properties/cas-${i}.jpg`],
        lat: 42.42,
        lng: 27.69,
      })
    ).id;
  }
  for (let i = 0; i < 3; i++) {
    ids[`Sun ${i}`] = (
      await createProperty({ title: `Sun ${i}`, description: "Студия", location_id: burgas.id, complex_id: sunrise.id, price: 70_000 + i })
    ).id;
    ids[`Alone ${i}`] = (await createProperty({ title: `Alone ${i}`, description: "Студия", location_id: sozopol.id, price: 60_000 + i })).id;
  }
});

/** The engine the app makes: counts and pages remembered across calls, as in production. */
const listings = new ListingEngine();
const search = (query: Partial<ListingQuery>, pageSize = 100) => listings.search({ ...EMPTY_QUERY, ...query }, { pageSize });
const titles = async (query: Partial<ListingQuery>, pageSize = 100) => (await search(query, pageSize)).items.map((i) => i.title);
const cas = (...n: number[]) => n.map((i) => `Cas ${String(i).padStart(2, "0")}`);

describe("the complex filter", () => {
  it("lists only the complex's units (not sold, by default), counted, and forgets nothing across filters", async () => {
    expect(await titles({ complexId: cascadas.id })).toEqual(cas(0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11));
    expect((await search({ complexId: cascadas.id })).total).toBe(11);
    expect(await titles({ complexId: sunrise.id })).toEqual(["Sun 0", "Sun 1", "Sun 2"]);
    // Counts are remembered per filter: the complex is part of the key.
    expect((await search({})).total).toBe(17);
    expect((await search({ complexId: cascadas.id, status: "all" })).total).toBe(12);
    expect((await search({ complexId: cascadas.id, status: "sold" })).items.map((i) => i.title)).toEqual(cas(7));
  });

  it("combines with the location, type, price, text search and map area", async () => {
    expect(await titles({ complexId: cascadas.id, type: "house" })).toEqual(cas(5));
    expect(await titles({ complexId: cascadas.id, locationId: burgas.id })).toEqual([]);
    expect(await titles({ complexId: cascadas.id, locationId: sozopol.id, priceMax: 60_000 })).toEqual(cas(6, 8, 9, 10, 11));
    expect(await titles({ complexId: cascadas.id, search: "студия" })).toEqual(cas(3));
    expect(await titles({ complexId: sunrise.id, search: "студия" })).toEqual(["Sun 0", "Sun 1", "Sun 2"]);
    expect(await titles({ complexId: cascadas.id, bbox: { west: 27, south: 42, east: 28, north: 43 } })).toHaveLength(11);
  });

  it("sorts and pages the units like any listing: every sort, every page, from either end", async () => {
    const all = await titles({ complexId: cascadas.id, sort: "price-asc" });
    expect(all).toEqual(cas(11, 10, 9, 8, 6, 5, 4, 3, 2, 1, 0));
    for (const sort of ["price-asc", "price-desc", "newest", "default"] as const) {
      const whole = await titles({ complexId: cascadas.id, sort });
      const paged = [...(await titles({ complexId: cascadas.id, sort, page: 1 }, 4)), ...(await titles({ complexId: cascadas.id, sort, page: 2 }, 4))];
      paged.push(...(await titles({ complexId: cascadas.id, sort, page: 3 }, 4)));
      expect(paged).toEqual(whole);
    }
    const last = await search({ complexId: cascadas.id, sort: "price-desc", page: 99 }, 4);
    expect(last.page).toBe(3);
    expect(last.items.map((i) => i.title)).toEqual(cas(9, 10, 11));
  });

  it("answers an unknown complex with an empty list, never an error", async () => {
    const page = await search({ complexId: UNKNOWN });
    expect(page).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
    expect(await listings.total({ ...EMPTY_QUERY, complexId: UNKNOWN })).toBe(0);
  });

  it("reads a complex's units by its index, not along a sort index (PostgreSQL's plan)", async () => {
    const queries: { sql: string; params: unknown[] }[] = [];
    await new ListingEngine({ onQuery: (q) => queries.push(q) }).search({ ...EMPTY_QUERY, complexId: cascadas.id, sort: "price-asc" }, { pageSize: 10 });
    // The page's ids are the complex's matches first (a materialized CTE), then sorted.
    expect(queries.some((q) => /with matches as materialized/.test(q.sql) && /"complex_id" = \$/.test(q.sql))).toBe(true);
  });
});

describe("search by the complex's name", () => {
  it("finds a complex's units by any of its names, case aside, by the start of a word", async () => {
    expect((await titles({ search: "CASCAD" })).sort()).toEqual(cas(0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11));
    expect(await titles({ search: "каскадас" })).toHaveLength(11);
    expect(await titles({ search: "sunrise garden" })).toEqual(["Sun 0", "Sun 1", "Sun 2"]);
    expect(await titles({ search: "adas" })).toEqual([]);
  });

  it("follows a rename of the complex (in the same transaction) and a unit's new link", async () => {
    const complex = await createComplex({ name: "Old Harbour", location_id: sozopol.id });
    const unit = await createProperty({ title: "Harbour flat", description: "Квартира", location_id: sozopol.id, complex_id: complex.id });
    expect(await titles({ search: "harbour" })).toEqual(["Harbour flat"]);
    expect(await titles({ search: "old" })).toEqual(["Harbour flat"]);
    await updateComplex(complex.id, { name: "Marina Bay", name_en: "Marina Bay Residence" });
    expect(await titles({ search: "old" })).toEqual([]);
    expect(await titles({ search: "marina" })).toEqual(["Harbour flat"]);
    expect(await titles({ search: "residence" })).toEqual(["Harbour flat"]);
    // Unlinked: the complex's names leave its words; linked by a name alone (the API, the CSV import): they come.
    await updateProperty(unit.id, { complex_id: null });
    expect(await titles({ search: "marina" })).toEqual([]);
    await updateProperty(unit.id, { complex_name: "Marina Bay" });
    expect(await titles({ search: "marina" })).toEqual(["Harbour flat"]);
    // A text edit keeps them.
    await updateProperty(unit.id, { title: "Harbour studio" });
    expect(await titles({ search: "marina" })).toEqual(["Harbour studio"]);
    // Deleting the complex: its unit stays, unlinked, and the complex's names leave its words.
    expect(await refreshComplexUnitsSearch(test.handle().db, complex.id)).toBe(1);
    expect(await titles({ search: "marina" })).toEqual(["Harbour studio"]);
    expect(await deleteComplex(complex.id)).toEqual({ unlinked: 1 });
    expect(await titles({ search: "marina" })).toEqual([]);
    expect(await titles({ search: "harbour" })).toEqual(["Harbour studio"]);
  });

  it("gives the units linked before (migration 0019) their complex's names, folded like the application's", async () => {
    const complex = await createComplex({ name: "ЁЛКИ Парк", name_en: "Yolki", location_id: burgas.id });
    const unit = await createProperty({ title: "Ёлочная квартира", description: "—", location_id: burgas.id, complex_id: complex.id });
    // As migration 0018 left a unit: its own words only.
    await test.handle().db.execute(sql`update real_estates set search_vector = to_tsvector('simple', 'ёлочная квартира') where id = ${unit.id}`);
    expect(await titles({ search: "елки" })).toEqual([]);
    const migration = fs.readFileSync(path.join(process.cwd(), "drizzle/0019_complex_search.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await test.handle().db.execute(sql.raw(statement));
    expect(await titles({ search: "елки парк" })).toEqual(["Ёлочная квартира"]);
    expect(await titles({ search: "YOLKI" })).toEqual(["Ёлочная квартира"]);
  });

  it("names the complexes a search's words all begin words of, in any language, with their units for sale", async () => {
    const [found] = await listings.complexesMatching("cascadas");
    expect(found).toMatchObject({ id: cascadas.id, name: "Cascadas", name_bg: "Каскадас", location_slug: sozopol.slug, for_sale: 11 });
    expect((await listings.complexesMatching("КАСК")).map((c) => c.id)).toEqual([cascadas.id]);
    expect((await listings.complexesMatching("sun gard")).map((c) => c.id)).toEqual([sunrise.id]);
    expect(await listings.complexesMatching("garden cascadas")).toEqual([]);
    expect(await listings.complexesMatching("adas")).toEqual([]);
    expect(await listings.complexesMatching("")).toEqual([]);
    expect(await listings.complexesMatching("cascadas", { locationId: burgas.id })).toEqual([]);
  });
});

describe("the map and the complex's page", () => {
  it("puts each complex with matching units at its public point, never its real one", async () => {
    const points = await listings.complexPoints({ ...EMPTY_QUERY }, { limit: 100 });
    const c = points.find((p) => p.id === cascadas.id)!;
    expect(c).toMatchObject({ units: 11, price_from: 5_000, precision: "approximate", location_slug: sozopol.slug });
    const [real] = await queryRows<{ lat: number; lng: number; public_lat: number; public_lng: number }>(
      test.handle().db,
      sql`select lat, lng, public_lat, public_lng from complexes where id = ${cascadas.id}`,
    );
    expect([c.lat, c.lng]).toEqual([real!.public_lat, real!.public_lng]);
    expect([c.lat, c.lng]).not.toEqual([real!.lat, real!.lng]);
    expect(points.find((p) => p.id === sunrise.id)).toMatchObject({ units: 3, price_from: 70_000, precision: "exact", lat: 42.5, lng: 27.47 });
    // The listing's filters apply: houses only, one complex only.
    expect((await listings.complexPoints({ ...EMPTY_QUERY, type: "house" }, { limit: 100 })).map((p) => [p.id, p.units])).toEqual([[cascadas.id, 1]]);
    expect((await listings.complexPoints({ ...EMPTY_QUERY, complexId: sunrise.id }, { limit: 100 })).map((p) => p.id)).toEqual([sunrise.id]);
  });
});
