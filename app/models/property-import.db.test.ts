import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CsvError, MAX_CSV_COLUMNS, parseCsv } from "~/lib/csv";
import { getEnv } from "~/platform/env.server";
import { feedText } from "~/web/feeds/feed-http.server";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { createLocation } from "./locations.server";
import { IMPORT_BATCH, IMPORT_MESSAGES, importBatch, MAX_IMPORT_ROWS, planImport } from "./property-import.server";
import { createProperty } from "./real-estates.server";

/** The CSV import's dry run (issue 23 item 7): the export read back changes nothing; bad files and rows get Russian reasons; nothing is written. */
const test = useTestDatabase();
const ORIGIN = "https://seaside.example";
const env = () => ({ ...getEnv(), publicUrl: ORIGIN });

async function exportCsv(): Promise<string> {
  let text = "";
  for await (const piece of feedText("listings.csv", env())) text += piece;
  return text;
}

async function snapshot() {
  const rows = await test.handle().db.execute(sql`select id, updated_at from real_estates order by id`);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  await resetDatabase(test.handle());
  const sozopol = await createLocation({ name: "Созополь", name_bg: "Созопол", image: "/upload/locations/s.jpg" });
  await createProperty({
    title: '=HYPERLINK("http://evil")',
    description: 'Строка 1\nСтрока 2, "в кавычках"; точка с запятой',
    description_bg: "Описание",
    location_id: sozopol.id,
    reference: "SZ-1",
    price: 100000,
    floor: -1,
    sea_view: true,
    features: ["Балкон", "-Кондиционер"],
    images: ["/upload/properties/a.jpg", "https://cdn.example/b.jpg"],
    completion_quarter: "2027-Q2",
    construction_stage: "act14",
  });
  await createProperty({ title: "Без номера", description: "Описание", location_id: sozopol.id, status: "sold", publish_to_feeds: false });
});

