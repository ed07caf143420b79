import fs from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "~/storage/image-variants.server";
import { storage } from "~/storage/index.server";
import { getEnv } from "~/platform/env.server";

/**
 * Buckets of the Storage API. The site has one file store (app/storage), and
 * it is SPEC's single bucket `images`; no other bucket can be created, and
 * `images` cannot be deleted. Its settings (public, size limit, allowed
 * types), which updateBucket may change, are kept in a small JSON file,
 * DATA_DIR/storage-buckets.json: a database table would need a migration for
 * three settings of one row, and the settings belong to this server's
 * configuration rather than to the catalogue. (With several server copies,
 * change them on each copy, or not at all: the defaults are what the site
 * needs — public reading, writes by administrators only.)
 */
export interface BucketSettings {
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface Bucket extends BucketSettings {
  id: string;
  name: string;
  owner: string;
  type: "STANDARD";
}

function settingsFile(): string {
  return path.join(getEnv().dataDir, "storage-buckets.json");
}

const EPOCH = new Date(0).toISOString();
const DEFAULTS: BucketSettings = { public: true, file_size_limit: null, allowed_mime_types: null, created_at: EPOCH, updated_at: EPOCH };

/** The names of the existing buckets: the file store's one. */
export function bucketNames(): string[] {
  return [storage().bucket];
}

let queue: Promise<unknown> = Promise.resolve();

async function readAll(): Promise<Record<string, BucketSettings>> {
  try {
    const parsed = JSON.parse(await fs.readFile(settingsFile(), "utf8")) as Record<string, Partial<BucketSettings>>;
    return Object.fromEntries(Object.entries(parsed).map(([name, s]) => [name, { ...DEFAULTS, ...s }]));
  } catch {
    return {};
  }
}

export async function getBucket(name: string): Promise<Bucket | null> {
  if (!bucketNames().includes(name)) return null;
  const settings = (await readAll())[name] ?? DEFAULTS;
  return { id: name, name, owner: "", type: "STANDARD", ...settings };
}

export async function listBuckets(): Promise<Bucket[]> {
  const out: Bucket[] = [];
  for (const name of bucketNames()) out.push((await getBucket(name))!);
  return out;
}

/** Changes a bucket's settings (undefined: unchanged); one writer at a time in this process. */
export async function updateBucket(name: string, change: Partial<Pick<BucketSettings, "public" | "file_size_limit" | "allowed_mime_types">>): Promise<Bucket> {
  const run = queue.then(async () => {
    const all = await readAll();
    const now = new Date().toISOString();
    const current = all[name] ?? { ...DEFAULTS, created_at: now };
    const next: BucketSettings = { ...current, updated_at: now };
    if (change.public !== undefined) next.public = change.public;
    if (change.file_size_limit !== undefined) next.file_size_limit = change.file_size_limit;
    if (change.allowed_mime_types !== undefined) next.allowed_mime_types = change.allowed_mime_types;
    all[name] = next;
    await writeFileAtomic(settingsFile(), new TextEncoder().encode(JSON.stringify(all, null, 2)));
    return { id: name, name, owner: "", type: "STANDARD" as const, ...next };
  });
  queue = run.catch(() => undefined);
  return run;
}

/** supabase-js sends fileSizeLimit as a number of bytes or a string such as "5MB"; null clears it. */
export function parseSizeLimit(value: unknown): number | null | undefined | "invalid" {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : "invalid";
  if (typeof value !== "string") return "invalid";
  const match = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) return "invalid";
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? "b").toLowerCase() as "b"];
  return Number(match[1]) * unit;
}
