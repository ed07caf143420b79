import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { COMPLEX_MESSAGES } from "~/schemas/complex";
import { PROPERTY_MESSAGES } from "~/schemas/property";
import { twoLocations } from "../../tests/support/catalogue";
import { expectModelError } from "../../tests/support/expect-model-error";
import { useTestDatabase } from "../../tests/support/test-db";
import { complexForName, countUnits, createComplex, deleteComplex, getComplex, getComplexBySlug, listComplexes, updateComplex } from "./complexes.server";
import { allReferencedKeys } from "./image-references.server";
import type { Location } from "./locations.server";
import { createProperty, getProperty, updateProperty } from "./real-estates.server";

const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;

beforeEach(async () => {
  ({ sozopol, burgas } = await twoLocations(test.handle()));
});

const unit = (extra: Record<string, unknown> = {}) => ({ title: "Студия у моря", description: "Светлая студия", location_id: sozopol.id, ...extra });

describe("createComplex", () => {
  it("stores the facts, facilities in the list's order, and addresses in Cyrillic and Latin", async () => {
    const complex = await createComplex({
      name: "Каскадас  Фемили",
      name_en: "Cascadas Family",
      location_id: sozopol.id,
      developer: "Артур Строй",
      construction_stage: "act15",
      completion_quarter: "2027-q2",
      maintenance_fee_eur_m2: "12,5",
      sea_distance_m: "350",
      floors: 6,
      units_total: "120",
      facilities: ["spa", "pool", "POOL", "year_round"],
      images: ["/upload/properties/c1.webp"],
      lat: 42.41,
      lng: 27.69,
    });
    expect(complex).toMatchObject({
      name: "Каскадас  Фемили",
      slug: "каскадас-фемили",
      slug_en: "cascadas-family",
      construction_stage: "act15",
      completion_quarter: "2027-Q2",
      maintenance_fee_eur_m2: 12.5,
      sea_distance_m: 350,
      floors: 6,
      units_total: 120,
      facilities: ["pool", "spa", "year_round"],
      public_lat: 42.41,
      public_lng: 27.69,
    });
    // A second one of the same name in the location gets -2; elsewhere the plain address.
    expect((await createComplex({ name: "Каскадас Фемили", location_id: sozopol.id })).slug).toBe("каскадас-фемили-2");
    expect((await createComplex({ name: "Каскадас Фемили", location_id: burgas.id })).slug).toBe("каскадас-фемили");
    expect(await getComplexBySlug(sozopol.id, "КАСКАДАС-ФЕМИЛИ")).toMatchObject({ id: complex.id });
    expect(await getComplexBySlug(sozopol.id, "cascadas-family", "slug_en")).toMatchObject({ id: complex.id });
  });

  it("refuses bad input with the Russian messages and writes nothing", async () => {
    await expectModelError(createComplex({ name: "  ", location_id: sozopol.id }), COMPLEX_MESSAGES.nameRequired);
    await expectModelError(createComplex({ name: "A", location_id: sozopol.id, facilities: ["pool", "casino"] }), COMPLEX_MESSAGES.facilitiesInvalid);
    await expectModelError(createComplex({ name: "A", location_id: sozopol.id, construction_stage: "act17" }), COMPLEX_MESSAGES.stageInvalid);
    await expectModelError(createComplex({ name: "A", location_id: sozopol.id, lat: 42 }), COMPLEX_MESSAGES.pointInvalid);
    await expectModelError(createComplex({ name: "A", location_id: "00000000-0000-4000-8000-000000000000" }), COMPLEX_MESSAGES.locationMissing);
    await expectModelError(createComplex({ name: "A", location_id: sozopol.id, floors: 0 }), COMPLEX_MESSAGES.floorsInvalid);
    expect(await listComplexes()).toEqual([]);
  });

  it("shows an approximate complex's point only moved", async () => {
    const complex = await createComplex({ name: "Тихий", location_id: sozopol.id, lat: 42.41, lng: 27.69, location_precision: "approximate" });
    expect(complex.public_lat).not.toBeNull();
    expect(Math.abs(complex.public_lat! - 42.41) + Math.abs(complex.public_lng! - 27.69)).toBeGreaterThan(0.0005);
  });
});

