import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "~/db/client.server";
import { EMPTY_QUERY, parseListingQuery, SORTS, type ListingQuery } from "~/lib/listing-query";
import { twoLocations } from "../../tests/support/catalogue";
import { forcedEngines } from "../../tests/support/forced-engines";
import { useTestDatabase } from "../../tests/support/test-db";
import { expirePriceCuts } from "./listing-price-cuts.server";
import { ListingEngine } from "./listing.server";
import { listLocationsWithCounts, type Location } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";

/**
 * The issue 20 filters, statuses and sorts in the listing engine
 * (docs/decisions/0024-listing-filters.md), on both databases.
 */

/** The engine the app makes: it remembers counts and pages across calls, as in production. */
const listings = new ListingEngine();

const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;
const ids: Record<string, string> = {};

/** Sets a price-cut mark as it would be after `daysAgo` days, behind the trigger's back (it keeps what writers send out). */
async function ageCut(title: string, daysAgo: number) {
  await db().execute(sql`alter table real_estates disable trigger real_estates_track_price`);
  try {
    await db().execute(sql`update real_estates set price_reduced_at = now() - make_interval(days => ${daysAgo}) where id = ${ids[title]!}`);
  } finally {
    await db().execute(sql`alter table real_estates enable trigger real_estates_track_price`);
  }
}

beforeAll(async () => {
  ({ sozopol, burgas } = await twoLocations(test.handle()));
  const at = (location: Location) => ({ location_id: location.id });
  const rows = [
    // prettier-ignore
    { title: "Alpha", description: "Вид на море", ...at(sozopol), property_type: "apartment", price: 100_000, area: 50, bedrooms: 1, sea_distance_m: 100, sea_line: 1, sea_view: true, construction_stage: "act16" },
    // prettier-ignore
    { title: "Bravo", description: "Сад", ...at(sozopol), property_type: "house", price: 300_000, area: 200, bedrooms: 4, sea_distance_m: 900, sea_view: false, status: "reserved" },
    // prettier-ignore
    { title: "Charlie", description: "Море рядом", ...at(burgas), property_type: "apartment", price: null, area: 40, bedrooms: 0, construction_stage: "act14" },
    // prettier-ignore
    { title: "Delta", description: "Море", ...at(burgas), property_type: "apartment", price: 150_000, area: 60, bedrooms: 2, sea_distance_m: 300, sea_line: 2, sea_view: true, construction_stage: "act15", status: "sold" },
    // prettier-ignore
    { title: "Echo", description: "Бассейн", ...at(burgas), property_type: "house", price: 250_000, area: null, bedrooms: 3, sea_distance_m: 50, sea_line: 1, sea_view: true, construction_stage: "act16" },
    // Cut by 20 % (100 000 → 80 000).
    // prettier-ignore
    { title: "Foxtrot", description: "Море", ...at(sozopol), property_type: "apartment", price: 100_000, area: 40, bedrooms: 1, sea_distance_m: 400, sea_line: 2, sea_view: false },
    // Cut by 4.76 % (210 000 → 200 000).
    { title: "Golf", description: "Центр", ...at(burgas), property_type: "apartment", price: 210_000, area: 100, bedrooms: 2 },
    // Cut by half, 61 days ago: expired.
    { title: "Hotel", description: "Центр", ...at(burgas), property_type: "apartment", price: 100_000, area: 50, bedrooms: 2 },
  ];
  for (const row of rows) {
    ids[row.title] = (await createProperty(row)).id;
    await new Promise((r) => setTimeout(r, 5));
  }
  await updateProperty(ids.Foxtrot, { price: 80_000 });
  await updateProperty(ids.Golf, { price: 200_000 });
  await updateProperty(ids.Hotel, { price: 50_000 });
  await ageCut("Hotel", 61);
});

const search = (query: Partial<ListingQuery>, pageSize = 100) => listings.search({ ...EMPTY_QUERY, ...query }, { pageSize });
const titles = async (query: Partial<ListingQuery>) => (await search(query)).items.map((i) => i.title);
const set = async (query: Partial<ListingQuery>) => (await titles(query)).sort();

