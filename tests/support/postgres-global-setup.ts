import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { startPostgres } from "../../scripts/harness/postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** A migrated database each test file's database is created from (`create database … template`). */
    pgTemplate: string;
  }
}

/** Its name in the cluster. */
export const PG_TEMPLATE = "t_migrated_template";

/**
 * The "postgres" test project's throwaway cluster (scripts/harness/postgres.mjs)
 * on a free port; each test file creates its own database in it, as a copy of
 * a template migrated once here.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPostgres({ maxConnections: 300 });
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`create database ${PG_TEMPLATE}`);
  const handle = await openDatabase({ kind: "postgres", url: cluster.adminUrl.replace(/\/postgres$/, `/${PG_TEMPLATE}`), poolSize: 1 });
  await runMigrations(handle);
  await handle.close();
  await admin.end();
  project.provide("pgAdminUrl", cluster.adminUrl);
  project.provide("pgTemplate", PG_TEMPLATE);
  console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port} (${cluster.binDir})`);
  return () => cluster.stop();
}
