import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import { expectModelError } from "../../tests/support/expect-model-error";
import {
  createLocation,
  deleteLocation,
  ensureDefaultLocations,
  getLocation,
  getLocationBySlug,
  listLocations,
  listLocationsWithCounts,
  moveLocation,
  moveLocationTo,
  updateLocation,
} from "./locations.server";
import { createProperty, listPropertiesOfLocation } from "./real-estates.server";

const test = useEmptyTestDatabase();

const IMG = "/upload/locations/locations-1700000000000-abc.jpg";

async function orders() {
  return (await listLocations()).map((l) => [l.name, l.order]);
}

describe("default locations", () => {
  it("creates the six of SPEC §3 in order 0–5 with empty images, Bulgarian names set", async () => {
    expect(await ensureDefaultLocations()).toBe(6);
    const list = await listLocations();
    expect(list.map((l) => l.name)).toEqual(["Созополь", "Черноморец", "Равда", "Бургас", "Каблешково", "Приморско"]);
    expect(list.map((l) => l.name_bg)).toEqual(["Созопол", "Черноморец", "Равда", "Бургас", "Каблешково", "Приморско"]);
    expect(list.map((l) => l.order)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(list.every((l) => l.image === "")).toBe(true);
    expect(list[0]!.slug).toBe("созополь");
  });

  it("does nothing when a location exists, and is safe when started twice at once", async () => {
    const results = await Promise.all([ensureDefaultLocations(), ensureDefaultLocations()]);
    expect(results.sort()).toEqual([0, 6]);
    expect(await ensureDefaultLocations()).toBe(0);
    expect(await listLocations()).toHaveLength(6);
  });
});

describe("createLocation", () => {
  it("creates at the end of the list (order = current count) with a Cyrillic slug", async () => {
    await ensureDefaultLocations();
    const created = await createLocation({ name: "  Несебър  ", name_bg: "Несебър", image: IMG });
    expect(created).toMatchObject({ name: "Несебър", name_bg: "Несебър", image: IMG, order: 6, slug: "несебър" });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.created_at)).not.toBeNaN();
  });

  it("prefixes a relative image path with /", async () => {
    const created = await createLocation({ name: "Поморие", image: "upload/locations/x.jpg" });
    expect(created.image).toBe("/upload/locations/x.jpg");
  });

  it("refuses input that is not an object with a name: 'Неверные данные локации'", async () => {
    await expectModelError(createLocation(null), "Неверные данные локации");
    await expectModelError(createLocation("Созополь"), "Неверные данные локации");
    await expectModelError(createLocation({ image: IMG }), "Неверные данные локации");
    await expectModelError(createLocation({ name: 42, image: IMG }), "Неверные данные локации");
  });

  it("requires a name and an image with SPEC's messages; whitespace counts as empty", async () => {
    const e1 = await expectModelError(createLocation({ name: "   ", image: IMG }), "Название обязательно");
    expect(e1.fields.name).toBe("Название обязательно");
    const e2 = await expectModelError(createLocation({ name: "Поморие", image: "  " }), "Изображение обязательно");
    expect(e2.fields.image).toBe("Изображение обязательно");
    expect(await listLocations()).toHaveLength(0);
  });

  it("answers a duplicate name with 'Такая локация уже существует' (23505)", async () => {
    await createLocation({ name: "Бургас", image: IMG });
    const error = await expectModelError(createLocation({ name: "Бургас", image: IMG }), "Такая локация уже существует");
    expect(error.pgCode).toBe("23505");
    // A name that differs only in case has the same address: also a duplicate.
    await expectModelError(createLocation({ name: "БУРГАС", image: IMG }), "Такая локация уже существует");
    expect(await listLocations()).toHaveLength(1);
  });

  it("refuses names that collide with the site's own paths or give no address", async () => {
    await expectModelError(createLocation({ name: "Properties", image: IMG }), "Это название совпадает со служебным адресом сайта. Выберите другое название.");
    await expectModelError(createLocation({ name: "Admin", image: IMG }), "Это название совпадает со служебным адресом сайта. Выберите другое название.");
    await expectModelError(createLocation({ name: "!!!", image: IMG }), "Название должно содержать буквы или цифры");
  });

  it("refuses image references that are not paths or http(s) URLs", async () => {
    await expectModelError(createLocation({ name: "Поморие", image: "javascript:alert(1)" }), "Неверный адрес изображения");
    await expectModelError(createLocation({ name: "Поморие", image: "/upload/../../etc/passwd" }), "Неверный адрес изображения");
  });

  it("refuses over-long names", async () => {
    await expectModelError(createLocation({ name: "я".repeat(101), image: IMG }), "Название слишком длинное (не более 100 символов)");
  });
});

