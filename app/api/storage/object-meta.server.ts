import fs from "node:fs/promises";
import path from "node:path";
import { safeObjectKey } from "~/storage/object-names";
import { writeFileAtomic } from "~/storage/image-variants.server";
import type { StoredObject } from "~/storage/storage.server";
import { getEnv } from "~/platform/env.server";

/**
 * The Cache-Control max-age an object was uploaded with (SPEC §7: 3600, the
 * diagnostics also 0), served back on reads. The S3 driver keeps it as the
 * object's own metadata and returns it (`cacheControlSeconds`); the local
 * folder driver keeps only bytes, so for it the figure lives in a small
 * side file, DATA_DIR/storage-meta/{key}.json, outside the upload folder
 * (never served, never listed as an object).
 */
export const DEFAULT_CACHE_SECONDS = 3600;
export const MAX_CACHE_SECONDS = 31_536_000;

type WithCacheControl = StoredObject & { cacheControlSeconds?: number | null };

/** Whether the driver keeps Cache-Control itself (the S3 driver does). */
export function driverKeepsCacheControl(object: StoredObject): boolean {
  return "cacheControlSeconds" in object;
}

function sideFile(key: string): string {
  const safe = safeObjectKey(key);
  if (!safe) throw new Error("unsafe key");
  return path.join(getEnv().dataDir, "storage-meta", ...safe.split("/")) + ".json";
}

export async function rememberCacheSeconds(stored: StoredObject, seconds: number): Promise<void> {
  if (driverKeepsCacheControl(stored)) return;
  await writeFileAtomic(sideFile(stored.key), new TextEncoder().encode(JSON.stringify({ cacheControlSeconds: seconds })));
}

export async function cacheSecondsOf(object: StoredObject): Promise<number> {
  const own = (object as WithCacheControl).cacheControlSeconds;
  if (driverKeepsCacheControl(object)) return own ?? DEFAULT_CACHE_SECONDS;
  try {
    const parsed = JSON.parse(await fs.readFile(sideFile(object.key), "utf8")) as { cacheControlSeconds?: unknown };
    const value = parsed.cacheControlSeconds;
    return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : DEFAULT_CACHE_SECONDS;
  } catch {
    return DEFAULT_CACHE_SECONDS;
  }
}

export async function forgetCacheSeconds(key: string): Promise<void> {
  await fs.rm(sideFile(key), { force: true });
}

/** "max-age=3600", "3600", "public, max-age=60" → seconds (clamped); anything else → the default. */
export function parseCacheControl(value: string | null | undefined): number {
  if (value === null || value === undefined) return DEFAULT_CACHE_SECONDS;
  const match = /^\s*(\d+)\s*$/.exec(value) ?? /(?:^|[\s,])max-age\s*=\s*(\d+)/i.exec(value);
  if (!match) return DEFAULT_CACHE_SECONDS;
  return Math.min(Number(match[1]), MAX_CACHE_SECONDS);
}
