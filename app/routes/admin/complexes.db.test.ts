import { describe, expect, it } from "vitest";
import { ADMIN } from "~/i18n/admin";
import { LANGS, TRANSLATED_LANGS, textColumn } from "~/i18n/lang";
import { parseCsv } from "~/lib/csv";
import { complexUnits } from "~/models/admin-lists.server";
import { importComplexes, MAX_COMPLEX_IMPORT_BYTES, planComplexImport } from "~/models/complex-import.server";
import { createComplex, getComplex, listComplexes } from "~/models/complexes.server";
import { createLocation } from "~/models/locations.server";
import { createProperty, getProperty, updateProperty } from "~/models/real-estates.server";
import { COMPLEX_MESSAGES } from "~/schemas/complex";
import { PROPERTY_MESSAGES } from "~/schemas/property";
import { getEnv } from "~/platform/env.server";
import { adminFormPoster } from "../../../tests/support/admin-handler";
import { useTestDatabase } from "../../../tests/support/test-db";
import { action as formAction } from "./complex-form";
import { action as importAction } from "./complex-import";
import { action as listAction } from "./complexes";
import { loader as exportLoader } from "./complexes-export";

/**
 * Issue 33 in the admin: the complex form saves every field through the
 * model and refuses bad input with the schema's Russian messages; the
 * property form links a unit by id and clears it; deleting a complex from
 * the list unlinks its units (they stay) and says how many; the edit page's
 * unit list; the CSV export and the import's dry run and import.
 */
useTestDatabase();
const ROUTE_MODULES = import.meta.glob(["./*.ts", "./*.tsx", "!./*.test.ts"]);

let n = 0;
const signedIn = () => adminFormPoster(ROUTE_MODULES, `complexes${++n}@example.com`);

type Answer = { data: { ok: boolean; message?: string | null; fields?: Record<string, string> }; init: { status: number } | null };

async function callAction(run: typeof formAction | typeof listAction, path: string, fields: Record<string, string | string[]>, params = {}): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const request = new Request(`http://127.0.0.1${path}`, { method: "POST", body });
  return (await run({ request, params, context: {} } as never)) as unknown as Answer;
}

async function place() {
  return createLocation({ name: `Равда ${++n}`, name_bg: `Равда BG ${n}`, image: "/upload/locations/l.jpg" });
}

const unit = (locationId: string, title: string) =>
  createProperty({ title, description: "У моря", price: 90_000, location_id: locationId, images: ["/upload/properties/p.jpg"] });

