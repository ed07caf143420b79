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
  const rows = await queryRows<{ version: string | number }>(db(), sql`select version from content_version where id = 1`);
  return String(rows[0]?.version ?? "0");
}
