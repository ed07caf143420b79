import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, openDatabase, queryRows, setDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { EMPTY_QUERY, type ListingQuery } from "~/lib/listing-query";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { ListingEngine } from "./listing.server";
import { createLocation, deleteLocation, type Location } from "./locations.server";
import { createProperty, deleteProperty, updateProperty } from "./real-estates.server";

/** The engine the app makes: it remembers counts and pages across calls, as in production. */
const listings = new ListingEngine();

// Listing counts are remembered per filter and content version
// (listing-counts.server.ts): every write must make the next count exact.
const test = useTestDatabase();
let varna: Location;
let nessebar: Location;

beforeAll(async () => {
  await resetDatabase(test.handle());
  varna = await createLocation({ name: "Варна", image: "/upload/locations/v.jpg" });
  nessebar = await createLocation({ name: "Несебр", image: "/upload/locations/n.jpg" });
  for (const title of ["Квартира у маяка", "Студия в центре", "Дом у маяка"]) {
    await createProperty({ title, description: "Рядом море", price: 70000, property_type: "apartment", location_id: varna.id });
  }
  await createProperty({ title: "Вилла", description: "Маяк виден из окна", price: 300000, property_type: "house", location_id: nessebar.id });
});

const total = async (query: Partial<ListingQuery>) => (await listings.search({ ...EMPTY_QUERY, ...query }, { pageSize: 2 })).total;

