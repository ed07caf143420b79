import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { realEstates, type Property } from "~/db/schema";
import { ensureDefaultLocations, listLocations, updateLocation } from "~/models/locations.server";
import { createProperty, deleteProperty } from "~/models/real-estates.server";
import { listComplexes } from "~/models/complexes.server";
import { EMPTY_QUERY } from "~/lib/listing-query";
import { ListingEngine } from "~/models/listing.server";
import { propertyCreateSchema } from "~/schemas/property";
import { setStorage, storage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { OBJECT_NAME_PATTERN } from "~/storage/object-names";
import { useTestDatabase } from "../tests/support/test-db";
import { parseArgs, UsageError } from "./demo/args";
import { seedDemo } from "./demo/seed";
import { demoListing, PRICE_RANGE } from "./demo/texts";

useTestDatabase();

let uploadDir: string;
const PRESET_IMAGE = "/upload/locations/locations-1700000000000-ownpic.jpg";

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-seed-demo-"));
  setStorage(new LocalStorage(uploadDir));
  await ensureDefaultLocations();
});

afterAll(() => {
  setStorage(undefined);
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function allListings(): Promise<Property[]> {
  return db().select().from(realEstates).orderBy(asc(realEstates.location_id), asc(realEstates.order));
}

async function fileExists(url: string): Promise<boolean> {
  if (!url.startsWith("/upload/")) return false;
  const stored = await storage().head(url.slice("/upload/".length));
  return stored !== null && stored.size > 0;
}

/** Positions 0..n-1 in every location, no gaps or duplicates; slugs unique per location. */
async function expectConsistentLists() {
  const byLocation = new Map<string, Property[]>();
  for (const row of await allListings()) {
    byLocation.set(row.location_id, [...(byLocation.get(row.location_id) ?? []), row]);
  }
  for (const rows of byLocation.values()) {
    expect(rows.map((r) => r.order)).toEqual(rows.map((_, i) => i));
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
  }
  return byLocation;
}

describe("seedDemo", { timeout: 120_000 }, () => {
  it("fills the catalogue with N varied bilingual listings, spread over the locations, with stored pictures", async () => {
    // What an owner may already have: a location with its own picture, two real listings.
    const [sozopol, chernomorets] = await listLocations();
    await updateLocation(chernomorets!.id, { image: PRESET_IMAGE });
    await createProperty({ title: "Квартира у моря", description: "Своя", location_id: sozopol!.id });
    await createProperty({ title: "Дом с садом", description: "Свой", location_id: sozopol!.id, property_type: "house" });

    const progress: [number, number][] = [];
    const summary = await seedDemo({ properties: 200, batchSize: 64, onProgress: (d, t) => progress.push([d, t]) });
    expect(summary).toMatchObject({ target: 200, existing: 2, planned: 198, created: 198, alreadyEnough: false, interrupted: false });
    expect(summary.locationImagesSet).toBe(5);
    expect(progress[0]).toEqual([0, 198]);
    expect(progress.at(-1)).toEqual([198, 198]);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));

    const rows = await allListings();
    expect(rows).toHaveLength(200);
    const byLocation = await expectConsistentLists();
    const locs = await listLocations();
    expect(byLocation.size).toBe(locs.length);
    for (const l of locs) expect(byLocation.get(l.id)!.length).toBeGreaterThanOrEqual(30);
    // The owner's listings keep positions 0 and 1; demo listings follow.
    const sozopolRows = byLocation.get(sozopol!.id)!;
    expect(sozopolRows.slice(0, 2).map((r) => r.title)).toEqual(["Квартира у моря", "Дом с садом"]);

    const demo = rows.filter((r) => r.images.length > 0);
    expect(demo).toHaveLength(198);
    const types = new Set(demo.map((r) => r.property_type));
    expect(types).toEqual(new Set(["apartment", "house"]));
    expect(demo.some((r) => r.price === null)).toBe(true);
    expect(demo.some((r) => r.title_bg === "" && r.description_bg === "")).toBe(true);
    expect(demo.filter((r) => r.title_bg !== "").length).toBeGreaterThan(demo.length / 2);
    expect(new Set(demo.map((r) => r.title)).size).toBeGreaterThan(150);
    // Issue 31: English texts, written in English (no Cyrillic), for most listings; the rest show the Russian ones.
    const english = demo.filter((r) => r.title_en !== "");
    expect(english.length).toBeGreaterThan(demo.length / 2);
    expect(english.length).toBeLessThan(demo.length);
    for (const r of english) {
      expect(r.title_en).not.toMatch(/[а-яё]/i);
      expect(r.description_en).not.toMatch(/[а-яё]/i);
      expect(r.description_en.length).toBeGreaterThan(150);
      expect(r.slug_en).toMatch(/^[a-z0-9-]+$/);
    }
    expect(new Set(english.map((r) => r.title_en)).size).toBeGreaterThan(english.length / 2);
    for (const r of demo) {
      expect(r.title).toMatch(/[а-яё]/i);
      expect(r.description.length).toBeGreaterThan(200);
      if (r.price !== null) {
        const [min, max] = PRICE_RANGE[r.property_type];
        expect(r.price).toBeGreaterThanOrEqual(min);
        expect(r.price).toBeLessThanOrEqual(max);
      }
      expect(r.area).toBeGreaterThan(0);
      expect(r.bedrooms).not.toBeNull();
      expect(r.bathrooms).toBeGreaterThanOrEqual(1);
      expect(r.features.length).toBeGreaterThanOrEqual(1);
      expect(r.features_bg.length === 0 || r.features_bg.length === r.features.length).toBe(true);
      expect(r.images.length).toBeGreaterThanOrEqual(3);
      expect(r.images.length).toBeLessThanOrEqual(8);
      expect(new Set(r.images).size).toBe(r.images.length);
    }
    // The buyer's facts (issue 20): filled realistically, a few sold, reserved, featured and cut in price.
    expect(new Set(demo.map((r) => r.status))).toEqual(new Set(["available", "reserved", "sold"]));
    expect(demo.filter((r) => r.status === "available").length).toBeGreaterThan(demo.length * 0.7);
    expect(new Set(demo.map((r) => r.reference)).size).toBe(demo.length);
    expect(demo.filter((r) => r.sea_distance_m !== null).length).toBeGreaterThan(demo.length * 0.8);
    expect(demo.some((r) => r.sea_line === 1) && demo.some((r) => r.sea_view === true)).toBe(true);
    expect(demo.some((r) => r.construction_stage === "act14" || r.construction_stage === "act15")).toBe(true);
    expect(demo.some((r) => r.maintenance_fee_eur_m2 !== null && r.complex_name !== null)).toBe(true);
    // Issue 33: units of complexes, one complex per name and location, with facts of its own.
    const complexes = await listComplexes();
    const linked = demo.filter((r) => r.complex_id !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const r of linked) expect(complexes.find((c) => c.id === r.complex_id)).toMatchObject({ name: r.complex_name, location_id: r.location_id });
    expect(new Set(complexes.map((c) => `${c.location_id} ${c.name}`)).size).toBe(complexes.length);
    // Their units are found by the complex's name, as the model's writes make them (issue 33).
    const first = linked[0]!;
    const found = await new ListingEngine().search({ ...EMPTY_QUERY, search: first.complex_name!, status: "all" }, { pageSize: 1000 });
    expect(found.items.map((i) => i.id)).toEqual(expect.arrayContaining(linked.filter((r) => r.complex_id === first.complex_id).map((r) => r.id)));
    for (const c of complexes) {
      expect(c.developer).not.toBe("");
      expect(c.facilities.length).toBeGreaterThanOrEqual(3);
      expect(c.maintenance_fee_eur_m2).toBeGreaterThan(0);
    }
    expect(demo.some((r) => r.featured)).toBe(true);
    const cut = demo.filter((r) => r.price_reduced_from !== null);
    expect(cut.length).toBeGreaterThan(3);
    for (const r of cut) expect(r.price_reduced_from!).toBeGreaterThan(r.price!);
    for (const r of demo.filter((r) => r.floor !== null)) expect(r.floor!).toBeLessThanOrEqual(r.floors_total!);
    expect((await listLocations()).find((l) => l.name === "Созополь")).toMatchObject({ name_ru_in: "в Созополе", map_lat: 42.4175, map_zoom: 14 });
    // Points along the coast (issue 21): every demo listing of a default place has one near it, some approximate.
    for (const r of demo) {
      expect(r.lat).toBeGreaterThan(42.2);
      expect(r.lat).toBeLessThan(42.7);
      expect(r.lng).toBeGreaterThan(27.4);
      expect(r.lng).toBeLessThan(27.8);
    }
    expect(demo.some((r) => r.location_precision === "approximate") && demo.some((r) => r.location_precision === "exact")).toBe(true);

    // Every picture a listing shows is a stored file named the SPEC §3 way.
    const urls = new Set(demo.flatMap((r) => r.images));
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) {
      expect(url.slice("/upload/".length)).toMatch(OBJECT_NAME_PATTERN);
      expect(await fileExists(url), url).toBe(true);
    }
    const jpeg = await storage().get([...urls][0]!.slice("/upload/".length));
    expect(jpeg!.contentType).toBe("image/jpeg");
    expect(jpeg!.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Locations: the empty ones got a demo picture, the owner's picture is kept.
    for (const l of await listLocations()) {
      if (l.id === chernomorets!.id) expect(l.image).toBe(PRESET_IMAGE);
      else expect(await fileExists(l.image), l.image).toBe(true);
    }
  });

  it("a second run with the same N creates nothing and redraws nothing", async () => {
    const before = await allListings();
    const summary = await seedDemo({ properties: 200 });
    expect(summary).toMatchObject({ existing: 200, planned: 0, created: 0, alreadyEnough: true, imagesWritten: 0, locationImagesSet: 0 });
    expect(await allListings()).toEqual(before);
  });

  it("a larger N tops up, continuing every location's positions; a deleted listing's number does not clash", async () => {
    const summary = await seedDemo({ properties: 260, batchSize: 25 });
    expect(summary).toMatchObject({ existing: 200, created: 60 });
    expect(await allListings()).toHaveLength(260);
    await expectConsistentLists();

    // Delete a demo listing other than #260: the next top-up generates #260 again, whose slug is taken.
    const rows = await allListings();
    const number260 = rows.filter((r) => r.slug.endsWith("-260"));
    expect(number260).toHaveLength(1);
    const victim = rows.find((r) => r.images.length > 0 && r.id !== number260[0]!.id)!;
    expect(await deleteProperty(victim.id)).toBe(true);
    const again = await seedDemo({ properties: 260 });
    expect(again).toMatchObject({ existing: 259, created: 1 });
    const after = await allListings();
    expect(after).toHaveLength(260);
    expect(after.filter((r) => r.location_id === number260[0]!.location_id && r.slug === `${number260[0]!.slug}-2`)).toHaveLength(1);
    await expectConsistentLists();
  });

  it("stops between batches when asked, and a later run finishes the job", async () => {
    const controller = new AbortController();
    const summary = await seedDemo({
      properties: 300,
      batchSize: 10,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 10) controller.abort();
      },
    });
    expect(summary).toMatchObject({ interrupted: true, created: 10, planned: 40 });
    expect(await db().select({ n: count() }).from(realEstates)).toEqual([{ n: 270 }]);
    const rest = await seedDemo({ properties: 300 });
    expect(rest).toMatchObject({ interrupted: false, created: 30 });
    await expectConsistentLists();
  });
});

