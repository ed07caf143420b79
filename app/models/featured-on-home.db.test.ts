import { beforeAll, describe, expect, it } from "vitest";
import { HOME_ROW_SIZE } from "~/lib/listing";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { featuredOnHome } from "./admin-lists.server";
import { ListingEngine } from "./listing.server";
import { createLocation } from "./locations.server";
import { createProperty } from "./real-estates.server";

/**
 * Issue 30: only HOME_ROW_SIZE featured properties show on the home page and
 * the admin was not told. The admin's list names the ones shown — the same as
 * the home page — and the featured ones that are not, with why.
 */
const test = useTestDatabase();

beforeAll(async () => {
  await resetDatabase(test.handle());
});

describe("featuredOnHome", () => {
  it("says nothing is featured when nothing is", async () => {
    expect(await featuredOnHome(HOME_ROW_SIZE)).toEqual({ shown: [], hidden: [], hiddenCount: 0 });
  });

  it("names the featured properties the home page shows, and those it does not (no place, sold)", async () => {
    const location = await createLocation({ name: "Созополь", image: "/upload/locations/s.jpg" });
    for (const title of ["Первый", "Второй", "Третий", "Четвёртый", "Пятый"]) {
      await createProperty({ title, description: "Описание", location_id: location.id, featured: true });
    }
    await createProperty({ title: "Проданный", description: "Описание", location_id: location.id, featured: true, status: "sold" });
    await createProperty({ title: "Обычный", description: "Описание", location_id: location.id });

    const home = await new ListingEngine().highlights({ limit: HOME_ROW_SIZE });
    const result = await featuredOnHome(HOME_ROW_SIZE);
    expect(result.shown.map((p) => p.title)).toEqual(home.featured.map((p) => p.title));
    expect(result.shown.map((p) => p.title)).toEqual(["Первый", "Второй", "Третий"]);
    expect(result.hidden.map((p) => [p.title, p.sold])).toEqual([
      ["Четвёртый", false],
      ["Пятый", false],
      ["Проданный", true],
    ]);
    expect(result.hiddenCount).toBe(3);
    // Named at most FEATURED_NAMED past the shown ones; the rest are counted.
    const few = await featuredOnHome(1);
    expect([few.shown.length, few.hiddenCount]).toEqual([1, 5]);
  });
});
