import { beforeAll, describe, expect, it } from "vitest";
import { parseListingQuery, EMPTY_QUERY, type ListingQuery } from "~/lib/listing-query";
import { twoLocations } from "../../tests/support/catalogue";
import { forcedEngines } from "../../tests/support/forced-engines";
import { useTestDatabase } from "../../tests/support/test-db";
import { ListingEngine } from "./listing.server";
import { type Location } from "./locations.server";
import { createProperty, type Property } from "./real-estates.server";

/** The engine the app makes: it remembers counts and pages across calls, as in production. */
const listings = new ListingEngine();
/** Engines forcing a plan, one per settings (each remembers its counts and marks, as the app's does). */
const forced = forcedEngines();

const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;
const made: Record<string, Property> = {};

beforeAll(async () => {
  ({ sozopol, burgas } = await twoLocations(test.handle()));
  const rows = [
    { title: "Квартира в СОЗОПОЛЕ у моря", description: "Вид на море", price: 90000, property_type: "apartment", location_id: sozopol.id },
    { title: "Дом с садом", title_bg: "Къща с градина", description: "Тихий район", price: 250000, property_type: "house", location_id: sozopol.id },
    { title: "Студия", description: "Скидка 100% честно_", price: null, property_type: "apartment", location_id: burgas.id },
    { title: "Пентхаус", description: "Ёлки во дворе", description_bg: "Елхи в двора", price: 400000, property_type: "apartment", location_id: burgas.id },
    {
      title: "Вилла",
      description: "Бассейн",
      price: 150000,
      property_type: "HOUSE",
      location_id: burgas.id,
      images: ["/upload/properties/v1.jpg", "/upload/properties/v2.jpg"],
    },
  ];
  for (const row of rows) {
    made[row.title] = await createProperty(row);
    await new Promise((r) => setTimeout(r, 5));
  }
});

const titles = async (query: Partial<ListingQuery>, size = 10) =>
  (await listings.search({ ...EMPTY_QUERY, ...query }, { pageSize: size })).items.map((i) => i.title);

