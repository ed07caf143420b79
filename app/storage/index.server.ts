import path from "node:path";
import type { Env } from "~/platform/env.server";
import { LocalStorage } from "./local.server";
import type { ObjectStorage } from "./storage.server";

// The store of this process, set by startServices() (kept on globalThis for dev reloads).
const holder = globalThis as typeof globalThis & { __seasideStorage?: ObjectStorage };

export function setStorage(storage: ObjectStorage | undefined) {
  holder.__seasideStorage = storage;
}

/** Whether this process has a store (startServices() ran, or a test set one). */
export function hasStorage(): boolean {
  return holder.__seasideStorage !== undefined;
}

export function storage(): ObjectStorage {
  if (!holder.__seasideStorage) throw new Error("Storage is not configured (startServices() has not run)");
  return holder.__seasideStorage;
}

/**
 * The store STORAGE_DRIVER chooses: the local folder DATA_DIR/upload (default)
 * or an S3-compatible bucket. The S3 client is loaded only when chosen (it
 * adds about half a second to start-up).
 */
export async function createStorage(env: Env): Promise<ObjectStorage> {
  if (env.STORAGE_DRIVER === "s3") {
    const { S3Storage } = await import("./s3.server");
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION!,
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(path.join(env.dataDir, "upload"));
}
