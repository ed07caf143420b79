import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { EMPTY_QUERY } from "~/lib/listing-query";
import { foldForSearch } from "~/lib/search";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { searchAdminProperties } from "./admin-lists.server";
import { ListingEngine } from "./listing.server";
import { createLocation } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";

/**
 * Search by reference (issue 30): a property's reference, typed as it is or
 * in another case, with or without its dash, finds it on the site's listing
 * and in the admin's property list; another reference does not.
 */
const test = useTestDatabase();
const listings = new ListingEngine();

const siteTitles = async (search: string) => (await listings.search({ ...EMPTY_QUERY, search }, { pageSize: 10 })).items.map((i) => i.title);
const adminTitles = async (search: string) => (await searchAdminProperties({ search })).items.map((i) => i.title);

let otherId = "";
beforeAll(async () => {
  await resetDatabase(test.handle());
  const location = await createLocation({ name: "Созополь", image: "/upload/locations/s.jpg" });
  await createProperty({ title: "Квартира у моря", description: "Вид на море", location_id: location.id, reference: "SZ-1001" });
  await createProperty({ title: "Дом с садом", description: "Тихий район", location_id: location.id, reference: "SZ-1002" });
  otherId = (await createProperty({ title: "Студия", description: "Рядом с пляжем", location_id: location.id, reference: "Бс 7" })).id;
});

describe("search by reference", () => {
  it("finds the property by its reference in any spelling, on the site and in the admin", async () => {
    for (const search of ["SZ-1001", "sz-1001", "SZ1001", "sz 1001", "Sz_1001"]) {
      expect(await siteTitles(search), search).toEqual(["Квартира у моря"]);
      expect(await adminTitles(search), search).toEqual(["Квартира у моря"]);
    }
    for (const search of ["БС-7", "бс7"]) {
      expect(await siteTitles(search), search).toEqual(["Студия"]);
      expect(await adminTitles(search), search).toEqual(["Студия"]);
    }
    expect(await siteTitles("SZ-1003")).toEqual([]);
  });

  it("follows a changed reference", async () => {
    await updateProperty(otherId, { reference: "VR-12" });
    expect(await siteTitles("VR-12")).toEqual(["Студия"]);
    expect(await adminTitles("бс7")).toEqual([]);
  });

  it("migration 0015 adds the references of rows stored before it, leaving updated_at", async () => {
    const db = test.handle().db;
    // The rows as they were stored before: only the four texts in the search words.
    await db.execute(sql`alter table real_estates disable trigger real_estates_set_updated_at`);
    await db.execute(
      sql`update real_estates set search_vector = to_tsvector('simple', ${foldForSearch("Квартира у моря\n\nВид на море\n")}) where reference = 'SZ-1001'`,
    );
    await updateProperty(otherId, { reference: "ЖК-5" });
    await db.execute(
      sql`update real_estates set search_vector = to_tsvector('simple', ${foldForSearch("Студия\n\nРядом с пляжем\n")}) where reference = 'ЖК-5'`,
    );
    await db.execute(sql`alter table real_estates enable trigger real_estates_set_updated_at`);
    expect(await siteTitles("SZ-1001")).toEqual([]);
    expect(await siteTitles("жк5")).toEqual([]);
    const before = JSON.stringify(await db.execute(sql`select id, updated_at from real_estates order by id`));
    const migration = fs.readFileSync(path.resolve("drizzle/0015_reference_search.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    expect(await siteTitles("sz1001")).toEqual(["Квартира у моря"]);
    expect(await adminTitles("SZ-1001")).toEqual(["Квартира у моря"]);
    // Cyrillic capitals folded as the application folds them.
    expect(await siteTitles("жк5")).toEqual(["Студия"]);
    expect(await adminTitles("ЖК-5")).toEqual(["Студия"]);
    expect(JSON.stringify(await db.execute(sql`select id, updated_at from real_estates order by id`))).toBe(before);
  });
});
