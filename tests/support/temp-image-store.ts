import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { setStorage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";
import { resetEnvForTests } from "~/platform/env.server";
import { setLogLevel } from "~/platform/log.server";
import { resetDatabase, type useTestDatabase } from "./test-db";

/**
 * For database tests about stored images: a local image store in a
 * temporary folder installed as the app's storage, and before each test an
 * empty database and an empty folder. `upload/` holds the originals,
 * `cache/img/` the variants (as in DATA_DIR).
 */
export function useTempImageStore(test: ReturnType<typeof useTestDatabase>, prefix: string, options: { asDataDir?: boolean } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `seaside-${prefix}-`));
  const store = new LocalStorage(path.join(root, "upload"));
  const dataDirBefore = process.env.DATA_DIR;
  beforeAll(() => {
    setStorage(store);
    setLogLevel("silent");
    // `asDataDir`: the folder is DATA_DIR too, so what the app finds there (the variants under cache/img) is the store's.
    if (options.asDataDir) {
      process.env.DATA_DIR = root;
      resetEnvForTests();
    }
  });
  afterAll(() => {
    setStorage(undefined);
    fs.rmSync(root, { recursive: true, force: true });
    if (options.asDataDir) {
      if (dataDirBefore === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = dataDirBefore;
      resetEnvForTests();
    }
  });
  beforeEach(async () => {
    await resetDatabase(test.handle());
    fs.rmSync(root, { recursive: true, force: true });
  });
  return { root, store, cacheDir: path.join(root, "cache", "img") };
}
