/**
 * Child program of crash.pglite.test.ts: opens DATA_DIR the way the server
 * does (startServices), then writes contact submissions without end. After
 * each insert has resolved (the write is acknowledged), its row id is printed
 * on its own line. The test kills this process with SIGKILL mid-stream.
 *
 *   tsx tests/durability/crash-writer.ts <dataDir> [concurrency] [tag]
 */
import { createContactSubmission } from "~/models/contact-submissions.server";
import { startServices } from "~/services.server";
import { parseEnv } from "~/platform/env.server";

const [dataDir, concurrencyArg = "1", tag = "w"] = process.argv.slice(2);
if (!dataDir) {
  console.error("usage: crash-writer.ts <dataDir> [concurrency] [tag]");
  process.exit(2);
}

await startServices(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), {});
console.error(`writer ${tag} ready (pid ${process.pid})`);

let seq = 0;
async function loop() {
  for (;;) {
    const n = seq++;
    const row = await createContactSubmission({
      name: `Crash ${tag} #${n}`,
      email: `crash-${tag}-${n}@example.com`,
      message: `Acknowledged write ${n} of writer ${tag}. `.repeat(4),
    });
    // Linux pipes are written synchronously by Node, so a printed id has left the process.
    process.stdout.write(`${row.id}\n`);
  }
}

const workers = Math.max(1, Number.parseInt(concurrencyArg, 10) || 1);
await Promise.all(Array.from({ length: workers }, () => loop())).catch((error: unknown) => {
  console.error("writer failed:", error);
  process.exit(1);
});
