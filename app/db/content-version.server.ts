import { sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";

/**
 * The catalogue's content version: the database bumps `content_version`
 * (triggers, migration 0002) in the same transaction as every change to
 * locations or properties, so anything cached from them — rendered pages
 * (page-cache.server.ts), listing counts (models/listing-counts.server.ts) —
 * is current exactly when it was made under the version read now. One
 * primary-key read; every server copy sees every other copy's changes.
 */
export async function readContentVersion(): Promise<string> {
  const database = db();
  const rows = await queryRows<{ version: string | number }>(database, sql`select version from content_version where id = 1`);
  return `${databaseNumber(database)}:${rows[0]?.version ?? "0"}`;
}

/**
 * The same number in another database is another version: a process that
 * opens a second database (benchmarks, scripts) must not keep what it cached
 * from the first. Numbered per database handle, in opening order.
 */
const databaseNumbers = new WeakMap<object, number>();
let databasesSeen = 0;
function databaseNumber(database: object): number {
  let n = databaseNumbers.get(database);
  if (n === undefined) {
    n = ++databasesSeen;
    databaseNumbers.set(database, n);
  }
  return n;
}
