import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { setStorage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { setLogLevel } from "~/platform/log.server";
import { resetDatabase, type useTestDatabase } from "./test-db";

/**
 * For database tests about stored images: a local image store in a
 * temporary folder installed as the app's storage, and before each test an
 * empty database and an empty folder. `upload/` holds the originals,
 * `cache/img/` the variants (as in DATA_DIR).
 */
export function useTempImageStore(test: ReturnType<typeof useTestDatabase>, prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `seaside-${prefix}-`));
  const store = new LocalStorage(path.join(root, "upload"));
  beforeAll(() => {
    setStorage(store);
    setLogLevel("silent");
  });
  afterAll(() => {
    setStorage(undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetDatabase(test.handle());
    fs.rmSync(root, { recursive: true, force: true });
  });
  return { root, store, cacheDir: path.join(root, "cache", "img") };
}
