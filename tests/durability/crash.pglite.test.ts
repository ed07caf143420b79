/**
 * Crash safety of the embedded database (DESIGN §4: PGlite runs with fsync
 * off, one process per data folder): a server process killed with SIGKILL in
 * the middle of a stream of writes loses no acknowledged write, and the data
 * folder opens again — stale lock file included. Done several times on the
 * same folder: kill, reopen and verify, restart the writer, kill again, …
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { readLockOwner } from "~/db/lock.server";
import { createContactSubmission } from "~/models/contact-submissions.server";
import { countLocations } from "~/models/locations.server";
import { startServices, stopServices } from "~/services.server";
import { parseEnv } from "~/platform/env.server";
import { killAllChildren, makeTempDir, removeTempDirs, spawnTsx } from "./support";

afterAll(async () => {
  await killAllChildren();
  await stopServices();
  removeTempDirs();
});

/**
 * Each round: writer concurrency, how many acknowledged writes to wait for,
 * and a random delay (ms, up to) after that before the kill — so the kill does
 * not always land right after a printed id but anywhere in an insert/commit.
 */
const ROUNDS = [
  { concurrency: 1, acks: 200, jitter: 0 },
  { concurrency: 4, acks: 250, jitter: 40 },
  { concurrency: 2, acks: 300, jitter: 40 },
];

describe("SIGKILL during a stream of writes (PGlite data folder)", () => {
  it("loses no acknowledged write, and the folder opens again after every kill", { timeout: 240_000 }, async () => {
    const dataDir = makeTempDir("crash");
    const lockFile = path.join(dataDir, "pglite.lock");
    const acknowledged: string[] = [];
    const perRound: number[] = [];
    const report: string[] = [];
    let unacknowledged = 0; // committed rows whose id was never printed, over earlier rounds

    for (const [round, { concurrency, acks, jitter }] of ROUNDS.entries()) {
      // 1. A writer process streams inserts; every printed id is an acknowledged write.
      const writer = spawnTsx("crash-writer.ts", [dataDir, String(concurrency), `r${round}`]);
      // The first start creates the cluster (initdb), which is slow on a loaded machine.
      await writer.waitForLines(acks, 120_000);
      // 2. Killed while writes are still streaming.
      if (jitter > 0) await new Promise((r) => setTimeout(r, Math.random() * jitter));
      expect(writer.proc.exitCode).toBeNull();
      writer.proc.kill("SIGKILL");
      const status = await writer.closed;
      expect(status.signal).toBe("SIGKILL");

      const ids = writer.lines.filter((l) => l.trim() !== "");
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      acknowledged.push(...ids);
      perRound.push(ids.length);

      // The killed process left its lock file behind, with its (now dead) PID.
      expect(readLockOwner(lockFile)?.pid).toBe(writer.proc.pid);

      // 3. The folder opens again the server's way (stale lock taken over, backup, migrations).
      const handle = await startServices(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), {});
      try {
        expect(readLockOwner(lockFile)?.pid).toBe(process.pid);

        // Every acknowledged id is there — read once by a sequential scan…
        const stored = await queryRows<{ id: string }>(handle.db, sql`select id::text as id from contact_submissions`);
        const storedIds = new Set(stored.map((r) => r.id));
        expect(storedIds.size).toBe(stored.length); // no duplicates
        const missing = acknowledged.filter((id) => !storedIds.has(id));
        expect(missing, `round ${round}: acknowledged writes lost`).toEqual([]);
        // Rows beyond the acknowledged ones: committed but killed before the id was printed.
        const extra = stored.length - acknowledged.length - unacknowledged;
        unacknowledged += extra;
        report.push(`kill ${round + 1}: ${ids.length} acknowledged, ${extra} more committed`);

        // …and once through the primary-key index, which must agree with the table after recovery.
        const idArray = `{${acknowledged.join(",")}}`;
        const viaIndex = await handle.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          return queryRows<{ n: number }>(tx, sql`select count(*)::int as n from contact_submissions where id = any(${idArray}::uuid[])`);
        });
        expect(viaIndex[0]?.n).toBe(acknowledged.length);

        // The rest of the database is intact too: the six default locations, once.
        expect(await countLocations()).toBe(6);

        // 4. A new write works, and (after a clean stop) is one more acknowledged write.
        const row = await createContactSubmission({
          name: `After crash ${round}`,
          email: "after@example.com",
          message: "Written after the kill",
        });
        acknowledged.push(row.id);
      } finally {
        await stopServices();
      }
      expect(fs.existsSync(lockFile)).toBe(false);
    }

    console.info(`${report.join("; ")}; ${acknowledged.length} ids verified in all`);
    expect(perRound.length).toBeGreaterThanOrEqual(2);
    for (const [i, n] of perRound.entries()) expect(n).toBeGreaterThanOrEqual(ROUNDS[i]!.acks);
  });
});