describe("CSV import, dry run", () => {
  it("plans the export read back as unchanged (a row without a reference by its id), writing nothing", async () => {
    const before = await snapshot();
    const plan = await planImport(parseCsv(await exportCsv(), MAX_IMPORT_ROWS), ORIGIN);
    expect(plan.fileErrors).toEqual([]);
    expect(plan.rows.map((r) => [r.reference, r.action, r.errors])).toEqual(
      expect.arrayContaining([
        ["SZ-1", "unchanged", []],
        [null, "unchanged", []],
      ]),
    );
    expect(plan.ignoredColumns).toEqual(expect.arrayContaining(["id", "feed_id", "url_ru", "created_at"]));
    expect(await snapshot()).toBe(before);
  });

  it("plans an update when a field differs, in a `;` file as Excel writes it", async () => {
    const csv = 'reference;title;description;location;price\r\nSZ-1;"=HYPERLINK(""http://evil"")";x;Созопол;1\r\n';
    const plan = await planImport(parseCsv(csv, MAX_IMPORT_ROWS), ORIGIN);
    expect(plan.rows.map((r) => [r.row, r.action, r.errors])).toEqual([[2, "update", []]]);
  });

  it("gives each bad row its reasons in Russian and refuses a file without the required columns", async () => {
    const csv = [
      "reference,title,description,location,price,sea_line,completion_quarter",
      "A-1,Квартира,Описание,Созополь,abc,3,2027",
      "A-1,Квартира,Описание,Варна,100,,",
      ",,Описание,Созополь,,,",
      "A-2,Дом,Описание,созополь,100,1,,лишняя",
    ].join("\n");
    const plan = await planImport(parseCsv(csv, MAX_IMPORT_ROWS), ORIGIN);
    const [bad, duplicate, untitled, extra] = plan.rows;
    expect(bad!.errors).toEqual([
      "price: Пожалуйста, введите действительную цену",
      "sea_line: Линия: 1 (первая) или 2 (вторая)",
      "completion_quarter: Срок сдачи в формате ГГГГ-Qn, например 2027-Q2",
    ]);
    expect(duplicate!.errors).toEqual([IMPORT_MESSAGES.locationUnknown("Варна"), IMPORT_MESSAGES.duplicateReference(2)]);
    expect(untitled!.errors).toEqual([IMPORT_MESSAGES.referenceNeeded, "title: Название объекта обязательно"]);
    expect(extra!.errors).toEqual([IMPORT_MESSAGES.wrongCellCount(8, 7)]);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 0, error: 4 });
    const noColumns = await planImport(parseCsv("name,price\nx,1\n", MAX_IMPORT_ROWS), ORIGIN);
    expect(noColumns.fileErrors).toEqual([IMPORT_MESSAGES.missingColumns(["title", "description", "location"])]);
    expect(noColumns.rows).toEqual([]);
  });

  it("reads quotes and line breaks inside cells, numbers rows as a spreadsheet does, and refuses broken quoting and too many rows with the line", () => {
    const table = parseCsv('\uFEFFa,b\r\n"x ""y""\r\nz",2\r\n\r\n"",3\n', 10);
    expect(table.header).toEqual(["a", "b"]);
    // The header is row 1; a cell with a line break is still one row; a blank line is an (empty) row of its own.
    expect(table.rows).toEqual([
      { row: 2, cells: ['x "y"\r\nz', "2"] },
      { row: 4, cells: ["", "3"] },
    ]);
    for (const [csv, line] of [
      ['a,b\n"open,1\n', 2],
      ['a,b\n"x"y,1\n', 2],
      ['a,b\nx"y,1\n', 2],
      ["", 1],
    ] as const) {
      expect(() => parseCsv(csv, 10), csv).toThrow(CsvError);
      try {
        parseCsv(csv, 10);
      } catch (error) {
        expect((error as CsvError).line, csv).toBe(line);
      }
    }
    expect(() => parseCsv(`a\n${"1\n".repeat(11)}`, 10)).toThrow(/more than the allowed rows/);
  });

  it("refuses a file wider than MAX_CSV_COLUMNS as soon as it meets the extra column", () => {
    const wide = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",");
    for (const csv of [`${wide}\n`, `a,b\n${wide}\n`]) {
      expect(() => parseCsv(csv, 10)).toThrow(CsvError);
      try {
        parseCsv(csv, 10);
      } catch (error) {
        expect((error as CsvError).problem).toBe("tooManyColumns");
      }
    }
    const widest = Array.from({ length: MAX_CSV_COLUMNS }, (_, i) => `c${i}`).join(",");
    expect(parseCsv(`${widest}\n${widest}\n`, 10).header).toHaveLength(MAX_CSV_COLUMNS);
  });

  it("names rows in its messages as the spreadsheet shows them, after a cell of several lines", async () => {
    const csv = 'reference,title,description,location\nB-1,Квартира,"Первая строка\nвторая\nтретья",Созополь\nB-1,Повтор,Описание,Созополь\n';
    const plan = await planImport(parseCsv(csv, MAX_IMPORT_ROWS), ORIGIN);
    expect(plan.rows.map((r) => r.row)).toEqual([2, 3]);
    expect(plan.rows[1]!.errors).toEqual([IMPORT_MESSAGES.duplicateReference(2)]);
  });

  it("reads the property type in Russian, Bulgarian or English words", async () => {
    const csv = [
      "reference,title,description,location,property_type",
      "T-1,Квартира,Описание,Созополь,Апартамент",
      "T-2,Дом,Описание,Созополь,къща",
      "T-3,Дом,Описание,Созополь,Вилла",
      "T-4,Студия,Описание,Созополь,студия",
      "T-5,Гараж,Описание,Созополь,гараж",
    ].join("\n");
    const plan = await planImport(parseCsv(csv, MAX_IMPORT_ROWS), ORIGIN);
    expect(plan.rows.map((r) => [r.reference, r.action, r.errors])).toEqual([
      ["T-1", "create", []],
      ["T-2", "create", []],
      ["T-3", "create", []],
      ["T-4", "create", []],
      ["T-5", "error", ["property_type: Пожалуйста, выберите тип объекта"]],
    ]);
  });
});