describe("ListingEngine.search", () => {
  it("lists by the order field by default, with the location's name and the cover image", async () => {
    const page = await listings.search(EMPTY_QUERY, { pageSize: 10 });
    expect(page.total).toBe(5);
    expect(page.items.map((i) => i.title)).toEqual(["Квартира в СОЗОПОЛЕ у моря", "Студия", "Дом с садом", "Пентхаус", "Вилла"]);
    const villa = page.items.find((i) => i.title === "Вилла")!;
    expect(villa).toMatchObject({
      location_name: "Бургас",
      location_slug: "бургас",
      cover: "/upload/properties/v1.jpg",
      image_count: 2,
      property_type: "house",
    });
    expect(page.items.find((i) => i.title === "Студия")!.cover).toBeNull();
  });

  it("filters by location and by type", async () => {
    expect(await titles({ locationId: sozopol.id })).toEqual(["Квартира в СОЗОПОЛЕ у моря", "Дом с садом"]);
    expect(await titles({ type: "house" })).toEqual(["Дом с садом", "Вилла"]);
    expect(await titles({ type: "apartment", locationId: burgas.id })).toEqual(["Студия", "Пентхаус"]);
  });

  it("searches case-insensitively in Cyrillic over title, description and the Bulgarian twins", async () => {
    expect(await titles({ search: "созополе" })).toEqual(["Квартира в СОЗОПОЛЕ у моря"]);
    expect(await titles({ search: "СОЗОПОЛЕ" })).toEqual(["Квартира в СОЗОПОЛЕ у моря"]);
    expect(await titles({ search: "вид на МОРЕ" })).toEqual(["Квартира в СОЗОПОЛЕ у моря"]);
    expect(await titles({ search: "КЪЩА" })).toEqual(["Дом с садом"]);
    expect(await titles({ search: "елки" })).toEqual(["Пентхаус"]);
    expect(await titles({ search: "ёлки" })).toEqual(["Пентхаус"]);
    expect(await titles({ search: "нет такого" })).toEqual([]);
  });

  it("matches the beginnings of words (мор → море, моря), not the middle of one", async () => {
    expect(await titles({ search: "мор" })).toEqual(["Квартира в СОЗОПОЛЕ у моря"]);
    expect(await titles({ search: "созоп" })).toEqual(["Квартира в СОЗОПОЛЕ у моря"]);
    expect(await titles({ search: "басс" })).toEqual(["Вилла"]);
    expect(await titles({ search: "ассейн" })).toEqual([]);
    expect(await titles({ search: "дом сад" })).toEqual(["Дом с садом"]);
    expect(await titles({ search: "дом море" })).toEqual([]);
  });

  it("treats query syntax and LIKE wildcards in a search as plain text, never an error", async () => {
    expect(await titles({ search: "100%" })).toEqual(["Студия"]);
    expect(await titles({ search: "честно_" })).toEqual(["Студия"]);
    // Punctuation alone is ignored, as search engines do: every listing.
    expect(await titles({ search: "% _ & | !" })).toHaveLength(5);
    for (const search of ["'", "a'b", "\\", "мор:*", "!бассейн", "(вилла", "вилла)", "<->", "бассейн | дом", "бассейн & !дом", "'':*"]) {
      await expect(titles({ search }), search).resolves.toBeInstanceOf(Array);
    }
    expect(await titles({ search: "!бассейн" })).toEqual(["Вилла"]);
    expect(await titles({ search: "бассейн | дом" })).toEqual([]);
  });

  it("reads a search's page the same way whether it walks the sort's index or reads the matches first", async () => {
    for (const sort of ["default", "price-asc", "price-desc", "newest"] as const) {
      for (const search of ["в", "с", "мор", "ёлки"]) {
        for (const page of [1, 2, 3, 4]) {
          const query = { ...EMPTY_QUERY, search, sort, page };
          const first = (await forced({ textSearchPlan: "matches-first" }).search(query, { pageSize: 1 })).items.map((i) => i.id);
          expect((await listings.search(query, { pageSize: 1 })).items.map((i) => i.id)).toEqual(first);
          // A walk allowed any number of rows, and walks that give up early and read the matches instead.
          for (const walkRows of [undefined, 1, 2, 3]) {
            const walk = await forced({ textSearchPlan: "walk", walkRows }).search(query, { pageSize: 1 });
            expect(
              walk.items.map((i) => i.id),
              `${sort} ${search} ${page} ${walkRows}`,
            ).toEqual(first);
            // From page marks every 1, 2 or 3 matches (a mark on the page, before it, far before it).
            for (const markStep of [1, 2, 3]) {
              const marked = await forced({ textSearchPlan: "marks", walkRows, markStep }).search(query, { pageSize: 1 });
              expect(
                marked.items.map((i) => i.id),
                `${sort} ${search} ${page} marks ${markStep} ${walkRows}`,
              ).toEqual(first);
            }
          }
        }
      }
    }
    // ~1 100 searches: over the default 20 s on a loaded machine.
  }, 60_000);

  it("sorts by price both ways with unpriced listings last, and by newest", async () => {
    expect(await titles({ sort: "price-asc" })).toEqual(["Квартира в СОЗОПОЛЕ у моря", "Вилла", "Дом с садом", "Пентхаус", "Студия"]);
    expect(await titles({ sort: "price-desc" })).toEqual(["Пентхаус", "Дом с садом", "Вилла", "Квартира в СОЗОПОЛЕ у моря", "Студия"]);
    expect(await titles({ sort: "newest" })).toEqual(["Вилла", "Пентхаус", "Студия", "Дом с садом", "Квартира в СОЗОПОЛЕ у моря"]);
  });

  it("pages in the database; a page past the end gives the last page", async () => {
    const p2 = await listings.search({ ...EMPTY_QUERY, sort: "price-asc", page: 2 }, { pageSize: 2 });
    expect(p2).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(p2.items.map((i) => i.title)).toEqual(["Дом с садом", "Пентхаус"]);
    const beyond = await listings.search({ ...EMPTY_QUERY, page: 99 }, { pageSize: 2 });
    expect(beyond.page).toBe(3);
    expect(beyond.items).toHaveLength(1);
    const none = await listings.search({ ...EMPTY_QUERY, search: "ничего" }, { pageSize: 2 });
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] });
  });

  it("pages read from either end agree with one whole list, for every sort and filter", async () => {
    for (const sort of ["default", "price-asc", "price-desc", "newest"] as const) {
      for (const filter of [{}, { type: "apartment" as const }, { locationId: burgas.id }]) {
        const whole = await titles({ ...filter, sort }, 100);
        const paged: string[] = [];
        const { pageCount } = await listings.search({ ...EMPTY_QUERY, ...filter, sort }, { pageSize: 2 });
        for (let page = 1; page <= pageCount; page++) paged.push(...(await titles({ ...filter, sort, page }, 2)));
        expect(paged, `${sort} ${JSON.stringify(filter)}`).toEqual(whole);
      }
    }
  });

  it("reads a deep page without a text search the same from page marks as by stepping over the rows before it", async () => {
    for (const sort of ["default", "price-asc", "price-desc", "newest"] as const) {
      for (const filter of [{}, { type: "apartment" as const }, { locationId: burgas.id }, { locationId: sozopol.id, type: "house" as const }]) {
        const whole = await titles({ ...filter, sort }, 100);
        for (let page = 1; page <= whole.length; page++) {
          const query = { ...EMPTY_QUERY, ...filter, sort, page };
          const stepped = (await forced({ markFromRows: Infinity }).search(query, { pageSize: 1 })).items.map((i) => i.title);
          expect(stepped).toEqual([whole[page - 1]]);
          // Marks every 1 or 2 rows (a mark on the page, or the one before it); a walk allowed exactly enough rows, or too few.
          for (const markStep of [1, 2]) {
            for (const walkRows of [undefined, 1]) {
              const marked = await forced({ markFromRows: 0, markStep, walkRows }).search(query, { pageSize: 1 });
              expect(
                marked.items.map((i) => i.title),
                `${sort} ${JSON.stringify(filter)} ${page} marks ${markStep} ${walkRows}`,
              ).toEqual(stepped);
            }
          }
        }
      }
    }
  });

  it("survives hostile query strings", async () => {
    const query = parseListingQuery(new URLSearchParams({ search: "я".repeat(10_000), location: "' or 1=1 --", type: "villa", sort: "drop", page: "-3" }));
    expect(query).toMatchObject({ locationId: null, type: null, sort: "default", page: 1 });
    expect(query.search).toHaveLength(200);
    expect((await listings.search(query, { pageSize: 10 })).total).toBe(0);
  });
});

describe("ListingEngine.related", () => {
  it("gives up to 3 other properties of the same location", async () => {
    const others = await listings.related({ propertyId: made["Пентхаус"]!.id, locationId: burgas.id });
    expect(others.map((o) => o.title)).toEqual(["Студия", "Вилла"]);
    expect(await listings.related({ propertyId: made["Пентхаус"]!.id, locationId: burgas.id, limit: 1 })).toHaveLength(1);
  });
});
