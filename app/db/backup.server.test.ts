import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { pruneBackups } from "./backup.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-backups-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("keeps the newest backups and removes ones cut short", () => {
  const names = [
    "pglite-2026-01-01T00-00-00-000Z-startup.tar.gz",
    "pglite-2026-01-02T00-00-00-000Z-scheduled.tar.gz",
    "pglite-2026-01-03T00-00-00-000Z-startup.tar.gz",
    "pglite-2026-01-04T00-00-00-000Z-startup.tar.gz.partial",
    "notes.txt",
  ];
  for (const name of names) fs.writeFileSync(path.join(dir, name), "x");
  pruneBackups(dir, 2);
  expect(fs.readdirSync(dir).sort()).toEqual([
    "notes.txt",
    "pglite-2026-01-02T00-00-00-000Z-scheduled.tar.gz",
    "pglite-2026-01-03T00-00-00-000Z-startup.tar.gz",
  ]);
});