describe("updateLocation", () => {
  it("updates the given fields, re-derives the slug, and the database stamps updated_at", async () => {
    const created = await createLocation({ name: "Поморие", image: IMG });
    await new Promise((r) => setTimeout(r, 15));
    const updated = await updateLocation(created.id, { name: "Ахелой", name_bg: "Ахелой" });
    expect(updated).toMatchObject({ name: "Ахелой", name_bg: "Ахелой", slug: "ахелой", image: IMG, order: 0 });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
  });

  it("refuses a missing id or data: 'Неверные данные для обновления локации'", async () => {
    const created = await createLocation({ name: "Поморие", image: IMG });
    await expectModelError(updateLocation(undefined, { name: "X" }), "Неверные данные для обновления локации");
    await expectModelError(updateLocation(created.id, null), "Неверные данные для обновления локации");
    await expectModelError(updateLocation("not-a-uuid", { name: "X" }), "Неверные данные для обновления локации");
  });

  it("answers a duplicate name with 'Локация с таким названием уже существует' and keeps the data", async () => {
    await createLocation({ name: "Бургас", image: IMG });
    const other = await createLocation({ name: "Равда", image: IMG });
    const error = await expectModelError(updateLocation(other.id, { name: "Бургас" }), "Локация с таким названием уже существует");
    expect(error.pgCode).toBe("23505");
    expect((await getLocation(other.id))!.name).toBe("Равда");
  });

  it("answers an unknown id with 'Ошибка обновления: нет ответа от сервера'", async () => {
    const error = await expectModelError(updateLocation("00000000-0000-4000-8000-000000000000", { name: "X" }), "Ошибка обновления: нет ответа от сервера");
    expect(error.kind).toBe("not_found");
  });

  it("refuses a blank name but allows removing the image", async () => {
    const created = await createLocation({ name: "Поморие", image: IMG });
    await expectModelError(updateLocation(created.id, { name: " " }), "Название обязательно");
    expect((await updateLocation(created.id, { image: "" })).image).toBe("");
  });
});

describe("deleteLocation", () => {
  it("deletes its properties, then the location, then renumbers the rest 0..n-1", async () => {
    await ensureDefaultLocations();
    const list = await listLocations();
    const victim = list[2]!; // Равда
    for (const title of ["Квартира А", "Квартира Б"]) {
      await createProperty({ title, description: "Описание", location_id: victim.id });
    }
    expect(await deleteLocation(victim.id)).toBe(true);
    expect(await orders()).toEqual([
      ["Созополь", 0],
      ["Черноморец", 1],
      ["Бургас", 2],
      ["Каблешково", 3],
      ["Приморско", 4],
    ]);
    expect(await listPropertiesOfLocation(victim.id)).toHaveLength(0);
    const [{ n }] = (await queryRows<{ n: number }>(test.handle().db, sql`select count(*)::int n from real_estates`)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("returns false for an unknown or malformed id and changes nothing", async () => {
    await ensureDefaultLocations();
    expect(await deleteLocation("00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await deleteLocation("'; drop table locations; --")).toBe(false);
    expect(await listLocations()).toHaveLength(6);
  });
});

describe("moving locations", () => {
  it("swaps with the neighbour and refuses at the ends", async () => {
    await ensureDefaultLocations();
    const [first, second, , , , last] = await listLocations();
    expect(await moveLocation(first!.id, "up")).toBe(false);
    expect(await moveLocation(last!.id, "down")).toBe(false);
    expect(await moveLocation(second!.id, "up")).toBe(true);
    expect((await orders()).slice(0, 2)).toEqual([
      ["Черноморец", 0],
      ["Созополь", 1],
    ]);
    expect(await moveLocation(second!.id, "down")).toBe(true);
    expect((await orders()).slice(0, 2)).toEqual([
      ["Созополь", 0],
      ["Черноморец", 1],
    ]);
  });

  it("returns false for unknown ids", async () => {
    expect(await moveLocation("00000000-0000-4000-8000-000000000000", "up")).toBe(false);
    expect(await moveLocation(12, "down")).toBe(false);
  });

  it("moves to a position (drag-and-drop), shifting the others", async () => {
    await ensureDefaultLocations();
    const list = await listLocations();
    expect(await moveLocationTo(list[5]!.id, 1)).toBe(true);
    expect((await orders()).map(([n]) => n)).toEqual(["Созополь", "Приморско", "Черноморец", "Равда", "Бургас", "Каблешково"]);
    expect((await orders()).map(([, o]) => o)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("leaves positions 0..n-1 without duplicates after many concurrent moves", async () => {
    await ensureDefaultLocations();
    const ids = (await listLocations()).map((l) => l.id);
    const moves = Array.from({ length: 40 }, (_, i) => moveLocation(ids[i % ids.length]!, i % 3 === 0 ? "up" : "down"));
    await Promise.all(moves);
    const positions = (await listLocations()).map((l) => l.order).sort((a, b) => a - b);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("reading", () => {
  it("lists with property counts and finds by slug", async () => {
    await ensureDefaultLocations();
    const burgas = (await getLocationBySlug("бургас"))!;
    expect(burgas.name).toBe("Бургас");
    expect(await getLocationBySlug("БУРГАС")).toMatchObject({ id: burgas.id });
    await createProperty({ title: "Дом", description: "Описание", location_id: burgas.id });
    const counts = Object.fromEntries((await listLocationsWithCounts()).map((l) => [l.name, l.property_count]));
    expect(counts).toMatchObject({ Бургас: 1, Созополь: 0 });
    expect(await getLocation("nonsense")).toBeNull();
    expect(await getLocationBySlug("нет-такой")).toBeNull();
  });
});

describe("content version (what cached pages depend on)", () => {
  it("changes with every write to locations or properties, not with contact requests", async () => {
    const version = async () => (await queryRows<{ version: string }>(test.handle().db, sql`select version::text from content_version`))[0]!.version;
    const v0 = await version();
    const location = await createLocation({ name: "Несебър", image: IMG });
    const v1 = await version();
    expect(v1).not.toBe(v0);
    await createProperty({ title: "Дом", description: "Описание", location_id: location.id });
    const v2 = await version();
    expect(v2).not.toBe(v1);
    await test.handle().db.execute(sql`insert into contact_submissions (name, email, message) values ('a', 'a@b.co', 'm')`);
    expect(await version()).toBe(v2);
  });
});
