import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "~/i18n/admin";
import { createLocation } from "~/models/locations.server";
import { MAX_IMPORT_BYTES } from "~/models/property-import.server";
import { createProperty } from "~/models/real-estates.server";
import { resetDatabase, useTestDatabase } from "../../../tests/support/test-db";
import { action } from "./import";

/**
 * /admin/import's check (issue 23 item 7): a file in another encoding, a
 * broken one, an oversized one and a good one each get their Russian answer,
 * and nothing is written. (Who may post here: guard.db.test.ts.)
 */
const test = useTestDatabase();

type Result = { data: { ok: boolean; error?: string; plan?: { counts: Record<string, number>; rows: { errors: string[] }[] } }; init: { status: number } };

async function post(file: Blob | null): Promise<Result> {
  const body = new FormData();
  if (file) body.append("file", file, "listings.csv");
  const request = new Request("http://127.0.0.1/admin/import", { method: "POST", body });
  return (await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0])) as unknown as Result;
}

const count = async () => (await test.handle().db.execute(sql`select count(*)::int as n, max(updated_at)::text as at from real_estates`)) as unknown;

beforeAll(async () => {
  await resetDatabase(test.handle());
  const location = await createLocation({ name: "Созополь", image: "/upload/locations/s.jpg" });
  await createProperty({ title: "Квартира", description: "Описание", location_id: location.id, reference: "SZ-1" });
});

describe("/admin/import", () => {
  it("answers each kind of file in Russian and writes nothing", async () => {
    const before = JSON.stringify(await count());
    // «Квартира» in Windows-1251: not UTF-8.
    const cp1251 = new Uint8Array([0xca, 0xe2, 0xe0, 0xf0, 0xf2, 0xe8, 0xf0, 0xe0]);
    const notUtf8 = await post(new Blob([Buffer.from("title,description,location\n"), cp1251, Buffer.from(",x,Созополь\n")]));
    expect([notUtf8.init.status, notUtf8.data.error]).toEqual([400, ADMIN.import.notUtf8]);
    const broken = await post(new Blob(['title,description,location\n"open,x,Созополь\n']));
    expect([broken.init.status, broken.data.error]).toEqual([400, ADMIN.import.broken(2, ADMIN.import.reasons.unclosedQuote)]);
    const huge = await post(new Blob([new Uint8Array(MAX_IMPORT_BYTES + 1)]));
    expect([huge.init.status, huge.data.error]).toEqual([400, ADMIN.import.tooBig]);
    const many = await post(new Blob([`title,description,location\n${"Квартира,x,Созополь\n".repeat(100_000)}`]));
    expect([many.init.status, many.data.error]).toEqual([400, ADMIN.import.broken(10_002, ADMIN.import.reasons.tooManyRows)]);
    // One row 100 000 columns wide (issue 30: 18 s and a 224 MB page): refused before anything is drawn.
    const wide = await post(new Blob([`${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",")}\n`]));
    expect([wide.init.status, wide.data.error, wide.data.plan]).toEqual([400, ADMIN.import.tooManyColumns, undefined]);
    const none = await post(null);
    expect([none.init.status, none.data.error]).toEqual([400, ADMIN.import.noFile]);
    const rows = `\uFEFFreference,title,description,location\nSZ-1,Квартира,Описание,Созополь\nSZ-2,Новая,Текст,Созополь\nSZ-3,,Текст,Созополь\n=1+1,"=cmd|' /C calc'!A0",x,Созополь\n`;
    const good = await post(new Blob([rows]));
    expect(good.init.status).toBe(200);
    expect(good.data.plan!.counts).toEqual({ create: 1, update: 0, unchanged: 1, error: 2 });
    expect(good.data.plan!.rows[2]!.errors).toEqual(["title: Название объекта обязательно"]);
    expect(good.data.plan!.rows[3]!.errors[0]).toMatch(/^reference: Номер объекта/);
    expect(JSON.stringify(await count())).toBe(before);
  });
});

