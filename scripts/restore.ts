/**
 * Puts a backup made by `npm run backup` back (app/db/backup-now.server.ts, docs/operations.md):
 *   npm run restore -- FILE
 * Refuses while a server uses the data; moves what it replaces aside (PGlite).
 */
import { parseArgs } from "node:util";
import { restoreFrom } from "~/db/backup-now.server";
import { getEnv } from "~/platform/env.server";
import { setLogLevel } from "~/platform/log.server";
import { operationFailure, runCommand } from "./run-command";

const USAGE = "Usage: npm run restore -- FILE";

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  setLogLevel("error");
  for (const line of await restoreFrom(getEnv(), positionals[0]!)) console.log(line);
  return 0;
}

runCommand(main, operationFailure("Restore"));
