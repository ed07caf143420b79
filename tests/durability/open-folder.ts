/**
 * Child program of lock.pglite.test.ts: tries to open a PGlite data folder
 * (openDatabase kind "pglite"). Prints "opened" and exits 0 on success;
 * prints the error message on stderr and exits 1 on failure.
 *
 *   tsx tests/durability/open-folder.ts <dataDir>
 */
import { openDatabase } from "~/db/client.server";

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: open-folder.ts <dataDir>");
  process.exit(2);
}

try {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  console.log("opened");
  await handle.close();
  process.exit(0);
} catch (error) {
  // The class name (DataDirLockedError sets no `name` of its own), then the message.
  console.error(error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error));
  process.exit(1);
}
