import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { PROPERTY_MESSAGES as M } from "~/schemas/property";
import { expectModelError } from "../../tests/support/expect-model-error";
import { twoLocations } from "../../tests/support/catalogue";
import { useTestDatabase } from "../../tests/support/test-db";
import { deleteLocation, updateLocation, type Location } from "./locations.server";
import { createProperty, deleteProperty, duplicateProperty, updateProperty } from "./real-estates.server";

/** Issue 20: the seaside facts, status, price history and old addresses, as the data layer keeps them. */
const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;

beforeEach(async () => ({ sozopol, burgas } = await twoLocations(test.handle())));

const base = () => ({ title: "Квартира у моря", description: "Светлая квартира", location_id: sozopol.id, price: 100_000, area: 50 });

describe("the buyer's facts", () => {
  it("are optional: a property without them is available, not featured, every fact unknown", async () => {
    const row = await createProperty(base());
    expect(row).toMatchObject({
      status: "available",
      featured: false,
      reference: null,
      sea_distance_m: null,
      sea_line: null,
      sea_view: null,
      floor: null,
      construction_stage: null,
      maintenance_fee_eur_m2: null,
      furnished: null,
      price_per_m2: 2000,
    });
  });

  it("take form strings and JSON values alike", async () => {
    const row = await createProperty({
      ...base(),
      status: "Reserved",
      reference: " SZ-104 ",
      sea_distance_m: "350",
      sea_line: 1,
      sea_view: "on",
      floor: "−1",
      floors_total: "6",
      construction_stage: "act15",
      completion_quarter: "2027-q2",
      maintenance_fee_eur_m2: "12,5",
      furnished: "full",
      pool: true,
      parking: "0",
      complex_name: "  Sozopol Hills ",
      featured: "true",
    });
    expect(row).toMatchObject({
      status: "reserved",
      reference: "SZ-104",
      sea_distance_m: 350,
      sea_line: 1,
      sea_view: true,
      floor: -1,
      floors_total: 6,
      construction_stage: "act15",
      completion_quarter: "2027-Q2",
      maintenance_fee_eur_m2: 12.5,
      furnished: "full",
      pool: true,
      parking: false,
      complex_name: "Sozopol Hills",
      featured: true,
    });
  });

  it.each([
    [{ sea_distance_m: 100_001 }, M.seaDistanceInvalid],
    [{ sea_distance_m: -1 }, M.seaDistanceInvalid],
    [{ sea_line: 3 }, M.seaLineInvalid],
    [{ floor: -3 }, M.floorInvalid],
    [{ floor: 101 }, M.floorInvalid],
    [{ floor: 5, floors_total: 4 }, M.floorAboveTotal],
    [{ maintenance_fee_eur_m2: 1000.01 }, M.feeInvalid],
    [{ completion_quarter: "2027-Q5" }, M.quarterInvalid],
    [{ completion_quarter: "Q2 2027" }, M.quarterInvalid],
    [{ construction_stage: "act17" }, M.stageInvalid],
    [{ status: "rented" }, M.statusInvalid],
    [{ furnished: "yes" }, M.furnishedInvalid],
    [{ sea_view: "maybe" }, M.seaViewInvalid],
    [{ reference: "=cmd|' /C calc'!A0" }, M.referenceInvalid],
  ])("refuse %j with the administrator's Russian message", async (facts, message) => {
    await expectModelError(createProperty({ ...base(), ...facts }), message);
    expect(await queryRows(test.handle().db, sql`select id from real_estates`)).toEqual([]);
  });

  it("keep a reference unique, and a copy leaves it behind", async () => {
    const first = await createProperty({ ...base(), reference: "SZ-1" });
    await expectModelError(createProperty({ ...base(), title: "Другая", reference: "SZ-1" }), M.referenceTaken);
    const other = await createProperty({ ...base(), title: "Другая" });
    await expectModelError(updateProperty(other.id, { reference: "SZ-1" }), M.referenceTaken);
    const copy = await duplicateProperty(first.id);
    expect(copy).toMatchObject({ reference: null, status: first.status });
  });

  it("check a floor against the building's height on a partial update too", async () => {
    const row = await createProperty({ ...base(), floor: 2, floors_total: 5 });
    await expectModelError(updateProperty(row.id, { floor: 7, floors_total: 6 }), M.floorAboveTotal);
    expect(await updateProperty(row.id, { status: "sold" })).toMatchObject({ status: "sold", floor: 2 });
  });
});