describe("CSV import", () => {
  const importAll = async (csv: string) => {
    const table = parseCsv(csv, MAX_IMPORT_ROWS);
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const rows = [];
    let next = 0;
    let batches = 0;
    do {
      const report = await importBatch(table, ORIGIN, next);
      expect(report.fileErrors).toEqual([]);
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += report.counts[key];
      rows.push(...report.rows);
      next = report.next;
      batches++;
    } while (next < table.rows.length);
    return { counts, rows, batches };
  };

  it("imports the export back and changes nothing (not even updated_at)", async () => {
    const before = await snapshot();
    const { counts } = await importAll(await exportCsv());
    expect(counts).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(await snapshot()).toBe(before);
  });

  it("creates and updates by reference in batches, reports bad rows in Russian, and a second import changes nothing", async () => {
    const lines = ["reference,title,description,location,price"];
    for (let i = 0; i < IMPORT_BATCH + 20; i++) lines.push(`IMP-${i},Квартира ${i},Описание,Созопол,${1000 + i}`);
    lines.push("SZ-1,Новое название,Новое описание,Созополь,5");
    lines.push(",Без номера,Описание,Созополь,1");
    lines.push("IMP-0,Повтор,Описание,Созополь,1");
    const csv = lines.join("\n");
    const first = await importAll(csv);
    expect(first.batches).toBe(2);
    expect(first.counts).toEqual({ created: IMPORT_BATCH + 20, updated: 1, unchanged: 0, failed: 2 });
    expect(first.rows.filter((r) => r.outcome === "failed").map((r) => r.errors)).toEqual([
      [IMPORT_MESSAGES.referenceNeeded],
      [IMPORT_MESSAGES.duplicateReference(2)],
    ]);
    const rows = await test.handle().db.execute(sql`select title, price::int as price, description_bg from real_estates where reference = 'SZ-1'`);
    // Only the file's columns change: the Bulgarian description stays.
    expect(JSON.stringify(rows)).toContain('"title":"Новое название"');
    expect(JSON.stringify(rows)).toContain('"description_bg":"Описание"');
    const before = await snapshot();
    const second = await importAll(csv);
    expect(second.counts).toEqual({ created: 0, updated: 0, unchanged: IMPORT_BATCH + 21, failed: 2 });
    expect(await snapshot()).toBe(before);
  });

  it("writes the types it read from the file's words", async () => {
    const csv = "reference,title,description,location,property_type\nTW-1,Квартира,Описание,Созополь,апартамент\nTW-2,Дом,Описание,Созополь,Къща\n";
    const { counts } = await importAll(csv);
    expect(counts).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    const rows = await test.handle().db.execute(sql`select reference, property_type from real_estates where reference like 'TW-%' order by reference`);
    expect(JSON.stringify(rows)).toContain('{"reference":"TW-1","property_type":"apartment"},{"reference":"TW-2","property_type":"house"}');
  });

  it("links units of another site's export by their complex's name, its unknown id set aside (issue 33)", async () => {
    const foreign = "6f1c3c5e-8a7b-4c1d-9e2f-0a1b2c3d4e5f";
    const csv = [
      "reference,title,description,location,complex_id,complex_name",
      `CX-1,Студия,Описание,Созополь,${foreign},Pearl Garden`,
      `CX-2,Двушка,Описание,Созополь,${foreign},pearl  garden`,
      `CX-3,Трёшка,Описание,Созополь,${foreign},`,
    ].join("\n");
    const { counts, rows } = await importAll(csv);
    expect(counts).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 1 });
    expect(rows.find((r) => r.reference === "CX-3")!.errors).toEqual(["complex_id: Выбранный комплекс не существует"]);
    const units = await test
      .handle()
      .db.execute(
        sql`select r.reference, c.name from real_estates r join complexes c on c.id = r.complex_id where r.reference like 'CX-%' order by r.reference`,
      );
    expect(JSON.stringify(units)).toContain('{"reference":"CX-1","name":"Pearl Garden"},{"reference":"CX-2","name":"Pearl Garden"}');
  });

  it("lets other queries and timers run while it writes a batch (/healthz and visitors are answered meanwhile)", async () => {
    const lines = ["reference,title,description,location"];
    for (let i = 0; i < IMPORT_BATCH; i++) lines.push(`EL-${i},Квартира ${i},Описание,Созополь`);
    const table = parseCsv(lines.join("\n"), MAX_IMPORT_ROWS);
    // What /healthz does, in a loop, while the batch is written: count its answers and the timer's ticks.
    let importing = true;
    let answered = 0;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const health = (async () => {
      while (importing) {
        await test.handle().db.execute(sql`select 1`);
        answered++;
        await sleep(5);
      }
    })();
    const started = performance.now();
    const report = await importBatch(table, ORIGIN, 0);
    const took = performance.now() - started;
    importing = false;
    clearInterval(timer);
    await health;
    expect(report.counts.created).toBe(IMPORT_BATCH);
    // A turn every ~50 ms of work: 100 rows take 0.4 s or more, so several turns (written in one go, the embedded
    // database answered once and the timer never ticked). A loaded machine only makes the batch longer, and the turns more.
    expect(answered, `${answered} answers in ${Math.round(took)} ms`).toBeGreaterThanOrEqual(4);
    expect(ticks, `${ticks} ticks in ${Math.round(took)} ms`).toBeGreaterThanOrEqual(4);
  });

  it("refuses a file without the required columns and writes nothing", async () => {
    const before = await snapshot();
    const report = await importBatch(parseCsv("reference,price\nX-1,1\n", MAX_IMPORT_ROWS), ORIGIN, 0);
    expect(report.fileErrors).toEqual([IMPORT_MESSAGES.missingColumns(["title", "description", "location"])]);
    expect(await snapshot()).toBe(before);
  });
});
