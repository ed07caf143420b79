import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { realEstates } from "~/db/schema";

/**
 * The benchmarks' cached PGlite data sets (`<cacheDir>/pglite-<size>`): the
 * folder of a size, started from a copy of the next smaller one when it does
 * not exist yet, so seeding only tops it up. Returns the folder and the size
 * copied from (none: a fresh folder or an existing one).
 */
export function pgliteDataSet(cacheDir: string, size: number): { dir: string; copiedFrom?: number } {
  const dir = path.join(cacheDir, `pglite-${size}`);
  if (fs.existsSync(path.join(dir, "pglite", "PG_VERSION"))) return { dir };
  const smaller = fs
    .readdirSync(cacheDir)
    .map((d) => /^pglite-(\d+)$/.exec(d))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) < size)
    .map((m) => Number(m[1]))
    .sort((a, b) => b - a)[0];
  if (!smaller) return { dir };
  fs.cpSync(path.join(cacheDir, `pglite-${smaller}`), dir, { recursive: true });
  fs.rmSync(path.join(dir, "pglite.lock"), { force: true });
  return { dir, copiedFrom: smaller };
}

/** How many properties the open database holds. */
export async function catalogueSize(): Promise<number> {
  const [r] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(realEstates);
  return r?.n ?? 0;
}
