import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { expectModelError } from "../../tests/support/expect-model-error";
import { twoLocations } from "../../tests/support/catalogue";
import { useTestDatabase } from "../../tests/support/test-db";
import { deleteLocation, type Location } from "./locations.server";
import {
  createProperty,
  deleteProperty,
  getProperty,
  getPropertyBySlug,
  listPropertiesOfLocation,
  moveProperty,
  movePropertyTo,
  updateProperty,
} from "./real-estates.server";

const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;

beforeEach(async () => ({ sozopol, burgas } = await twoLocations(test.handle())));

const base = () => ({ title: "Квартира у моря", description: "Светлая квартира", location_id: sozopol.id });
const titlesIn = async (id: string) => (await listPropertiesOfLocation(id)).map((r) => [r.title, r.order]);

describe("createProperty", () => {
  it("applies SPEC's defaults: empty Bulgarian texts, no price/area, apartment, end of its location", async () => {
    const first = await createProperty(base());
    expect(first).toMatchObject({
      title: "Квартира у моря",
      title_bg: "",
      description_bg: "",
      price: null,
      area: null,
      property_type: "apartment",
      images: [],
      order: 0,
      slug: "квартира-у-моря",
      features: [],
    });
    const second = await createProperty({ ...base(), title: "Дом с садом" });
    expect(second.order).toBe(1);
    const elsewhere = await createProperty({ ...base(), location_id: burgas.id });
    expect(elsewhere.order).toBe(0);
  });

  it("stores every field, numbers as numbers, and reads the aliases name and locationId", async () => {
    const created = await createProperty({
      name: "Дом у моря",
      title_bg: "Къща край морето",
      description: "Просторный дом",
      description_bg: "Просторна къща",
      price: "185 000",
      area: "120,5",
      locationId: burgas.id,
      images: ["/upload/properties/p1.webp", "upload/properties/p2.webp", "https://cdn.example.com/p3.jpg"],
      property_type: "House",
      bedrooms: "3",
      bathrooms: 2,
      year_built: 2015,
      features: "Бассейн\nПарковка\n\n",
      features_bg: ["Басейн", "Паркинг"],
    });
    expect(created).toMatchObject({
      title: "Дом у моря",
      title_bg: "Къща край морето",
      price: 185000,
      area: 120.5,
      location_id: burgas.id,
      images: ["/upload/properties/p1.webp", "/upload/properties/p2.webp", "https://cdn.example.com/p3.jpg"],
      property_type: "house",
      bedrooms: 3,
      bathrooms: 2,
      year_built: 2015,
      features: ["Бассейн", "Парковка"],
      features_bg: ["Басейн", "Паркинг"],
    });
    expect(typeof (await getProperty(created.id))!.price).toBe("number");
  });

  it("normalises images: one string → a list, other non-lists → empty, blanks dropped", async () => {
    expect((await createProperty({ ...base(), title: "A", images: "/upload/properties/one.jpg" })).images).toEqual(["/upload/properties/one.jpg"]);
    expect((await createProperty({ ...base(), title: "B", images: { 0: "x" } })).images).toEqual([]);
    expect((await createProperty({ ...base(), title: "C", images: 42 })).images).toEqual([]);
    expect((await createProperty({ ...base(), title: "D", images: ["", "  ", null, "/upload/properties/d.jpg"] })).images).toEqual([
      "/upload/properties/d.jpg",
    ]);
  });

  it("refuses input that is not an object with a title: 'Неверные данные объекта недвижимости'", async () => {
    for (const input of [null, undefined, "Квартира", [], { description: "x", location_id: sozopol.id }, { title: 5 }]) {
      await expectModelError(createProperty(input), "Неверные данные объекта недвижимости");
    }
  });

  it("uses the data layer's wording for missing title, location and description (whitespace = empty)", async () => {
    await expectModelError(createProperty({ ...base(), title: "   " }), "Title is required");
    await expectModelError(createProperty({ ...base(), location_id: undefined }), "Location is required");
    await expectModelError(createProperty({ ...base(), location_id: " " }), "Location is required");
    await expectModelError(createProperty({ ...base(), description: "\n\t " }), "Description is required");
    await expectModelError(createProperty({ ...base(), description: undefined }), "Description is required");
    expect(await listPropertiesOfLocation(sozopol.id)).toHaveLength(0);
  });

  it("refuses a location that does not exist: 'Выбранная локация не существует'", async () => {
    await expectModelError(createProperty({ ...base(), location_id: "00000000-0000-4000-8000-000000000000" }), "Выбранная локация не существует");
    await expectModelError(createProperty({ ...base(), location_id: "не-uuid" }), "Выбранная локация не существует");
  });

  it("refuses bad numbers and types with clear Russian messages", async () => {
    await expectModelError(createProperty({ ...base(), price: "дорого" }), "Пожалуйста, введите действительную цену");
    await expectModelError(createProperty({ ...base(), price: -5 }), "Пожалуйста, введите действительную цену");
    await expectModelError(createProperty({ ...base(), price: Number.NaN }), "Пожалуйста, введите действительную цену");
    await expectModelError(createProperty({ ...base(), area: "0" }), "Пожалуйста, введите действительную площадь");
    await expectModelError(createProperty({ ...base(), property_type: "villa" }), "Пожалуйста, выберите тип объекта");
    await expectModelError(createProperty({ ...base(), bedrooms: 2.5 }), "Количество спален должно быть целым числом от 0 до 100");
    await expectModelError(createProperty({ ...base(), year_built: 1700 }), "Год постройки должен быть между 1800 и 2100");
    await expectModelError(createProperty({ ...base(), images: ["javascript:alert(1)"] }), "Неверный адрес изображения");
    await expectModelError(createProperty({ ...base(), title: "x".repeat(201) }), "Название слишком длинное (не более 200 символов)");
    expect(await listPropertiesOfLocation(sozopol.id)).toHaveLength(0);
  });

  it("gives each property a slug unique within its location", async () => {
    const a = await createProperty(base());
    const b = await createProperty(base());
    const c = await createProperty(base());
    const other = await createProperty({ ...base(), location_id: burgas.id });
    expect([a.slug, b.slug, c.slug]).toEqual(["квартира-у-моря", "квартира-у-моря-2", "квартира-у-моря-3"]);
    expect(other.slug).toBe("квартира-у-моря");
    expect((await getPropertyBySlug(sozopol.id, "квартира-у-моря-2"))!.id).toBe(b.id);
    const symbols = await createProperty({ ...base(), title: "!!!" });
    expect(symbols.slug).toBe("object");
  });

  it("keeps slugs unique and positions distinct when created concurrently", async () => {
    const created = await Promise.all(Array.from({ length: 8 }, () => createProperty(base())));
    expect(new Set(created.map((r) => r.slug)).size).toBe(8);
    expect(created.map((r) => r.order).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("updateProperty", () => {
  it("writes only the fields present, and the database stamps updated_at", async () => {
    const created = await createProperty({ ...base(), price: 100000, title_bg: "Апартамент" });
    await new Promise((r) => setTimeout(r, 15));
    const updated = await updateProperty(created.id, { price: "120000", unknown_field: "ignored", created_at: "2000-01-01" });
    expect(updated).toMatchObject({ price: 120000, title: created.title, title_bg: "Апартамент", created_at: created.created_at });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
  });

  it("re-derives the slug when the title changes, unique within the location", async () => {
    await createProperty({ ...base(), title: "Студия" });
    const other = await createProperty(base());
    expect((await updateProperty(other.id, { title: "Студия" })).slug).toBe("студия-2");
  });

  it("moving to another location puts it at the end there and closes the gap", async () => {
    const a = await createProperty({ ...base(), title: "A" });
    await createProperty({ ...base(), title: "B" });
    await createProperty({ ...base(), title: "C" });
    await createProperty({ ...base(), title: "X", location_id: burgas.id });
    const moved = await updateProperty(a.id, { location_id: burgas.id });
    expect(moved.order).toBe(1);
    expect(await titlesIn(sozopol.id)).toEqual([
      ["B", 0],
      ["C", 1],
    ]);
    expect(await titlesIn(burgas.id)).toEqual([
      ["X", 0],
      ["A", 1],
    ]);
  });

  it("refuses a missing id or data: 'Неверные данные для обновления объекта'", async () => {
    const created = await createProperty(base());
    await expectModelError(updateProperty(undefined, { title: "X" }), "Неверные данные для обновления объекта");
    await expectModelError(updateProperty(created.id, "title"), "Неверные данные для обновления объекта");
  });

  it("answers an unknown id with 'Ошибка обновления: нет ответа от сервера'", async () => {
    await expectModelError(updateProperty("00000000-0000-4000-8000-000000000000", { title: "X" }), "Ошибка обновления: нет ответа от сервера");
  });

  it("validates present fields and keeps the stored data on refusal", async () => {
    const created = await createProperty({ ...base(), price: 100000 });
    await expectModelError(updateProperty(created.id, { title: "  " }), "Title is required");
    await expectModelError(updateProperty(created.id, { price: "abc" }), "Пожалуйста, введите действительную цену");
    await expectModelError(updateProperty(created.id, { location_id: "00000000-0000-4000-8000-000000000000" }), "Выбранная локация не существует");
    expect(await getProperty(created.id)).toMatchObject({ title: created.title, price: 100000, location_id: sozopol.id });
  });

  it("clears the price with an empty value ('По запросу')", async () => {
    const created = await createProperty({ ...base(), price: 100000 });
    expect((await updateProperty(created.id, { price: "" })).price).toBeNull();
  });
});

describe("deleting and ordering", () => {
  it("deleting renumbers the rest of that location 0..n-1 and leaves other locations alone", async () => {
    const items = [];
    for (const t of ["A", "B", "C", "D"]) items.push(await createProperty({ ...base(), title: t }));
    await createProperty({ ...base(), title: "X", location_id: burgas.id });
    expect(await deleteProperty(items[1]!.id)).toBe(true);
    expect(await titlesIn(sozopol.id)).toEqual([
      ["A", 0],
      ["C", 1],
      ["D", 2],
    ]);
    expect(await titlesIn(burgas.id)).toEqual([["X", 0]]);
    expect(await deleteProperty(items[1]!.id)).toBe(false);
    expect(await deleteProperty("garbage")).toBe(false);
  });

  it("moves swap with the neighbour within the same location; refused at the ends", async () => {
    const a = await createProperty({ ...base(), title: "A" });
    const b = await createProperty({ ...base(), title: "B" });
    const c = await createProperty({ ...base(), title: "C" });
    await createProperty({ ...base(), title: "X", location_id: burgas.id });
    expect(await moveProperty(a.id, "up")).toBe(false);
    expect(await moveProperty(c.id, "down")).toBe(false);
    expect(await moveProperty(b.id, "up")).toBe(true);
    expect(await titlesIn(sozopol.id)).toEqual([
      ["B", 0],
      ["A", 1],
      ["C", 2],
    ]);
    expect(await titlesIn(burgas.id)).toEqual([["X", 0]]);
    expect(await movePropertyTo(c.id, 0)).toBe(true);
    expect((await titlesIn(sozopol.id)).map(([t]) => t)).toEqual(["C", "B", "A"]);
    expect(await moveProperty("00000000-0000-4000-8000-000000000000", "up")).toBe(false);
  });

  it("repairs duplicate positions (rows written with the default order 0) when moving", async () => {
    const a = await createProperty({ ...base(), title: "A", order: 0 });
    const b = await createProperty({ ...base(), title: "B", order: 0 });
    expect(await moveProperty(b.id, "up")).toBe(true);
    const list = await listPropertiesOfLocation(sozopol.id);
    expect(list.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(list.map((r) => r.order)).toEqual([0, 1]);
  });

  it("keeps positions 0..n-1 under concurrent moves and deletes", async () => {
    const items = [];
    for (let i = 0; i < 8; i++) items.push(await createProperty({ ...base(), title: `P${i}` }));
    await Promise.all([
      ...items.map((r, i) => moveProperty(r.id, i % 2 ? "up" : "down")),
      deleteProperty(items[3]!.id),
      ...items.map((r, i) => moveProperty(r.id, i % 3 ? "down" : "up")),
    ]);
    const orders = (await listPropertiesOfLocation(sozopol.id)).map((r) => r.order);
    expect(orders).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("deleting a location removes its properties (cascade inside one transaction)", async () => {
    await createProperty(base());
    expect(await deleteLocation(sozopol.id)).toBe(true);
    const rows = await queryRows<{ n: number }>(test.handle().db, sql`select count(*)::int n from real_estates`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe("database constraints (the last line of defence)", () => {
  it("refuses rows that break the rules even when written directly", async () => {
    const db = test.handle().db;
    const insert = (values: string) =>
      db.execute(
        sql.raw(
          `insert into real_estates (title, description, location_id, slug, ${values.split("=")[0]}) values ('T', 'D', '${sozopol.id}', 's-${Math.random()}', ${values.split("=")[1]})`,
        ),
      );
    await expect(insert("property_type='villa'")).rejects.toThrow();
    await expect(insert("price=-1")).rejects.toThrow();
    await expect(insert("bedrooms=1000")).rejects.toThrow();
    await expect(
      db.execute(sql`insert into real_estates (title, description, location_id, slug) values ('T', 'D', ${"00000000-0000-4000-8000-000000000000"}, 'x')`),
    ).rejects.toThrow();
    await expect(db.execute(sql`insert into locations (name, slug) values ('   ', 'blank')`)).rejects.toThrow();
  });

  it("search_vector holds the words of the four texts folded, and follows updates", async () => {
    const created = await createProperty({ ...base(), title: "СОЗОПОЛЬ ЁЛКИ", title_bg: "Хубава КЪЩА" });
    const words = async () =>
      (await queryRows<{ word: string }>(test.handle().db, sql`select unnest(tsvector_to_array(search_vector)) as word from real_estates`)).map((r) => r.word);
    expect(await words()).toEqual(expect.arrayContaining(["созополь", "елки", "хубава", "къща"]));
    await updateProperty(created.id, { description_bg: "НОВО ОПИСАНИЕ" });
    expect(await words()).toEqual(expect.arrayContaining(["ново", "описание", "созополь", "елки"]));
    await updateProperty(created.id, { price: 5 });
    expect(await words()).toEqual(expect.arrayContaining(["ново", "описание"]));
    await updateProperty(created.id, { description_bg: "другое" });
    expect(await words()).not.toContain("ново");
  });
});
