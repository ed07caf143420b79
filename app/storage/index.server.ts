import type { ObjectStorage } from "./storage.server";

// The store of this process, set by startServices() (kept on globalThis for dev reloads).
const holder = globalThis as typeof globalThis & { __seasideStorage?: ObjectStorage };

export function setStorage(storage: ObjectStorage | undefined) {
  holder.__seasideStorage = storage;
}

export function storage(): ObjectStorage {
  if (!holder.__seasideStorage) throw new Error("Storage is not configured (startServices() has not run)");
  return holder.__seasideStorage;
}
