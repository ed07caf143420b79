import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteFolder: string;
  }
}

/**
 * The "pglite" test project's template: one in-memory PGlite, migrated once,
 * dumped to a file that every test file's database starts from
 * (tests/support/test-db.ts). A fresh PGlite runs initdb, and then the
 * migrations, in several seconds on a busy machine; loading the dump takes
 * under one.
 *
 * And the same as a data folder on disk, for the built servers the suite
 * starts (tests/support/built-server.ts): each server's data folder begins
 * as a copy of it, as if the server had created and migrated it itself.
 */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ kind: "pglite-memory" });
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-pglite-template-"));
  const file = path.join(folder, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  // What server/main.js makes of an empty data folder before its first start: <dataDir>/pglite, migrated.
  const onDisk = await openDatabase({ kind: "pglite", dataDir: path.join(folder, "server") });
  await runMigrations(onDisk);
  await onDisk.close();
  project.provide("pgliteFolder", path.join(folder, "server", "pglite"));
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