describe("the complex form", () => {
  it("creates a complex with every field, in each language of the site", async () => {
    const post = await signedIn();
    const location = await place();
    const name = `Марина ${n}`;
    const answer = await post("/admin/complexes/add", {
      name,
      ...Object.fromEntries(TRANSLATED_LANGS.map((lang) => [textColumn("name", lang), `${name} ${lang}`])),
      description: "Комплекс у моря",
      ...Object.fromEntries(TRANSLATED_LANGS.map((lang) => [textColumn("description", lang), `Описание ${lang}`])),
      location_id: location.id,
      developer: "Строй ООД",
      lat: "42.35",
      lng: "27.58",
      location_precision: "approximate",
      construction_stage: "act15",
      completion_quarter: "2027-q2",
      maintenance_fee_eur_m2: "12,5",
      sea_distance_m: "150",
      floors: "6",
      units_total: "48",
      facilities: ["gym", "pool", "year_round"],
      images: ["/upload/properties/a.jpg", "/upload/properties/b.jpg"],
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/complexes");
    const [saved] = await listComplexes({ locationId: location.id });
    expect(saved).toMatchObject({
      name,
      ...Object.fromEntries(TRANSLATED_LANGS.map((lang) => [textColumn("name", lang), `${name} ${lang}`])),
      description: "Комплекс у моря",
      developer: "Строй ООД",
      lat: 42.35,
      lng: 27.58,
      location_precision: "approximate",
      construction_stage: "act15",
      completion_quarter: "2027-Q2",
      maintenance_fee_eur_m2: 12.5,
      sea_distance_m: 150,
      floors: 6,
      units_total: 48,
      facilities: ["pool", "gym", "year_round"],
      images: ["/upload/properties/a.jpg", "/upload/properties/b.jpg"],
    });
    // The edit form saves a change (facilities can all be cleared).
    expect((await post(`/admin/complexes/edit/${saved!.id}`, { name, location_id: location.id, developer: "Другой" })).status).toBe(302);
    expect(await getComplex(saved!.id)).toMatchObject({ developer: "Другой", facilities: [], images: [] });
  });

  it("refuses bad input with the schema's messages, per field, and writes nothing", async () => {
    const location = await place();
    const answer = await callAction(formAction, "/admin/complexes/add", {
      name: "  ",
      location_id: location.id,
      completion_quarter: "2027",
      floors: "0",
      facilities: ["pool", "helipad"],
    });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      message: null,
      fields: {
        name: COMPLEX_MESSAGES.nameRequired,
        completion_quarter: COMPLEX_MESSAGES.quarterInvalid,
        floors: COMPLEX_MESSAGES.floorsInvalid,
        facilities: COMPLEX_MESSAGES.facilitiesInvalid,
      },
    });
    const missing = await callAction(formAction, "/admin/complexes/add", { name: "Без локации", location_id: "" });
    expect(missing.data.fields).toEqual({ location_id: COMPLEX_MESSAGES.locationRequired });
    const half = await callAction(formAction, "/admin/complexes/add", { name: "Полточки", location_id: location.id, lat: "42.3" });
    expect(half.data.fields).toEqual({ lat: COMPLEX_MESSAGES.pointInvalid });
    expect(await listComplexes({ locationId: location.id })).toEqual([]);
  });

  it("saving a complex deleted meanwhile answers 404 in Russian", async () => {
    const location = await place();
    const complex = await createComplex({ name: "Исчезнувший", location_id: location.id });
    await callAction(listAction, "/admin/complexes", { intent: "delete", id: complex.id });
    const answer = await callAction(formAction, `/admin/complexes/edit/${complex.id}`, { name: "Новое имя", location_id: location.id }, { id: complex.id });
    expect([answer.init?.status, answer.data.message]).toEqual([404, ADMIN.complexes.goneWhileEditing]);
  });
});

describe("units: linked from the property form, listed on the complex, unlinked by its deletion", () => {
  it("links two properties, lists them, clears one, and deletion leaves the other unlinked", async () => {
    const post = await signedIn();
    const location = await place();
    const complex = await createComplex({ name: "Санни Бийч", location_id: location.id });
    const first = await unit(location.id, "Студия 1");
    const second = await unit(location.id, "Студия 2");
    const form = (id: string, title: string, complexId: string) => ({
      title,
      description: "У моря",
      price: "90000",
      location_id: location.id,
      property_type: "apartment",
      images: "/upload/properties/p.jpg",
      complex_id: complexId,
    });
    for (const p of [first, second]) expect((await post(`/admin/real-estates/edit/${p.id}`, form(p.id, p.title, complex.id))).status).toBe(302);
    expect(await getProperty(first.id)).toMatchObject({ complex_id: complex.id, complex_name: "Санни Бийч" });
    expect((await complexUnits(complex.id)).map((u) => [u.title, u.status])).toEqual([
      ["Студия 1", "available"],
      ["Студия 2", "available"],
    ]);
    // A made-up complex is refused with the property schema's message; «Не в комплексе» clears the link.
    expect((await post(`/admin/real-estates/edit/${first.id}`, form(first.id, first.title, "6f1c1c1e-0000-4000-8000-000000000000"))).status).toBe(400);
    expect((await getProperty(first.id))?.complex_id).toBe(complex.id);
    expect((await post(`/admin/real-estates/edit/${first.id}`, form(first.id, first.title, ""))).status).toBe(302);
    expect(await getProperty(first.id)).toMatchObject({ complex_id: null, complex_name: null });
    expect(PROPERTY_MESSAGES.complexMissing).toBe(COMPLEX_MESSAGES.complexMissing);

    // Delete from the list: the unit stays, unlinked, and the notice says so.
    expect((await post(`/admin/real-estates/edit/${first.id}`, form(first.id, first.title, complex.id))).status).toBe(302);
    const answer = await callAction(listAction, "/admin/complexes", { intent: "delete", id: complex.id });
    expect(answer.data).toEqual({ ok: true, message: ADMIN.complexes.deleted("Санни Бийч", 2) });
    expect(answer.data.message).toBe("Комплекс «Санни Бийч» удалён. Объекты остались в каталоге без комплекса: 2.");
    expect(await getComplex(complex.id)).toBeNull();
    for (const p of [first, second]) expect(await getProperty(p.id)).toMatchObject({ id: p.id, complex_id: null, complex_name: null });
    // Again: already gone, said in Russian, a 400 — never a 5xx.
    const again = await callAction(listAction, "/admin/complexes", { intent: "delete", id: complex.id });
    expect([again.init?.status, again.data.message]).toEqual([400, ADMIN.complexes.alreadyDeleted]);
    const garbage = await callAction(listAction, "/admin/complexes", { intent: "delete", id: "'; drop table complexes; --" });
    expect([garbage.init?.status, garbage.data.message]).toEqual([400, ADMIN.complexes.alreadyDeleted]);
  });
});