describe("/admin/import, the import", () => {
  const postForm = async (
    fields: Record<string, string>,
  ): Promise<Result & { data: { report?: { counts: Record<string, number>; next: number; total: number } } }> => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const request = new Request("http://127.0.0.1/admin/import", { method: "POST", body });
    return (await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0])) as never;
  };

  it("imports only the file it checked, by its key: a batch, or everything at once without JS; again changes nothing", async () => {
    const unknown = await postForm({ intent: "import", file: "0".repeat(64) });
    expect([unknown.init.status, unknown.data.error]).toEqual([400, ADMIN.import.expired]);
    const checked = (await post(new Blob(["reference,title,description,location\nR-1,Первая,Текст,Созополь\nR-2,Вторая,Текст,Созополь\n"]))) as unknown as {
      data: { file: string };
    };
    expect(checked.data.file).toMatch(/^[0-9a-f]{64}$/);
    const before = JSON.stringify(await count());
    const batch = await postForm({ intent: "import", file: checked.data.file, start: "1" });
    expect([batch.data.report!.counts, batch.data.report!.next, batch.data.report!.total]).toEqual([{ created: 1, updated: 0, unchanged: 0, failed: 0 }, 2, 2]);
    expect(JSON.stringify(await count())).not.toBe(before);
    const all = await postForm({ intent: "import", file: checked.data.file });
    expect(all.data.report!.counts).toEqual({ created: 1, updated: 0, unchanged: 1, failed: 0 });
    const after = JSON.stringify(await count());
    const again = await postForm({ intent: "import", file: checked.data.file });
    expect(again.data.report!.counts).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(JSON.stringify(await count())).toBe(after);
  });
});

describe("/admin/import, the mapping step", () => {
  type Checked = {
    init: { status: number };
    data: { file: string; columns: string[]; mapping: string[]; plan: { fileErrors: string[]; counts: Record<string, number> } };
  };
  const send = async (fields: [string, string][]) => {
    const body = new FormData();
    for (const [k, v] of fields) body.append(k, v);
    const request = new Request("http://127.0.0.1/admin/import", { method: "POST", body });
    return (await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0])) as never;
  };

  it("suggests fields for other column names, checks with the admin's mapping, and imports with it", async () => {
    const csv = "Код;Название;Описание;Цена;Локация;Цвет\nM-1;Дом у моря;Текст;120000;Созополь;синий\n";
    const first = (await post(new Blob([csv]))) as unknown as Checked;
    expect(first.init.status).toBe(200);
    expect(first.data.columns).toEqual(["Код", "Название", "Описание", "Цена", "Локация", "Цвет"]);
    expect(first.data.mapping).toEqual(["reference", "title", "description", "price", "location", ""]);
    expect(first.data.plan.counts).toMatchObject({ create: 1, error: 0 });
    // The admin unmaps the description: the check refuses the file, naming the column.
    const without: Checked = await send([
      ["intent", "remap"],
      ["file", first.data.file],
      ...["reference", "title", "", "price", "location", ""].map((f) => ["map", f] as [string, string]),
    ]);
    expect([without.init.status, without.data.plan.fileErrors]).toEqual([400, ["В файле нет обязательных столбцов: description"]]);
    const bad: Result = await send([
      ["intent", "remap"],
      ["file", first.data.file],
      ["map", "title"],
      ["map", "password"],
    ]);
    expect([bad.init.status, bad.data.error]).toEqual([400, ADMIN.import.badMapping]);
    const imported: { data: { report: { counts: Record<string, number> } } } = await send([
      ["intent", "import"],
      ["file", first.data.file],
      ...first.data.mapping.map((f) => ["map", f] as [string, string]),
    ]);
    expect(imported.data.report.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 0 });
    const rows = await test.handle().db.execute(sql`select title, price::int as price from real_estates where reference = 'M-1'`);
    expect(JSON.stringify(rows)).toContain('"title":"Дом у моря","price":120000');
  });
});
