import { describe, expect, it } from "vitest";
import { expectModelError } from "../../tests/support/expect-model-error";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import { inboxItem, listInbox } from "./admin-lists.server";
import { createContactSubmission, getContactSubmission } from "./contact-submissions.server";
import { createLocation } from "./locations.server";
import { createProperty, deleteProperty, updateProperty } from "./real-estates.server";
import { readShortlist } from "./shortlist.server";
import { db } from "~/db/client.server";
import { sql } from "drizzle-orm";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy";

useEmptyTestDatabase();

const valid = { name: "Анна", email: "anna@example.com", message: "Пришлите подробности" };
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function catalogue() {
  const location = await createLocation({ name: "Созопол", image: "/upload/locations/s.jpg" });
  const make = (title: string, extra: Record<string, unknown> = {}) => createProperty({ title, description: "У моря", location_id: location.id, ...extra });
  return { location, a: await make("Альфа", { price: 100000, area: 50, sea_view: true }), b: await make("Бета"), c: await make("Гамма") };
}

describe("readShortlist (issue 22)", () => {
  it("gives the link's properties in its order, a sold one as it is, a missing one by its id alone", async () => {
    const { a, b, c } = await catalogue();
    await updateProperty(b.id, { status: "sold" });
    await deleteProperty(c.id);
    const entries = await readShortlist([b.id, UNKNOWN, a.id, c.id]);
    expect(entries.map((e) => [e.id, e.item?.title ?? null, e.item?.status ?? null])).toEqual([
      [b.id, "Бета", "sold"],
      [UNKNOWN, null, null],
      [a.id, "Альфа", "available"],
      [c.id, null, null],
    ]);
    // The compare page's facts come along.
    expect(entries[2]!.item).toMatchObject({ price: 100000, area: 50, sea_view: true, features: [], location_slug: "созопол" });
  });

  it("reads nothing for an empty list and leaves out anything that is not an id", async () => {
    expect(await readShortlist([])).toEqual([]);
    expect(await readShortlist(["nope", "1' or '1'='1"])).toEqual([]);
  });
});

describe("a shortlist sent to the agent (property_ids)", () => {
  it("is stored in its order, without repeats; ids no longer in the catalogue are dropped, the request kept", async () => {
    const { a, b, c } = await catalogue();
    await deleteProperty(c.id);
    const row = await createContactSubmission(valid, { propertyIds: [b.id, a.id.toUpperCase(), UNKNOWN, c.id, b.id] });
    expect(row.property_ids).toEqual([b.id, a.id]);
    expect((await getContactSubmission(row.id))!.property_ids).toEqual([b.id, a.id]);
    // A plain request has an empty list.
    expect((await createContactSubmission(valid)).property_ids).toEqual([]);
  });

  it("refuses anything but a list of at most 30 ids, in the page's language, and stores nothing", async () => {
    const ids = Array.from({ length: 31 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const ru = "Неверный список объектов: нужны номера объектов, не больше 30.";
    await expectModelError(createContactSubmission(valid, { propertyIds: ids }), ru);
    await expectModelError(createContactSubmission(valid, { propertyIds: ["nope"] }), ru);
    await expectModelError(createContactSubmission(valid, { propertyIds: "00000000-0000-4000-8000-000000000000" }), ru);
    await expectModelError(createContactSubmission(valid, { propertyIds: [{ id: UNKNOWN }] }), ru);
    await expectModelError(
      createContactSubmission(valid, { propertyIds: ["x"], lang: "bg" }),
      "Невалиден списък с имоти: нужни са номера на имоти, не повече от 30.",
    );
    // The contact form's own rules come first (SPEC §5).
    await expectModelError(createContactSubmission({ ...valid, email: "nope" }, { propertyIds: ["x"] }), "Пожалуйста, введите действительный email");
    expect((await listInbox({})).total).toBe(0);
  });

  it("is bounded by the database too", async () => {
    const ids = Array.from({ length: 31 }, (_, i) => `'00000000-0000-4000-8000-${String(i).padStart(12, "0")}'`).join(",");
    const insert = db().execute(
      sql.raw(`insert into contact_submissions (name, email, message, property_ids) values ('a', 'a@b.co', 'm', array[${ids}]::uuid[])`),
    );
    const error = await insert.then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
    );
    expect(error?.cause).toMatchObject({ code: "23514" });
  });

  it("shows in the admin inbox and its detail as links, a deleted property marked", async () => {
    const { a, b } = await catalogue();
    const row = await createContactSubmission(valid, { propertyIds: [a.id, b.id] });
    await createContactSubmission({ ...valid, name: "Без подборки" });
    await deleteProperty(b.id);
    const { items } = await listInbox({});
    const listed = items.find((i) => i.id === row.id)!;
    expect(listed.shortlist).toEqual([
      { id: a.id, title: "Альфа", property_slug: a.slug, location_slug: "созопол" },
      { id: b.id, title: null, property_slug: null, location_slug: null },
    ]);
    expect(items.find((i) => i.id !== row.id)!.shortlist).toEqual([]);
    expect((await inboxItem(row.id))!.shortlist).toEqual(listed.shortlist);
  });
});

describe("consent (issue 22)", () => {
  it("records a known privacy notice version with the time; anything else records none", async () => {
    const before = Date.now();
    const given = await createContactSubmission(valid, { consent: PRIVACY_NOTICE_VERSION });
    expect(given.consent_version).toBe(PRIVACY_NOTICE_VERSION);
    expect(Date.parse(given.consent_at!)).toBeGreaterThanOrEqual(before - 5000);
    for (const consent of [undefined, "", "1999-01-01", "yes", ["2026-11-26"]]) {
      const row = await createContactSubmission(valid, { consent });
      expect([row.consent_version, row.consent_at], JSON.stringify(consent)).toEqual([null, null]);
    }
    expect((await inboxItem(given.id))!).toMatchObject({ consent_version: PRIVACY_NOTICE_VERSION, consent_at: given.consent_at });
  });

  it("the database keeps the version and the time together", async () => {
    const insert = db().execute(sql.raw(`insert into contact_submissions (name, email, message, consent_version) values ('a', 'a@b.co', 'm', '2026-11-26')`));
    const error = await insert.then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string } },
    );
    expect(error?.cause).toMatchObject({ code: "23514" });
  });
});
