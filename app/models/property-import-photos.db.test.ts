import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import type { RemoteFetchDeps } from "~/storage/remote-image.server";
import { useTempImageStore } from "../../tests/support/temp-image-store";
import { useTestDatabase } from "../../tests/support/test-db";
import { createLocation } from "./locations.server";
import { IMPORT_MESSAGES, importBatch, MAX_IMPORT_ROWS, planImport } from "./property-import.server";

/**
 * The CSV import's photos by URL (decision 0028): fetched through an injected
 * network (no outside host), stored once under a name from the URL, the
 * refused ones reported per row with nothing written for that row.
 */
const test = useTestDatabase();
const { root, store } = useTempImageStore(test, "import-photos", { asDataDir: true });
const ORIGIN = "https://seaside.example";

/**
 * Sozopol, for the rows to name, and a network serving an 8×8 PNG of
 * `background` at every .png address (404 elsewhere), recording each call.
 */
async function sozopolAndNetwork(background: string) {
  await createLocation({ name: "Созополь", image: "/upload/locations/s.jpg" });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
  const calls: string[] = [];
  const deps: RemoteFetchDeps = {
    resolve: async (host) => ({ "photos.example": ["93.184.216.34"], "intranet.example": ["10.1.2.3"] })[host] ?? [],
    request: async (url) => {
      calls.push(url.href);
      return url.pathname.endsWith(".png")
        ? { status: 200, location: null, contentLength: png.byteLength, body: [png] }
        : { status: 404, location: null, contentLength: null, body: [] };
    },
  };
  return { deps, calls };
}

/** The import's parsed rows of a CSV file with these lines under its header. */
const csvRows = (...lines: string[]) => parseCsv(["reference,title,description,location,images", ...lines].join("\n"), MAX_IMPORT_ROWS);

const images = async (reference: string) => {
  const rows = (await test.handle().db.execute(sql`select images from real_estates where reference = ${reference}`)) as unknown as {
    rows?: { images: string[] }[];
  };
  return (rows.rows ?? (rows as unknown as { images: string[] }[]))[0]?.images ?? null;
};

describe("CSV import, photos by URL", () => {
  it("fetches new photo URLs once, stores them, and a second import changes nothing; refused photos fail their row", async () => {
    const net = await sozopolAndNetwork("#c63");
    const rows = () =>
      csvRows(
        'P-1,С фото,Описание,Созополь,"http://photos.example/a.png\nhttps://photos.example/b.png"',
        "P-2,Внутренний адрес,Описание,Созополь,http://intranet.example/a.png",
        "P-3,Локальный,Описание,Созополь,http://127.0.0.1:9916/a.png",
      );
    const plan = await planImport(rows(), ORIGIN);
    expect(plan.counts).toMatchObject({ create: 3, error: 0 });
    expect(net.calls).toEqual([]);

    const first = await importBatch(rows(), ORIGIN, 0, net.deps);
    expect(first.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 });
    expect(first.rows[1]!.errors).toEqual([
      IMPORT_MESSAGES.photoFailed("http://intranet.example/a.png", "адрес фото ведёт не в интернет (локальный или внутренний адрес) — такие не загружаются"),
    ]);
    expect(first.rows[2]!.errors[0]).toMatch(/^Фото http:\/\/127\.0\.0\.1:9916\/a\.png не загружено: адрес фото ведёт не в интернет/);
    expect(await images("P-2")).toBeNull();
    const stored = (await images("P-1"))!;
    expect(stored).toEqual([expect.stringMatching(/^\/upload\/properties\/url-[0-9a-f]{32}\.png$/), expect.stringMatching(/^\/upload\/properties\/url-/)]);
    expect(await store.head(stored[0]!.replace("/upload/", ""))).not.toBeNull();
    expect(net.calls).toEqual(["http://photos.example/a.png", "https://photos.example/b.png"]);

    const again = await importBatch(rows(), ORIGIN, 0, net.deps);
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 1, failed: 2 });
    expect(net.calls).toHaveLength(2);
    expect(await images("P-1")).toEqual(stored);
  });

  it("leaves no stored photo behind for a row that is not written", async () => {
    const net = await sozopolAndNetwork("#36c");
    // The first photo loads, the second is missing (404): the row fails, and the first one's copy must not stay as an orphan.
    const rows = csvRows('P-9,Половина фото,Описание,Созополь,"http://photos.example/ok.png\nhttp://photos.example/gone.jpg"');
    const report = await importBatch(rows, ORIGIN, 0, net.deps);
    expect(report.counts).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 1 });
    expect(report.rows[0]!.errors[0]).toMatch(/^Фото http:\/\/photos\.example\/gone\.jpg не загружено/);
    expect(net.calls).toEqual(["http://photos.example/ok.png", "http://photos.example/gone.jpg"]);
    expect(await images("P-9")).toBeNull();
    const dir = path.join(root, "upload", "properties");
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith("url-")) : []).toEqual([]);
  });
});
