import type { TestProject } from "vitest/node";
import { startPostgres } from "../../scripts/harness/postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * The "postgres" test project's throwaway cluster (scripts/harness/postgres.mjs)
 * on a free port; each test file creates its own database in it.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPostgres({ maxConnections: 300 });
  project.provide("pgAdminUrl", cluster.adminUrl);
  console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port} (${cluster.binDir})`);
  return () => cluster.stop();
}
