/**
 * A backup now, on either database (app/db/backup-now.server.ts, docs/operations.md):
 *   npm run backup [-- --out FILE]
 * PGlite: a .tar.gz of the database and the uploaded images (the running
 * server makes the dump when it is up); PostgreSQL: pg_dump's custom format.
 * Without --out the file goes to DATA_DIR/backups/site-<time>.*.
 */
import { parseArgs } from "node:util";
import { backupNow } from "~/db/backup-now.server";
import { getEnv } from "~/platform/env.server";
import { setLogLevel } from "~/platform/log.server";
import { operationFailure, runCommand } from "./run-command";

const USAGE = "Usage: npm run backup [-- --out FILE]";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  setLogLevel("error");
  const { file, notes } = await backupNow(getEnv(), values.out);
  console.log(`Backup written: ${file}`);
  for (const note of notes) console.log(`  ${note}`);
  return 0;
}

runCommand(main, operationFailure("Backup"));
