import { beforeAll, describe, expect, it } from "vitest";
import { sitemapResponse } from "~/web/sitemap-xml.server";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { findComplexAddress } from "./addresses.server";
import { inboxItem } from "./admin-lists.server";
import { complexOfUnit, complexUnits, locationComplexes, otherComplexUnits } from "./complex-page.server";
import { createComplex, deleteComplex, updateComplex, type Complex } from "./complexes.server";
import { createContactSubmission } from "./contact-submissions.server";
import { createLocation, updateLocation, type Location } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";
import { countSitemapComplexes, sitemapComplexes } from "./sitemap.server";

/**
 * What the public pages read of new-build complexes (issue 33): the units of
 * a complex, its other units for sale, a location's complexes with what they
 * have for sale, their old addresses (301/410), the sitemap's chunks and a
 * contact request's complex.
 */
const test = useTestDatabase();

let sozopol: Location;
let burgas: Location;
let marina: Complex;
let empty: Complex;
const units: Record<string, string> = {};

beforeAll(async () => {
  await resetDatabase(test.handle());
  sozopol = await createLocation({ name: "Созополь", name_bg: "Созопол", image: "/upload/locations/s.jpg" });
  burgas = await createLocation({ name: "Бургас", image: "/upload/locations/b.jpg" });
  marina = await createComplex({ name: "Марина Вью", name_en: "Marina View", location_id: sozopol.id, images: ["/upload/properties/m.jpg"] });
  empty = await createComplex({ name: "Пустой", location_id: sozopol.id });
  for (const [key, price, status] of [
    ["a", 90000, "available"],
    ["b", 60000, "reserved"],
    ["c", 50000, "sold"],
    ["d", null, "available"],
  ] as const) {
    const p = await createProperty({ title: `Юнит ${key}`, description: "—", location_id: sozopol.id, price, area: 40, status, complex_id: marina.id });
    units[key] = p.id;
  }
  // Not a unit: in the same location, no complex.
  await createProperty({ title: "Отдельный дом", description: "—", location_id: sozopol.id, price: 10000 });
});

describe("complex page queries", () => {
  it("complexUnits: every unit of the complex, sold too, with its location's addresses; nothing for another complex", async () => {
    const rows = await complexUnits(marina.id);
    expect(rows.map((r) => r.title).sort()).toEqual(["Юнит a", "Юнит b", "Юнит c", "Юнит d"]);
    expect(rows.find((r) => r.title === "Юнит c")?.status).toBe("sold");
    expect(rows[0]?.location_slug).toBe("созополь");
    expect(rows[0]?.price_per_m2).not.toBeUndefined();
    expect(await complexUnits(empty.id)).toEqual([]);
    expect(await complexUnits("not-an-id")).toEqual([]);
  });

  it("otherComplexUnits: the complex's other units for sale (reserved ones too), never the unit itself nor sold ones, at most `limit`", async () => {
    const others = await otherComplexUnits(marina.id, units.a!);
    expect(others.map((c) => c.title).sort()).toEqual(["Юнит b", "Юнит d"]);
    expect(await otherComplexUnits(marina.id, units.a!, 1)).toHaveLength(1);
  });

  it("locationComplexes: each complex of the location with its units for sale and the lowest price among them", async () => {
    const list = await locationComplexes(sozopol.id);
    expect(list.map((c) => [c.name, c.for_sale, c.price_from])).toEqual([
      ["Марина Вью", 3, 60000],
      ["Пустой", 0, null],
    ]);
    expect(list[0]?.cover).toBe("/upload/properties/m.jpg");
    expect(await locationComplexes(burgas.id)).toEqual([]);
  });

  it("complexOfUnit: the complex and its location's addresses; null without one", async () => {
    expect((await complexOfUnit(marina.id))?.location.slug).toBe("созополь");
    expect(await complexOfUnit(null)).toBeNull();
  });

  it("a contact request keeps the complex it was sent about; an unknown complex is dropped, not the request", async () => {
    const fields = { name: "Покупатель", email: "b@example.com", message: "Вопрос" };
    const sent = await createContactSubmission(fields, { complexId: marina.id });
    expect(sent.complex_id).toBe(marina.id);
    expect((await createContactSubmission(fields, { complexId: "00000000-0000-4000-8000-000000000000" })).complex_id).toBeNull();
    // The inbox names it, with its page's address parts.
    expect(await inboxItem(sent.id)).toMatchObject({
      property_title: null,
      complex_name: marina.name,
      complex_slug: marina.slug,
      complex_location_slug: "созополь",
    });
  });
});

