import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";

export type TestDbKind = "pglite" | "postgres";

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database in the test cluster.
 * `migrated: false`: an empty one (a migration's test applies the migrations itself).
 */
export async function openTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<{
  handle: DatabaseHandle;
  url?: string;
  dispose: () => Promise<void>;
}> {
  if (testDbKind() === "pglite") {
    // The migrated template of tests/support/pglite-global-setup.ts (migrating here when there is none).
    const template = migrated ? inject("pgliteTemplate") : undefined;
    if (!migrated) {
      const handle = await openDatabase({ kind: "pglite-memory" });
      return { handle, dispose: () => handle.close() };
    }
    const handle = await openDatabase({ kind: "pglite-memory", from: template ? new Blob([fs.readFileSync(template)]) : undefined });
    if (!template) await runMigrations(handle);
    return { handle, dispose: () => handle.close() };
  }
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template (tests/support/postgres-global-setup.ts): no migrations per file.
  const template = migrated ? inject("pgTemplate") : undefined;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  if (!template && migrated) await runMigrations(handle);
  return {
    handle,
    url,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Gives the test file its own database as the process database (db()),
 * for the file's lifetime. Call at the top of a *.db.test.ts file.
 */
export function useTestDatabase(): { handle: () => DatabaseHandle; url: () => string | undefined } {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
    setDatabase(opened.handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await opened?.dispose();
  });
  return {
    handle: () => opened!.handle,
    url: () => opened?.url,
  };
}

/** useTestDatabase, emptied before each test of the file (each starts from a blank catalogue). */
export function useEmptyTestDatabase(): ReturnType<typeof useTestDatabase> {
  const test = useTestDatabase();
  beforeEach(() => resetDatabase(test.handle()));
  return test;
}

/** Empties every table (between tests that need a blank catalogue). */
export async function resetDatabase(handle: DatabaseHandle) {
  await handle.db.execute(
    sql`truncate table contact_submissions, alert_subscriptions, real_estates, complexes, locations, sessions, admins, agent_card restart identity cascade`,
  );
}
