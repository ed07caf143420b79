import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The real script on its own embedded database (PGlite project only).
describe("npm run seed:demo", { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-seed-cli-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) => {
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/seed-demo.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 120_000,
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };

  it("exits 2 with a clear message on a bad flag", () => {
    const bad = run("--properties", "lots");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--properties must be a whole number, got "lots"');
  });

  it("creates, then on a second run says there is nothing to do", () => {
    const first = run("--properties", "40");
    expect(first.err).not.toContain("failed");
    expect(first.code).toBe(0);
    expect(first.out).toContain("Created 40 demo listings");
    expect(first.err).toContain("40/40 100%");
    expect(fs.readdirSync(path.join(dataDir, "upload", "properties"))).toHaveLength(36);
    const second = run("--properties", "40");
    expect(second.code).toBe(0);
    expect(second.out).toContain("already has 40 listings (40 wanted): nothing to create");
  });

  it("refuses a data folder in use by a running server", () => {
    // This test process is alive, so its PID in the lock file means "in use".
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    try {
      const locked = run("--properties", "50");
      expect(locked.code).toBe(1);
      expect(locked.err).toContain("already in use by another running server");
    } finally {
      fs.rmSync(path.join(dataDir, "pglite.lock"), { force: true });
    }
  });
});