describe("units", () => {
  it("links a unit by id, and complex_name follows the complex's name", async () => {
    const complex = await createComplex({ name: "Sea Grace", location_id: sozopol.id });
    const flat = await createProperty(unit({ complex_id: complex.id }));
    expect(flat).toMatchObject({ complex_id: complex.id, complex_name: "Sea Grace" });
    await updateComplex(complex.id, { name: "Sea Grace Deluxe" });
    expect(await getProperty(flat.id)).toMatchObject({ complex_id: complex.id, complex_name: "Sea Grace Deluxe" });
    // A name sent beside the id changes nothing: the link names it.
    expect(await updateProperty(flat.id, { complex_id: complex.id, complex_name: "Другое" })).toMatchObject({ complex_name: "Sea Grace Deluxe" });
    // Unlinked: no name either.
    expect(await updateProperty(flat.id, { complex_id: "" })).toMatchObject({ complex_id: null, complex_name: null });
  });

  it("links a unit by name to the location's complex of that name, case and spacing aside, or makes one", async () => {
    const complex = await createComplex({ name: "Sea Grace", location_id: sozopol.id });
    const flat = await createProperty(unit({ complex_name: "  sea   GRACE " }));
    expect(flat).toMatchObject({ complex_id: complex.id, complex_name: "Sea Grace" });
    // The same name in another location is another complex.
    const elsewhere = await createProperty(unit({ location_id: burgas.id, complex_name: "Sea Grace" }));
    expect(elsewhere.complex_id).not.toBe(complex.id);
    expect(await getComplex(elsewhere.complex_id)).toMatchObject({ name: "Sea Grace", location_id: burgas.id });
    // An empty name unlinks.
    expect(await updateProperty(flat.id, { complex_name: "" })).toMatchObject({ complex_id: null });
    expect(await listComplexes()).toHaveLength(2);
  });

  it("refuses a link to a complex that does not exist, naming the field", async () => {
    const error = await expectModelError(createProperty(unit({ complex_id: "00000000-0000-4000-8000-000000000000" })), PROPERTY_MESSAGES.complexMissing);
    expect(error.fields).toEqual({ complex_id: PROPERTY_MESSAGES.complexMissing });
    await expectModelError(createProperty(unit({ complex_id: "not-a-uuid" })), PROPERTY_MESSAGES.complexMissing);
  });

  it("deleting a complex unlinks its units, never deletes them, and says how many", async () => {
    const complex = await createComplex({ name: "Роял Бийч", location_id: sozopol.id, images: ["/upload/properties/royal.webp"] });
    const a = await createProperty(unit({ complex_id: complex.id }));
    const b = await createProperty(unit({ complex_id: complex.id, status: "sold" }));
    expect(await countUnits(complex.id)).toBe(2);
    expect((await listComplexes()).find((c) => c.id === complex.id)).toMatchObject({ unit_count: 2, for_sale_count: 1 });
    expect(await deleteComplex(complex.id)).toEqual({ unlinked: 2 });
    for (const id of [a.id, b.id]) expect(await getProperty(id)).toMatchObject({ complex_id: null, complex_name: null });
    expect(await deleteComplex(complex.id)).toBeNull();
    expect(await deleteComplex("nope")).toBeNull();
  });
});

describe("addresses and photos", () => {
  it("a renamed or moved complex keeps its old addresses; a deleted one's are marked gone", async () => {
    const complex = await createComplex({ name: "Золотой берег", location_id: sozopol.id });
    await updateComplex(complex.id, { name: "Золотой пляж" });
    await updateComplex(complex.id, { location_id: burgas.id });
    const history = await queryRows<{ slug_column: string; location_id: string; slug: string; complex_id: string | null }>(
      test.handle().db,
      sql`select slug_column, location_id, slug, complex_id from complex_slug_history order by changed_at, slug_column, slug`,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        { slug_column: "slug", location_id: sozopol.id, slug: "золотой-берег", complex_id: complex.id },
        { slug_column: "slug_en", location_id: sozopol.id, slug: "zolotoy-bereg", complex_id: complex.id },
        { slug_column: "slug", location_id: sozopol.id, slug: "золотой-пляж", complex_id: complex.id },
      ]),
    );
    await deleteComplex(complex.id);
    const gone = await queryRows<{ n: number }>(
      test.handle().db,
      sql`select count(*)::int as n from complex_slug_history where location_id = ${burgas.id} and complex_id is null`,
    );
    expect(gone[0]!.n).toBe(2);
  });

  it("a complex's photos count as used, so the sweep and the release keep them", async () => {
    await createComplex({ name: "Фото", location_id: sozopol.id, images: ["/upload/properties/complex-photo.webp"] });
    expect(await allReferencedKeys()).toContain("properties/complex-photo.webp");
  });

  it("complexForName ignores an empty name", async () => {
    expect(await complexForName(test.handle().db, sozopol.id, "   ")).toBeNull();
  });
});
