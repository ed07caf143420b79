/**
 * The file store (DESIGN §5): one bucket of objects named by keys such as
 * `properties/properties-1700000000000-ab12cd34.webp`. The local-folder driver
 * is the default; an S3-compatible driver can stand behind the same interface.
 */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  updatedAt: Date;
}

export interface PutOptions {
  contentType: string;
  /** Cache-Control max-age to serve the object with, in seconds. */
  cacheControlSeconds?: number;
  /**
   * Create only: throws ObjectExistsError when the key holds an object
   * already, decided by the store itself in one step, so of simultaneous
   * creates of one key exactly one succeeds (Storage API POST without x-upsert).
   */
  exclusive?: boolean;
}

export interface ObjectStorage {
  readonly bucket: string;
  /** Stores (or replaces) an object. Throws on an unsafe key. */
  put(key: string, body: Uint8Array, options: PutOptions): Promise<StoredObject>;
  /** The object's bytes and metadata, or null when missing. */
  get(key: string): Promise<(StoredObject & { body: Buffer }) | null>;
  /** Metadata only, or null when missing. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes objects; returns the keys that existed and were removed. */
  remove(keys: string[]): Promise<string[]>;
  /** Objects whose key starts with `prefix` ("" for all), sorted by key. */
  list(prefix: string): Promise<StoredObject[]>;
  /** The URL visitors load the object from. */
  publicUrl(key: string): string;
}

export class UnsafeKeyError extends Error {
  constructor(key: unknown) {
    super(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * A key the local folder cannot hold beside what it holds already: the key
 * names a folder (`properties`), or one of its folders is a file
 * (`a.jpg/b.jpg` while `a.jpg` exists). S3 has no folders and never throws it.
 */
export class KeyConflictError extends Error {
  constructor(key: string) {
    super(`Storage key conflicts with an existing file or folder: ${JSON.stringify(key)}`);
    this.name = "KeyConflictError";
  }
}

/** An exclusive put (PutOptions.exclusive) found the key taken. */
export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Storage key exists already: ${JSON.stringify(key)}`);
    this.name = "ObjectExistsError";
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  txt: "text/plain; charset=utf-8",
  json: "application/json",
};

export function contentTypeFor(key: string): string {
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}
