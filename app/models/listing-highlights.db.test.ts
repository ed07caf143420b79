import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { ListingEngine } from "./listing.server";
import { createLocation, type Location } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";

/** Issue 20: sold properties leave «related» and the home page; featured ones lead it. */
const listings = new ListingEngine();
const test = useTestDatabase();
let sozopol: Location;

beforeEach(async () => {
  await resetDatabase(test.handle());
  sozopol = await createLocation({ name: "Созополь", image: "/upload/locations/s.jpg" });
});

async function make(title: string, facts: Record<string, unknown> = {}) {
  const row = await createProperty({ title, description: "У моря", location_id: sozopol.id, price: 100_000, ...facts });
  await new Promise((r) => setTimeout(r, 5));
  return row;
}

const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe("ListingEngine.related", () => {
  it("leaves sold properties out and keeps reserved ones", async () => {
    const shown = await make("Студия");
    await make("Продана", { status: "sold" });
    await make("Бронь", { status: "reserved" });
    expect(titles(await listings.related({ propertyId: shown.id, locationId: sozopol.id }))).toEqual(["Бронь"]);
  });
});

describe("ListingEngine.highlights", () => {
  it("without featured ones: the newest for sale first, then the next newest", async () => {
    await make("Старая");
    await make("Средняя");
    await make("Проданная новая", { status: "sold" });
    await make("Новая");
    expect(await listings.highlights({ limit: 2 }).then((h) => [titles(h.featured), titles(h.newest)])).toEqual([["Новая", "Средняя"], ["Старая"]]);
  });

  it("featured ones for sale lead, by position, and are not repeated among the new", async () => {
    await make("Первая избранная", { featured: true });
    const second = await make("Вторая избранная", { featured: true });
    await make("Избранная проданная", { featured: true, status: "sold" });
    await make("Обычная");
    const { featured, newest } = await listings.highlights({ limit: 3 });
    expect(titles(featured)).toEqual(["Первая избранная", "Вторая избранная"]);
    expect(titles(newest)).toEqual(["Обычная"]);
    await updateProperty(second.id, { status: "sold" });
    expect(titles((await listings.highlights({ limit: 3 })).featured)).toEqual(["Первая избранная"]);
  });
});
