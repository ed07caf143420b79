/**
 * The trash of removed photos from the command line (decision 0031):
 *   npm run trash -- list                 what is in it (newest first)
 *   npm run trash -- restore KEY          puts a file back at its key (KEY: the photo's
 *                                         key, e.g. properties/…jpg, or its .trash/… name)
 *   npm run trash -- restore --all        puts every trashed file back (newest removal of a key wins)
 * Only the file store is opened, so it works beside a running server.
 */
import { parseArgs } from "node:util";
import { ModelError } from "~/models/errors.server";
import { listTrashedImages, restoreTrashedImage, trashEntryOf } from "~/models/image-trash.server";
import { getEnv } from "~/platform/env.server";
import { startStorageOnly } from "~/services.server";
import { runCommand } from "./run-command";

const USAGE = `Usage:
  npm run trash -- list
  npm run trash -- restore <key>
  npm run trash -- restore --all`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { all: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  const [command, key] = positionals;
  if (values.help || (command !== "list" && command !== "restore") || (command === "restore" && !key === !values.all)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  await startStorageOnly(getEnv());
  if (command === "list") {
    const entries = await listTrashedImages();
    console.log(`${entries.length} file(s) in the trash.`);
    for (const e of entries) console.log(`  ${e.key}  ${e.size} bytes  removed ${e.removedAt.toISOString()} (${e.reason})  ${e.trashKey}`);
    return 0;
  }
  if (values.all) {
    let restored = 0;
    let failed = 0;
    for (const entry of await listTrashedImages()) {
      try {
        console.log(`Restored ${await restoreTrashedImage(entry.trashKey)}`);
        restored++;
      } catch (error) {
        if (!(error instanceof ModelError)) throw error;
        console.error(`${entry.key}: ${error.message}`);
        failed++;
      }
    }
    console.log(`${restored} file(s) restored${failed > 0 ? `, ${failed} not` : ""}.`);
    return failed > 0 ? 1 : 0;
  }
  const entry = await trashEntryOf(key!.replace(/^\/?(upload\/)?/, ""));
  if (!entry) {
    console.error(`Not in the trash: ${key}`);
    return 1;
  }
  console.log(`Restored ${await restoreTrashedImage(entry.trashKey)}`);
  return 0;
}

runCommand(main, (error) => (error instanceof ModelError || error instanceof Error ? error.message : error));
