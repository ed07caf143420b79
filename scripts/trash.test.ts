import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run trash` (decision 0031) on the local store: lists the trash and
 * restores a file at its key, one by key or all at once. Only the store is
 * opened (no database), so it works beside a running server.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-trash-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function trash(...args: string[]) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/trash.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "", STORAGE_DRIVER: "local" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

function trashed(removedAt: number, reason: string, key: string) {
  const file = path.join(dataDir, "upload", ".trash", `${removedAt}-${reason}`, ...key.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key);
}
const restored = (key: string) => fs.existsSync(path.join(dataDir, "upload", ...key.split("/")));

describe("npm run trash", { timeout: 120_000 }, () => {
  it("lists, restores one file by its key, refuses what is not there, restores the rest with --all", () => {
    trashed(1_700_000_000_000, "edit", "properties/properties-1700000000000-aaaa1111.jpg");
    trashed(1_700_000_100_000, "sweep", "locations/locations-1700000000000-bbbb2222.webp");
    trashed(1_700_000_200_000, "sweep", "properties/properties-1700000000000-cccc3333.png");

    const list = trash("list");
    expect(list.code).toBe(0);
    expect(list.out).toContain("3 file(s) in the trash.");
    expect(list.out).toContain("properties/properties-1700000000000-aaaa1111.jpg");
    expect(list.out).toContain("(sweep)");

    const one = trash("restore", "/upload/properties/properties-1700000000000-aaaa1111.jpg");
    expect(one.out).toContain("Restored properties/properties-1700000000000-aaaa1111.jpg");
    expect(one.code).toBe(0);
    expect(restored("properties/properties-1700000000000-aaaa1111.jpg")).toBe(true);

    const missing = trash("restore", "properties/nothing.jpg");
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("Not in the trash: properties/nothing.jpg");
    expect(trash("restore").code).toBe(2);

    const all = trash("restore", "--all");
    expect(all.code).toBe(0);
    expect(all.out).toContain("2 file(s) restored.");
    expect(restored("locations/locations-1700000000000-bbbb2222.webp")).toBe(true);
    expect(restored("properties/properties-1700000000000-cccc3333.png")).toBe(true);
    expect(trash("list").out).toContain("0 file(s) in the trash.");
  });
});