describe("status", () => {
  it("hides sold properties by default (reserved ones stay), and shows each status on demand", async () => {
    expect(await set({})).toEqual(["Alpha", "Bravo", "Charlie", "Echo", "Foxtrot", "Golf", "Hotel"]);
    expect((await search({})).total).toBe(7);
    expect(await set({ status: "reserved" })).toEqual(["Bravo"]);
    expect(await set({ status: "sold" })).toEqual(["Delta"]);
    expect(await set({ status: "all" })).toHaveLength(8);
    expect((await search({ status: "all" })).total).toBe(8);
  });

  it("follows a status change at once (counts and pages)", async () => {
    await updateProperty(ids.Alpha, { status: "sold" });
    try {
      expect(await set({ locationId: sozopol.id })).toEqual(["Bravo", "Foxtrot"]);
      expect((await search({ status: "sold" })).total).toBe(2);
    } finally {
      await updateProperty(ids.Alpha, { status: "available" });
    }
    expect(await set({ locationId: sozopol.id })).toEqual(["Alpha", "Bravo", "Foxtrot"]);
    expect((await search({ status: "sold" })).total).toBe(1);
  });
});

describe("filters", () => {
  it("price: inclusive bounds, «По запросу» (no price) left out once a bound is set", async () => {
    expect(await set({ priceMin: 100_000 })).toEqual(["Alpha", "Bravo", "Echo", "Golf"]);
    expect(await set({ priceMax: 100_000 })).toEqual(["Alpha", "Foxtrot", "Hotel"]);
    expect(await set({ priceMin: 100_000, priceMax: 250_000 })).toEqual(["Alpha", "Echo", "Golf"]);
    expect(await set({ priceMin: 1 })).not.toContain("Charlie");
  });

  it("area: inclusive bounds, unknown area left out", async () => {
    expect(await set({ areaMin: 50 })).toEqual(["Alpha", "Bravo", "Golf", "Hotel"]);
    expect(await set({ areaMax: 50 })).toEqual(["Alpha", "Charlie", "Foxtrot", "Hotel"]);
    expect(await set({ areaMin: 41, areaMax: 100 })).toEqual(["Alpha", "Golf", "Hotel"]);
  });

  it("bedrooms at least n", async () => {
    expect(await set({ bedroomsMin: 2 })).toEqual(["Bravo", "Echo", "Golf", "Hotel"]);
    expect(await set({ bedroomsMin: 4 })).toEqual(["Bravo"]);
  });

  it("sea distance at most n metres, unknown distance left out; sea view; first line; stage", async () => {
    expect(await set({ seaDistanceMax: 100 })).toEqual(["Alpha", "Echo"]);
    expect(await set({ seaDistanceMax: 400 })).toEqual(["Alpha", "Echo", "Foxtrot"]);
    expect(await set({ seaDistanceMax: 0 })).toEqual([]);
    expect(await set({ seaView: true })).toEqual(["Alpha", "Echo"]);
    expect(await set({ seaLine: true })).toEqual(["Alpha", "Echo"]);
    expect(await set({ stage: "act16" })).toEqual(["Alpha", "Echo"]);
    expect(await set({ stage: "act14" })).toEqual(["Charlie"]);
    expect(await set({ stage: "act15" })).toEqual([]);
    expect(await set({ stage: "act15", status: "all" })).toEqual(["Delta"]);
  });

  it("combine with each other and with location, type, text search and status", async () => {
    expect(await set({ locationId: burgas.id, seaView: true })).toEqual(["Echo"]);
    expect(await set({ locationId: burgas.id, seaView: true, status: "all" })).toEqual(["Delta", "Echo"]);
    expect(await set({ search: "море", seaView: true })).toEqual(["Alpha"]);
    expect(await set({ search: "море", status: "all", bedroomsMin: 1 })).toEqual(["Alpha", "Delta", "Foxtrot"]);
    expect(await set({ type: "house", priceMin: 260_000 })).toEqual(["Bravo"]);
    expect(await set({ type: "house", priceMin: 260_000, status: "available" })).toEqual(["Bravo"]);
    expect(await set({ type: "apartment", locationId: sozopol.id, seaLine: true, stage: "act16", areaMax: 50, priceMax: 100_000 })).toEqual(["Alpha"]);
    expect(await set({ locationId: sozopol.id, search: "море", seaDistanceMax: 300 })).toEqual(["Alpha"]);
  });

  it("counts what they show: one count per filter, never another filter's", async () => {
    const totals: [Partial<ListingQuery>, number][] = [
      [{}, 7],
      [{ seaView: true }, 2],
      [{ seaLine: true, locationId: burgas.id }, 1],
      [{ priceMin: 100_000 }, 4],
      [{ priceMax: 100_000 }, 3],
      [{ areaMin: 50 }, 4],
      [{ areaMax: 50 }, 4],
      [{ bedroomsMin: 2 }, 4],
      [{ seaDistanceMax: 100 }, 2],
      [{ stage: "act14" }, 1],
      [{ status: "all" }, 8],
      [{ status: "sold" }, 1],
      [{ search: "море" }, 3],
      [{ search: "море", status: "all" }, 4],
    ];
    // Twice through, so the second round is answered from the remembered counts.
    for (let round = 0; round < 2; round++) {
      for (const [query, total] of totals) expect((await search(query, 1)).total, `${JSON.stringify(query)} round ${round}`).toBe(total);
    }
  });

  it("ignores bad values in the URL: the default listing, never an error", async () => {
    const query = parseListingQuery(
      new URLSearchParams("price_min=abc&area_max=-5&bedrooms_min=x&sea_distance_max=1e9&sea_view=yes&stage=act99&sort=drop&status=x"),
    );
    expect(query).toEqual(EMPTY_QUERY);
    const page = await listings.search(query, { pageSize: 100 });
    expect(page.total).toBe(7);
    expect(page.items.map((i) => i.title)).toEqual(await titles({}));
  });
});

