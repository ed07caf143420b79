/**
 * npm run seed:demo -- --properties N
 *
 * Fills the catalogue with realistic bilingual demo listings (and demo
 * pictures), topping it up to N listings. Safe to run again: existing
 * listings are counted, only the missing ones are created.
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
 */
import { DataDirLockedError } from "~/db/lock.server";
import { startServices, stopServices } from "~/services.server";
import { EnvError, getEnv } from "~/platform/env.server";
import { parseArgs, USAGE, UsageError, type CliArgs } from "./demo/args";
import { createProgressBar, formatCount, formatDuration } from "./demo/progress";
import { seedDemo, SeedDemoError } from "./demo/seed";

function fail(message: string, code: number): never {
  process.stderr.write(`seed:demo: ${message}\n`);
  process.exit(code);
}

async function main() {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\nRun with --help for usage.`, 2);
    throw error;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message, 1);
    throw error;
  }

  try {
    await startServices(env, {});
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message, 1);
    fail(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`, 1);
  }

  // Ctrl+C stops after the current batch, so the database is closed cleanly
  // (the embedded one must be) and what was inserted stays consistent.
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      process.stderr.write(`\nStill finishing the current batch and closing the database…\n`);
      return;
    }
    process.stderr.write(`\n${signal}: stopping after the current batch…\n`);
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const bar = createProgressBar(process.stderr, "Listings");
  let barUsed = false;
  let exitCode = 0;
  try {
    const summary = await seedDemo({
      properties: args.properties,
      batchSize: args.batchSize,
      redrawImages: args.redrawImages,
      signal: controller.signal,
      onProgress: (done, total) => {
        barUsed = true;
        bar.update(done, total);
      },
    });
    if (barUsed) bar.finish();

    const lines: string[] = [];
    if (summary.alreadyEnough) {
      lines.push(`The catalogue already has ${formatCount(summary.existing)} listings (${formatCount(summary.target)} wanted): nothing to create.`);
    } else {
      lines.push(
        `Created ${formatCount(summary.created)} demo listings` +
          (summary.existing > 0 ? ` (${formatCount(summary.existing)} were already there, skipped)` : "") +
          `; the catalogue now has ${formatCount(summary.existing + summary.created)}.`,
      );
    }
    if (summary.interrupted) {
      lines.push(`Interrupted: ${formatCount(summary.planned - summary.created)} not created. Run the same command again to finish.`);
      exitCode = 130;
    }
    if (summary.locationImagesSet > 0) lines.push(`Gave ${summary.locationImagesSet} locations a demo image.`);
    if (summary.imagesWritten > 0) lines.push(`Drew and stored ${summary.imagesWritten} demo pictures.`);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const listings =
      summary.created > 0 ? `; listings ${seconds(summary.listingsMs)}, ${formatCount((summary.created * 1000) / Math.max(1, summary.listingsMs))}/s` : "";
    const peakMb = process.resourceUsage().maxRSS / 1024;
    lines.push(`Time: ${formatDuration(summary.elapsedMs)} (${seconds(summary.elapsedMs)}${listings}); peak memory of this process ${peakMb.toFixed(0)} MB.`);
    process.stdout.write(`${lines.join("\n")}\n`);
  } catch (error) {
    if (barUsed) process.stderr.write("\n");
    const message = error instanceof SeedDemoError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`seed:demo: failed: ${message}\n`);
    if (!(error instanceof SeedDemoError) && error instanceof Error && error.stack) {
      process.stderr.write(`${error.stack}\n`);
    }
    exitCode = 1;
  } finally {
    try {
      await stopServices();
    } catch (error) {
      process.stderr.write(`seed:demo: could not close the database cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
      exitCode = exitCode || 1;
    }
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
  process.exitCode = exitCode;
}

await main();