describe("CSV", () => {
  it("exports every complex with every column, languages as data, and the import of that file changes nothing", async () => {
    const location = await place();
    const complex = await createComplex({
      name: "=Формула",
      description: 'Текст с "кавычками", запятой\nи строкой',
      location_id: location.id,
      facilities: ["spa", "pool"],
      images: ["/upload/properties/фото.jpg"],
      construction_stage: "act14",
      maintenance_fee_eur_m2: 9.5,
    });
    const unitOf = await unit(location.id, "Квартира в комплексе");
    await updateProperty(unitOf.id, { complex_id: complex.id });
    const response = await exportLoader();
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="complexes.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark first: Excel reads Cyrillic right only with it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const table = parseCsv(text, 1000);
    for (const lang of LANGS) {
      expect(table.header).toContain(textColumn("name", lang));
      expect(table.header).toContain(textColumn("description", lang));
      expect(table.header).toContain(`url_${lang}`);
    }
    const row = table.rows.find((r) => r.cells[table.header.indexOf("id")] === complex.id)!;
    const cell = (name: string) => row.cells[table.header.indexOf(name)];
    expect(cell("name")).toBe("'=Формула");
    expect(cell("description")).toBe('Текст с "кавычками", запятой\nи строкой');
    expect(cell("location")).toBe(location.name);
    expect(cell("facilities")).toBe("pool;spa");
    expect(cell("images")).toBe(`${getEnv().publicUrl.replace(/\/+$/, "")}/upload/properties/%D1%84%D0%BE%D1%82%D0%BE.jpg`);
    expect(cell("maintenance_fee_eur_m2")).toBe("9.5");
    expect([cell("unit_count"), cell("for_sale_count")]).toEqual(["1", "1"]);

    // The export read back: every row unchanged, nothing written.
    const plan = await planComplexImport(table, getEnv().publicUrl);
    expect(plan.fileErrors).toEqual([]);
    expect(plan.rows.find((r) => r.id === complex.id)).toMatchObject({ action: "unchanged", errors: [] });
    expect(plan.counts.error).toBe(0);
  });

  it("dry run: per-row errors in Russian, nothing written; then the import creates and updates by id", async () => {
    const location = await place();
    const existing = await createComplex({ name: "Старое имя", location_id: location.id });
    const unknownId = "6f1c1c1e-0000-4000-8000-000000000000";
    const csv = [
      "id,name,location,facilities,construction_stage,images",
      `${existing.id},Новое имя,${location.name},gym;pool,act16,`,
      `,Новый комплекс,${location.name_bg},,act15,`,
      `,,${location.name},,,`,
      `,Где-то,Атлантида,,,`,
      `${unknownId},Призрак,${location.name},,,`,
      `,Плохой,${location.name},sauna,act99,https://elsewhere.example/x.jpg`,
    ].join("\n");
    const table = parseCsv(csv, 1000);
    const before = await listComplexes({ locationId: location.id });
    const plan = await planComplexImport(table, getEnv().publicUrl);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 4 });
    expect(plan.rows.map((r) => [r.row, r.action, r.errors])).toEqual([
      [2, "update", []],
      [3, "create", []],
      [4, "error", [`name: ${COMPLEX_MESSAGES.nameRequired}`]],
      [5, "error", ["Локация «Атлантида» не найдена: создайте её или исправьте название"]],
      [6, "error", [`Комплекса с id ${unknownId} нет: уберите id, чтобы создать новый комплекс`]],
      [
        7,
        "error",
        [
          "Фото https://elsewhere.example/x.jpg: импорт берёт только фото этого сайта (из экспорта); другие загрузите в форме комплекса",
          `construction_stage: ${COMPLEX_MESSAGES.stageInvalid}`,
          `facilities: ${COMPLEX_MESSAGES.facilitiesInvalid}`,
        ],
      ],
    ]);
    expect(await listComplexes({ locationId: location.id })).toEqual(before);

    const report = await importComplexes(table, getEnv().publicUrl);
    expect(report.counts).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 4 });
    expect(await getComplex(existing.id)).toMatchObject({ name: "Новое имя", facilities: ["pool", "gym"], construction_stage: "act16" });
    expect((await listComplexes({ locationId: location.id })).map((c) => c.name)).toEqual(["Новое имя", "Новый комплекс"]);
    // The same file again: nothing new to write — the row without an id now names the complex it made (its name, its location).
    expect((await importComplexes(table, getEnv().publicUrl)).counts).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 4 });
    expect(await listComplexes({ locationId: location.id })).toHaveLength(2);
    // Two rows naming one complex (case and spacing aside) are one too many.
    const twice = parseCsv(`name,location\nДвойной,${location.name}\n  двойной ,${location.name}\n`, 1000);
    expect((await planComplexImport(twice, getEnv().publicUrl)).rows.map((r) => [r.action, r.errors])).toEqual([
      ["create", []],
      ["error", ["Этот комплекс (то же название в той же локации) уже встречается в строке 2"]],
    ]);
  });

  it("/admin/complexes/import: each kind of file answered in Russian; the import writes exactly the checked file", async () => {
    const location = await place();
    type ImportAnswer = {
      data: { ok: boolean; error?: string; file?: string; step?: string; plan?: { counts: object }; report?: { counts: object } };
      init: { status: number } | null;
    };
    const send = async (fields: Record<string, string | Blob>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const request = new Request("http://127.0.0.1/admin/complexes/import", { method: "POST", body });
      return (await importAction({ request, params: {}, context: {} } as never)) as unknown as ImportAnswer;
    };
    const T = ADMIN.complexes.import;
    const cp1251 = new Uint8Array([0xca, 0xe2, 0xe0, 0xf0, 0xf2, 0xe8, 0xf0, 0xe0]);
    const cases: [Record<string, string | Blob>, string][] = [
      [{}, T.noFile],
      [{ file: new Blob([new Uint8Array(MAX_COMPLEX_IMPORT_BYTES + 1)]) }, T.tooBig],
      [{ file: new Blob([Buffer.from("name,location\n"), cp1251, Buffer.from(",x\n")]) }, T.notUtf8],
      [{ file: new Blob([`name,location\n${"Комплекс,Равда\n".repeat(1001)}`]) }, ADMIN.import.broken(1002, T.tooManyRows)],
      [{ file: new Blob(['name,location\n"open,x\n']) }, ADMIN.import.broken(2, ADMIN.import.reasons.unclosedQuote)],
      [{ intent: "import", file: "0".repeat(64) }, T.expired],
    ];
    for (const [fields, error] of cases) {
      const answer = await send(fields);
      expect([answer.init?.status, answer.data.error]).toEqual([400, error]);
    }
    const missing = await send({ file: new Blob(["name,developer\nА,Б\n"]) });
    expect(missing.init?.status).toBe(400);
    expect(missing.data.plan).toMatchObject({ fileErrors: ["В файле нет обязательных столбцов: location"] });
    const checked = await send({ file: new Blob([`name,location\nИз файла,${location.name}\n`]) });
    expect(checked.data).toMatchObject({ ok: true, step: "check", plan: { counts: { create: 1, update: 0, unchanged: 0, error: 0 } } });
    expect(await listComplexes({ locationId: location.id })).toEqual([]);
    const imported = await send({ intent: "import", file: checked.data.file! });
    expect(imported.data).toMatchObject({ ok: true, step: "import", report: { counts: { created: 1, updated: 0, unchanged: 0, failed: 0 } } });
    expect((await listComplexes({ locationId: location.id })).map((c) => c.name)).toEqual(["Из файла"]);
  });
});