describe("sorts", () => {
  /** Engines forcing a plan, for the page-reading tests to compare with the app's engine. */
  const forced = forcedEngines();

  it("by €/m² both ways, without €/m² (no price or no area) last, ties in the default order", async () => {
    // Alpha 2 000, Bravo 1 500, Charlie –, Echo –, Foxtrot 2 000, Golf 2 000, Hotel 1 000.
    // Ties go by position, then id (the sort's index; positions are per location, so two locations share them).
    const rows = await queryRows<{ title: string; order: number; id: string }>(db(), sql`select title, "order", id::text from real_estates`);
    const key = new Map(rows.map((r) => [r.title, r]));
    const byPosition = (list: string[]) =>
      list.sort((a, b) => key.get(a)!.order - key.get(b)!.order || (key.get(a)!.id < key.get(b)!.id ? -1 : key.get(a)!.id > key.get(b)!.id ? 1 : 0));
    const ties = byPosition(["Alpha", "Foxtrot", "Golf"]);
    const unknown = byPosition(["Charlie", "Echo"]);
    expect(await titles({ sort: "price-m2-asc" })).toEqual(["Hotel", "Bravo", ...ties, ...unknown]);
    expect(await titles({ sort: "price-m2-desc" })).toEqual([...ties, "Bravo", "Hotel", ...unknown]);
    expect(await titles({ sort: "price-m2-asc", status: "all", stage: "act15" })).toEqual(["Delta"]);
  });

  it("`reduced`: the largest recent cut first, then the rest in the default order; a mark older than 60 days expires with the maintenance job", async () => {
    const order = await titles({});
    const rest = (...cut: string[]) => order.filter((t) => !cut.includes(t));
    // Before the job: Hotel's old mark (−50 %) still sorts it first.
    expect(await titles({ sort: "reduced" })).toEqual(["Hotel", "Foxtrot", "Golf", ...rest("Hotel", "Foxtrot", "Golf")]);
    const before = (
      await queryRows<{ updated_at: string; history: number; version: string }>(
        db(),
        sql`select updated_at::text, (select count(*)::int from real_estate_price_history h where h.real_estate_id = r.id) as history,
            (select version::text from content_version) as version from real_estates r where id = ${ids.Hotel!}`,
      )
    )[0]!;
    expect(await expirePriceCuts()).toBe(1);
    const after = (
      await queryRows<{ updated_at: string; history: number; version: string; price_reduced_from: string | null; price_reduction: string | null }>(
        db(),
        sql`select updated_at::text, (select count(*)::int from real_estate_price_history h where h.real_estate_id = r.id) as history,
            (select version::text from content_version) as version, price_reduced_from::text, price_reduction::text from real_estates r where id = ${ids.Hotel!}`,
      )
    )[0]!;
    // The mark is gone; the row's updated_at and price history are as they were; pages and counts see it (content version).
    expect(after).toMatchObject({ price_reduced_from: null, price_reduction: null, updated_at: before.updated_at, history: before.history });
    expect(after.version).not.toBe(before.version);
    expect(await titles({ sort: "reduced" })).toEqual(["Foxtrot", "Golf", ...rest("Foxtrot", "Golf")]);
    // Nothing due: no write, the content version (every cached page) stays.
    expect(await expirePriceCuts()).toBe(0);
    const [now] = await queryRows<{ version: string }>(db(), sql`select version::text from content_version`);
    expect(now!.version).toBe(after.version);
    // A mark younger than 60 days is not expired, even when written to.
    await ageCut("Golf", 59);
    expect(await expirePriceCuts()).toBe(0);
    await updateProperty(ids.Golf, { title: "Golf" });
    expect(await titles({ sort: "reduced", locationId: burgas.id })).toEqual([
      "Golf",
      ...rest("Foxtrot", "Golf").filter((t) => t !== "Alpha" && t !== "Bravo"),
    ]);
  });

  it("reads every page the same from either end, from page marks and by stepping, for every sort and filter", async () => {
    for (const sort of SORTS) {
      for (const filter of [
        {},
        { status: "all" as const },
        { seaView: true, status: "all" as const },
        { locationId: burgas.id, areaMax: 100 },
        { priceMin: 1 },
      ]) {
        const whole = await titles({ ...filter, sort });
        const paged: string[] = [];
        const { pageCount } = await search({ ...filter, sort }, 2);
        for (let page = 1; page <= pageCount; page++)
          paged.push(...(await listings.search({ ...EMPTY_QUERY, ...filter, sort, page }, { pageSize: 2 })).items.map((i) => i.title));
        expect(paged, `${sort} ${JSON.stringify(filter)}`).toEqual(whole);
        for (let page = 1; page <= whole.length; page++) {
          const query = { ...EMPTY_QUERY, ...filter, sort, page };
          for (const markStep of [1, 2]) {
            const marked = await forced({ markFromRows: 0, markStep }).search(query, { pageSize: 1 });
            expect(
              marked.items.map((i) => i.title),
              `${sort} ${JSON.stringify(filter)} ${page} marks ${markStep}`,
            ).toEqual([whole[page - 1]]);
          }
        }
      }
    }
  }, 60_000);

  it("reads a text search's page the same by every plan, with the other filters", async () => {
    for (const sort of SORTS) {
      for (const filter of [{ search: "море" }, { search: "море", status: "all" as const, bedroomsMin: 1 }, { search: "центр", priceMax: 300_000 }]) {
        const whole = await titles({ ...filter, sort });
        for (let page = 1; page <= whole.length; page++) {
          const query = { ...EMPTY_QUERY, ...filter, sort, page };
          for (const settings of [
            { textSearchPlan: "matches-first" as const },
            { textSearchPlan: "walk" as const },
            { textSearchPlan: "walk" as const, walkRows: 1 },
            { textSearchPlan: "marks" as const, markStep: 1 },
            { textSearchPlan: "marks" as const, markStep: 2, walkRows: 1 },
          ]) {
            const read = await forced(settings).search(query, { pageSize: 1 });
            expect(
              read.items.map((i) => i.title),
              `${sort} ${JSON.stringify(filter)} ${page} ${JSON.stringify(settings)}`,
            ).toEqual([whole[page - 1]]);
          }
        }
      }
    }
  }, 60_000);
});

describe("location counts", () => {
  it("count the properties on sale (not sold) for the public pages, every one for the administrator", async () => {
    const counts = Object.fromEntries((await listLocationsWithCounts()).map((l) => [l.name, l.property_count]));
    expect(counts).toEqual({ Созополь: 3, Бургас: 4 });
    const all = Object.fromEntries((await listLocationsWithCounts({ includeSold: true })).map((l) => [l.name, l.property_count]));
    expect(all).toEqual({ Созополь: 3, Бургас: 5 });
  });
});