describe("demo listings", () => {
  it("are the same for the same index, and pass the property rules", async () => {
    const locs = await listLocations();
    const unknown = { id: locs[0]!.id, name: "Поморие", name_bg: "Поморие" };
    for (const location of [...locs, unknown]) {
      expect(demoListing(7, location)).toEqual(demoListing(7, location));
    }
    const titles = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const location = i % 7 === 6 ? unknown : locs[i % locs.length]!;
      const listing = demoListing(i, location);
      titles.add(listing.title);
      const parsed = propertyCreateSchema.safeParse({ ...listing, location_id: location.id, images: ["/upload/x.jpg"] });
      expect(parsed.success, `listing ${i}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(listing.title.length).toBeLessThanOrEqual(200);
    }
    expect(titles.size).toBeGreaterThan(1000);
  });
});

describe("command line", () => {
  it("reads --properties N and refuses bad values", () => {
    expect(parseArgs([])).toMatchObject({ properties: 60, help: false });
    expect(parseArgs(["--properties", "2000"]).properties).toBe(2000);
    expect(parseArgs(["--properties=100_000"]).properties).toBe(100_000);
    expect(parseArgs(["--help"]).help).toBe(true);
    for (const bad of [["--properties"], ["--properties", "abc"], ["--properties", "-5"], ["--properties", "1.5"], ["--properties", "2000000"], ["--bogus"]]) {
      expect(() => parseArgs(bad), bad.join(" ")).toThrow(UsageError);
    }
  });
});