describe("price history", () => {
  const history = async (id: string) =>
    (
      await queryRows<{ price: string | null }>(test.handle().db, sql`select price from real_estate_price_history where real_estate_id = ${id} order by id`)
    ).map((r) => (r.price === null ? null : Number(r.price)));

  it("records every price, and a cut marks the old price for 60 days", async () => {
    const row = await createProperty(base());
    expect(row).toMatchObject({ price_reduced_from: null, price_reduced_at: null });
    const cut = await updateProperty(row.id, { price: 90_000 });
    expect(cut.price_reduced_from).toBe(100_000);
    expect(Date.now() - Date.parse(cut.price_reduced_at!)).toBeLessThan(60_000);
    const again = await updateProperty(row.id, { price: 85_000 });
    expect(again.price_reduced_from).toBe(100_000);
    const unrelated = await updateProperty(row.id, { title: "Квартира у моря, 2 спальни" });
    expect(unrelated.price_reduced_from).toBe(100_000);
    const rise = await updateProperty(row.id, { price: 95_000 });
    expect(rise).toMatchObject({ price_reduced_from: null, price_reduced_at: null });
    expect(await history(row.id)).toEqual([100_000, 90_000, 85_000, 95_000]);
  });

  it("ignores what a writer sends for the reduction columns", async () => {
    const row = await createProperty({ ...base(), price_reduced_from: 1_000_000 } as never);
    expect(row.price_reduced_from).toBeNull();
    await queryRows(test.handle().db, sql`update real_estates set price_reduced_from = 5, price_reduced_at = now() where id = ${row.id}`);
    const [after] = await queryRows<{ price_reduced_from: string | null }>(
      test.handle().db,
      sql`select price_reduced_from from real_estates where id = ${row.id}`,
    );
    expect(after?.price_reduced_from).toBeNull();
  });
});

describe("old addresses", () => {
  const propertyHistory = async () =>
    queryRows<{ location_id: string; slug: string; real_estate_id: string | null }>(
      test.handle().db,
      // The Russian and Bulgarian addresses (the English ones: app/routes/site/old-addresses.db.test.ts).
      sql`select location_id, slug, real_estate_id from real_estate_slug_history where slug_column = 'slug' order by slug`,
    );

  it("a renamed or moved property's old address points at it; a deleted one's at nothing", async () => {
    const row = await createProperty(base());
    const renamed = await updateProperty(row.id, { title: "Студия у пляжа" });
    const moved = await updateProperty(row.id, { location_id: burgas.id });
    expect(moved.slug).toBe(renamed.slug);
    expect(await propertyHistory()).toEqual(
      expect.arrayContaining([
        { location_id: sozopol.id, slug: row.slug, real_estate_id: row.id },
        { location_id: sozopol.id, slug: renamed.slug, real_estate_id: row.id },
      ]),
    );
    await deleteProperty(row.id);
    const after = await propertyHistory();
    expect(after).toHaveLength(3);
    expect(after.every((r) => r.real_estate_id === null)).toBe(true);
  });

  it("taking back an old address makes it current again", async () => {
    const row = await createProperty(base());
    const renamed = await updateProperty(row.id, { title: "Студия у пляжа" });
    expect((await updateProperty(row.id, { title: base().title })).slug).toBe(row.slug);
    expect(await propertyHistory()).toEqual([{ location_id: sozopol.id, slug: renamed.slug, real_estate_id: row.id }]);
  });

  it("a renamed location keeps its old slug; deleting it with its properties leaves none behind", async () => {
    await createProperty(base());
    await updateLocation(sozopol.id, { name: "Созопол" });
    const slugs = await queryRows<{ slug: string; location_id: string }>(
      test.handle().db,
      sql`select slug, location_id from location_slug_history where slug_column = 'slug'`,
    );
    expect(slugs).toEqual([{ slug: sozopol.slug, location_id: sozopol.id }]);
    expect(await deleteLocation(sozopol.id)).toBe(true);
    expect(await queryRows(test.handle().db, sql`select * from location_slug_history`)).toEqual([]);
    expect(await propertyHistory()).toEqual([]);
  });
});
