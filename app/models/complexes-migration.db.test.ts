import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { MIGRATIONS_DIR, runMigrations } from "~/db/migrate.server";
import { openTestDatabase, testDbKind } from "../../tests/support/test-db";

/**
 * Migration 0018 (issue 33): the free-text complex_name of the properties
 * already in a catalogue becomes complexes — the same name, case and spacing
 * aside, in the same location is one complex — and the units are linked.
 */
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let handle: DatabaseHandle;
let before: string;

beforeAll(async () => {
  opened = await openTestDatabase({ migrated: false });
  handle = opened.handle;
  // The migrations up to 0017, as a catalogue of the release before complexes had them.
  before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0017-"));
  fs.cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalPath = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < "0018");
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  await runMigrations(handle, before);
});

afterAll(async () => {
  await opened?.dispose();
  fs.rmSync(before, { recursive: true, force: true });
});

it(`turns free-text complex names into linked complexes on ${testDbKind()}`, async () => {
  const [sozopol] = await queryRows<{ id: string }>(
    handle.db,
    sql`insert into locations (name, slug, slug_en, image) values ('Созополь', 'созополь', 'sozopol', '/upload/locations/a.jpg') returning id`,
  );
  const [burgas] = await queryRows<{ id: string }>(
    handle.db,
    sql`insert into locations (name, slug, slug_en, image) values ('Бургас', 'бургас', 'burgas', '/upload/locations/b.jpg') returning id`,
  );
  const names: [string, string | null][] = [
    [sozopol!.id, "Каскадас"],
    [sozopol!.id, "  каскадас "],
    [sozopol!.id, "Каскадас"],
    [sozopol!.id, "Sea  Grace"],
    [sozopol!.id, "   "],
    [sozopol!.id, null],
    [burgas!.id, "КАСКАДАС"],
  ];
  let n = 0;
  for (const [location, name] of names) {
    n++;
    await handle.db.execute(
      sql`insert into real_estates (title, description, location_id, slug, slug_en, complex_name, created_at)
          values (${`Объект ${n}`}, 'Описание', ${location}, ${`obekt-${n}`}, ${`obekt-${n}`}, ${name}, now() + ${`${n} seconds`}::interval)`,
    );
  }

  await runMigrations(handle);

  const complexes = await queryRows<{ id: string; name: string; location_id: string; slug: string; slug_en: string }>(
    handle.db,
    sql`select id, name, location_id, slug, slug_en from complexes order by location_id = ${sozopol!.id} desc, name`,
  );
  expect(
    complexes.map(({ name, location_id, slug, slug_en }) => ({ name, location: location_id === sozopol!.id ? "Созополь" : "Бургас", slug, slug_en })),
  ).toEqual([
    // The spelling most of its units use.
    { name: "Sea Grace", location: "Созополь", slug: "sea-grace", slug_en: "sea-grace" },
    { name: "Каскадас", location: "Созополь", slug: "каскадас", slug_en: "kaskadas" },
    { name: "КАСКАДАС", location: "Бургас", slug: "каскадас", slug_en: "kaskadas" },
  ]);
  const units = await queryRows<{ title: string; complex_name: string | null; complex: string | null }>(
    handle.db,
    sql`select r.title, r.complex_name, c.name as complex from real_estates r left join complexes c on c.id = r.complex_id order by r.created_at`,
  );
  expect(units).toEqual([
    { title: "Объект 1", complex_name: "Каскадас", complex: "Каскадас" },
    { title: "Объект 2", complex_name: "Каскадас", complex: "Каскадас" },
    { title: "Объект 3", complex_name: "Каскадас", complex: "Каскадас" },
    { title: "Объект 4", complex_name: "Sea Grace", complex: "Sea Grace" },
    { title: "Объект 5", complex_name: null, complex: null },
    { title: "Объект 6", complex_name: null, complex: null },
    { title: "Объект 7", complex_name: "КАСКАДАС", complex: "КАСКАДАС" },
  ]);
});