describe("listing counts", () => {
  it("are exact after every create, update and delete through the models", async () => {
    const filter = { search: "маяк" };
    expect(await total(filter)).toBe(3);
    expect(await total({ ...filter, sort: "price-desc", page: 2 })).toBe(3); // the remembered count

    const made = await createProperty({ title: "Пентхаус, вид на маяк", description: "Новый", property_type: "apartment", location_id: nessebar.id });
    expect(await total(filter)).toBe(4);
    const page2 = await listings.search({ ...EMPTY_QUERY, ...filter, page: 2 }, { pageSize: 2 });
    expect(page2).toMatchObject({ total: 4, pageCount: 2 });
    expect(page2.items).toHaveLength(2);

    await updateProperty(made.id, { title: "Пентхаус" });
    expect(await total(filter)).toBe(3);
    await updateProperty(made.id, { description: "МАЯК рядом" });
    expect(await total(filter)).toBe(4);
    await updateProperty(made.id, { property_type: "house" });
    expect(await total({ ...filter, type: "house" })).toBe(2);
    await updateProperty(made.id, { property_type: "apartment" });
    expect(await total({ ...filter, type: "house" })).toBe(1);

    await deleteProperty(made.id);
    expect(await total(filter)).toBe(3);
    expect(await total({})).toBe(4);
  });

  it("treat the same filter in another spelling as one, and different filters apart", async () => {
    expect(await total({ search: "маяк" })).toBe(3);
    expect(await total({ search: "МАЯК  маяк" })).toBe(3);
    expect(await total({ search: "маяк квартира" })).toBe(1);
    expect(await total({ search: "КВАРТИРА маяк" })).toBe(1);
    expect(await total({ search: "маяк", locationId: varna.id })).toBe(2);
    expect(await total({ search: "маяк", locationId: nessebar.id })).toBe(1);
    expect(await total({ search: "маяк", type: "house" })).toBe(1);
  });

  it("give a filter's total without reading a page (ListingEngine.total, the location page's «N объектов»)", async () => {
    const queries: string[] = [];
    const counting = new ListingEngine({ onQuery: ({ sql: text }) => queries.push(text) });
    expect(await counting.total({ ...EMPTY_QUERY, locationId: varna.id })).toBe(3);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/^select count\(\*\)/);
    expect(await counting.total({ ...EMPTY_QUERY, locationId: varna.id })).toBe(3);
    expect(queries).toHaveLength(1); // the remembered count
    expect(await counting.total({ ...EMPTY_QUERY, search: "маяк", locationId: varna.id })).toBe(2);
    expect((await counting.search({ ...EMPTY_QUERY, search: "маяк", locationId: varna.id }, { pageSize: 1 })).total).toBe(2);
  });

  it("go with the locations the listing's filter offers: read once, current again after a change to a location", async () => {
    const first = await listings.locations();
    expect(first.map((l) => l.name)).toEqual(["Варна", "Несебр"]);
    expect(await listings.locations()).toBe(first); // remembered
    const made = await createLocation({ name: "Бяла", image: "/upload/locations/b.jpg" });
    expect((await listings.locations()).map((l) => l.name)).toEqual(["Варна", "Несебр", "Бяла"]);
    await deleteLocation(made.id);
    expect((await listings.locations()).map((l) => l.name)).toEqual(["Варна", "Несебр"]);
  });

  it("see a change made behind the models' back (another server copy, SQL), through the content version", async () => {
    expect(await total({ search: "центр" })).toBe(1);
    await db().execute(sql`update real_estates set search_vector = search_vector || to_tsvector('simple', 'центр') where title = 'Вилла'`);
    expect(await total({ search: "центр" })).toBe(2);
    await db().execute(sql`delete from real_estates where title = 'Вилла'`);
    expect(await total({ search: "центр" })).toBe(1);
    expect(await total({ locationId: nessebar.id })).toBe(0);
  });

  it("are remembered: a change that does not bump the content version is not seen until one does", async () => {
    expect(await total({ search: "море" })).toBe(3);
    await db().execute(sql`alter table real_estates disable trigger real_estates_bump_content_version`);
    try {
      await db().execute(sql`update real_estates set search_vector = ts_delete(search_vector, 'море') where title = 'Студия в центре'`);
      expect(await total({ search: "море" })).toBe(3); // from the cache
    } finally {
      await db().execute(sql`alter table real_estates enable trigger real_estates_bump_content_version`);
    }
    await db().execute(sql`update content_version set version = version + 1`);
    expect(await total({ search: "море" })).toBe(2);
  });

  it("go with the pages of a search read by sorting its matches: remembered, and current again after any change", async () => {
    const titles = async () => (await listings.search({ ...EMPTY_QUERY, search: "море", sort: "price-desc" }, { pageSize: 2 })).items.map((item) => item.title);
    const first = await titles();
    expect(first).toHaveLength(2);
    await db().execute(sql`alter table real_estates disable trigger real_estates_bump_content_version`);
    try {
      // The cheapest match becomes the dearest, unnoticed by the content version.
      await db().execute(sql`update real_estates set price = 900000 where title = 'Дом у маяка'`);
      expect(await titles()).toEqual(first); // the remembered page
    } finally {
      await db().execute(sql`alter table real_estates enable trigger real_estates_bump_content_version`);
    }
    await updateProperty((await listings.search({ ...EMPTY_QUERY, search: "дом маяк" }, { pageSize: 2 })).items[0]!.id, { price: 950000 });
    expect((await titles())[0]).toBe("Дом у маяка");
  });

  it("follow a location's deletion (its properties go with it)", async () => {
    expect(await total({})).toBe(3);
    expect(await total({ locationId: varna.id })).toBe(3);
    await deleteLocation(varna.id);
    expect(await total({})).toBe(0);
    expect(await total({ locationId: varna.id })).toBe(0);
    expect(await total({ search: "маяк" })).toBe(0);
  });

  it("are not carried into another database whose content version has the same number", async () => {
    const burgas = await createLocation({ name: "Бургас", image: "/upload/locations/b.jpg" });
    await createProperty({ title: "Маяк", description: "У моря", property_type: "house", location_id: burgas.id });
    expect(await total({ search: "маяк" })).toBeGreaterThan(0);
    const version = (await queryRows<{ version: string }>(db(), sql`select version::text from content_version`))[0]!.version;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-counts-other-"));
    const other = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      await runMigrations(other);
      await other.db.execute(sql`update content_version set version = ${version}::bigint`);
      setDatabase(other);
      expect(await total({ search: "маяк" })).toBe(0);
      expect(await total({})).toBe(0);
    } finally {
      setDatabase(test.handle());
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await total({ search: "маяк" })).toBeGreaterThan(0);
  });
});
