import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { queryRows, type DatabaseHandle } from "./client.server";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

// Any fixed number: serialises migrations when several server copies start at once.
const MIGRATION_LOCK_KEY = 7_251_044;

/** Applies the committed SQL migrations in ./drizzle that have not run yet. */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * How many committed migrations this database has not applied yet (drizzle
 * records each applied one with its journal timestamp).
 */
export async function pendingMigrationCount(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  let lastApplied = -1;
  try {
    const rows = await queryRows<{ last: string | number | null }>(handle.db, sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    lastApplied = Number(rows[0]?.last ?? -1);
  } catch {
    // No migrations table yet: everything is pending.
  }
  return journal.entries.filter((e) => e.when > lastApplied).length;
}

/** Names of tables in the public schema (used by tests and diagnostics). */
export async function listTables(handle: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}