describe("complex addresses (301/410)", () => {
  it("the current address in ru/bg and en; the Russian one under /en is sent on to the Latin one", async () => {
    expect(await findComplexAddress("созополь", "марина-вью", "ru")).toMatchObject({ kind: "current", complex: { id: marina.id } });
    expect(await findComplexAddress("созополь", "марина-вью", "bg")).toMatchObject({ kind: "current" });
    expect(await findComplexAddress("sozopol", "marina-view", "en")).toMatchObject({ kind: "current", complex: { id: marina.id } });
    expect(await findComplexAddress("sozopol", "марина-вью", "en")).toMatchObject({ kind: "moved", complex: { id: marina.id } });
    expect(await findComplexAddress("созополь", "никогда", "ru")).toBeNull();
    expect(await findComplexAddress("нигде", "марина-вью", "ru")).toBeNull();
  });

  it("a rename, a move and a renamed location answer `moved` with where it is now; a deleted complex `gone`", async () => {
    const c = await createComplex({ name: "Старое имя", location_id: sozopol.id });
    await updateComplex(c.id, { name: "Новое имя" });
    expect(await findComplexAddress("созополь", "старое-имя", "ru")).toMatchObject({ kind: "moved", complex: { slug: "новое-имя" } });
    expect(await findComplexAddress("sozopol", "staroe-imya", "en")).toMatchObject({ kind: "moved", complex: { slug_en: "novoe-imya" } });
    await updateComplex(c.id, { location_id: burgas.id });
    expect(await findComplexAddress("созополь", "новое-имя", "ru")).toMatchObject({ kind: "moved", location: { id: burgas.id } });
    expect(await findComplexAddress("созополь", "старое-имя", "ru")).toMatchObject({ kind: "moved", location: { id: burgas.id } });
    await updateLocation(burgas.id, { name: "Бургас Сити" });
    expect(await findComplexAddress("бургас", "новое-имя", "ru")).toMatchObject({ kind: "moved", location: { slug: "бургас-сити" } });
    await deleteComplex(c.id);
    expect(await findComplexAddress("бургас-сити", "новое-имя", "ru")).toMatchObject({ kind: "gone", location: { id: burgas.id } });
    expect(await findComplexAddress("созополь", "старое-имя", "ru")).toMatchObject({ kind: "gone", location: { id: sozopol.id } });
  });
});

describe("complexes in the sitemaps", () => {
  it("chunks of complexes in id order with their addresses, whether each language has a description, and the newest change", async () => {
    expect(await countSitemapComplexes()).toBe(2);
    const rows = await sitemapComplexes(1, 10);
    expect(rows.map((r) => r.slug).sort()).toEqual(["марина-вью", "пустой"]);
    expect(rows.every((r) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(r.updated_at))).toBe(true);
    expect(await sitemapComplexes(1, 1)).toHaveLength(1);
    expect(await sitemapComplexes(3, 1)).toEqual([]);
    // A unit's later change is the complex page's change.
    const before = rows.find((r) => r.slug === "марина-вью")!.updated_at;
    await new Promise((r) => setTimeout(r, 1100));
    await updateProperty(units.a!, { price: 91000 });
    const after = (await sitemapComplexes(1, 10)).find((r) => r.slug === "марина-вью")!.updated_at;
    expect(after > before).toBe(true);
  });

  it("complexes-1.xml lists each complex in the languages it is indexed in, with alternates; the index names it", async () => {
    await updateComplex(marina.id, { description: "Описание", description_en: "" });
    const index = await (await sitemapResponse("https://example.com", undefined)).text();
    expect(index).toContain("https://example.com/sitemaps/complexes-1.xml");
    const xml = decodeURI(await (await sitemapResponse("https://example.com", "complexes-1.xml")).text());
    // «Марина Вью» has a Russian description and no English one: not in English (noindex there).
    expect(xml).toContain("<loc>https://example.com/созополь/комплекс/марина-вью</loc>");
    expect(xml).toContain("<loc>https://example.com/bg/созополь/комплекс/марина-вью</loc>");
    expect(xml).not.toContain("<loc>https://example.com/en/sozopol/complex/marina-view</loc>");
    // «Пустой» has no description to miss: indexed in English too.
    expect(xml).toContain("<loc>https://example.com/en/sozopol/complex/pustoy</loc>");
    expect(xml).toContain('hreflang="x-default" href="https://example.com/созополь/комплекс/марина-вью"');
    expect((await sitemapResponse("https://example.com", "complexes-2.xml")).status).toBe(404);
  });
});
