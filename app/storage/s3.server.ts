import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { safeObjectKey } from "./object-names";
import { contentTypeFor, ObjectExistsError, UnsafeKeyError, type ObjectStorage, type PutOptions, type StoredObject } from "./storage.server";

/**
 * S3-compatible driver (AWS S3, Cloudflare R2, MinIO, Supabase Storage's S3
 * endpoint…), chosen with STORAGE_DRIVER=s3. Objects keep the same keys as
 * with the local folder, and their public URL stays the site path
 * `/upload/{key}`: the database never holds a bucket's address, so a site can
 * move between drivers by copying files. The web server answers `/upload/…`
 * by reading through this driver, or redirects to S3_PUBLIC_URL when that is
 * set (app/api/storage/upload-files.server.ts); the /img variants read
 * through get(). The object's Content-Type and Cache-Control are stored as
 * S3 metadata; head() and get() return the Cache-Control max-age as
 * `cacheControlSeconds` (null when the object has none).
 */
export interface S3StorageConfig {
  /** Custom endpoint (R2, MinIO, s3rver…); AWS when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: MinIO and most self-hosted servers. */
  forcePathStyle?: boolean;
}

export type S3StoredObject = StoredObject & { cacheControlSeconds: number | null };

function maxAgeOf(cacheControl: string | undefined): number | null {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? "");
  return match ? Number(match[1]) : null;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
  }
  return false;
}

/** A conditional write found the key taken (412), or lost to a simultaneous one (409 ConditionalRequestConflict). */
function isPreconditionFailed(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return status === 412 || error.name === "PreconditionFailed" || (status === 409 && error.name === "ConditionalRequestConflict");
}

export class S3Storage implements ObjectStorage {
  readonly bucket = "images";
  readonly client: S3Client;

  constructor(
    readonly config: S3StorageConfig,
    readonly urlPrefix = "/upload",
  ) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle ?? false,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 demands them: several compatible servers reject the newer headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private keyOf(key: string): string {
    const safe = safeObjectKey(key);
    if (!safe) throw new UnsafeKeyError(key);
    return safe;
  }

  async put(key: string, body: Uint8Array, options: PutOptions): Promise<S3StoredObject> {
    const safe = this.keyOf(key);
    const cacheControlSeconds = options.cacheControlSeconds ?? null;
    await this.client
      .send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: safe,
          Body: body,
          ContentLength: body.byteLength,
          ContentType: options.contentType,
          CacheControl: cacheControlSeconds === null ? undefined : `max-age=${cacheControlSeconds}`,
          // S3's conditional write (AWS since 2024, MinIO): the server refuses an existing key in one step.
          // A server that ignores the header replaces the object instead (docs/api.md).
          IfNoneMatch: options.exclusive ? "*" : undefined,
        }),
      )
      .catch((error: unknown) => {
        if (options.exclusive && isPreconditionFailed(error)) throw new ObjectExistsError(safe);
        throw error;
      });
    return { key: safe, size: body.byteLength, contentType: options.contentType, updatedAt: new Date(), cacheControlSeconds };
  }

  async head(key: string): Promise<S3StoredObject | null> {
    const safe = this.keyOf(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: safe }));
      return {
        key: safe,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType || contentTypeFor(safe),
        updatedAt: out.LastModified ?? new Date(0),
        cacheControlSeconds: maxAgeOf(out.CacheControl),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<(S3StoredObject & { body: Buffer }) | null> {
    const safe = this.keyOf(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: safe }));
      const body = Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
      return {
        key: safe,
        size: body.byteLength,
        contentType: out.ContentType || contentTypeFor(safe),
        updatedAt: out.LastModified ?? new Date(0),
        cacheControlSeconds: maxAgeOf(out.CacheControl),
        body,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(keys: string[]): Promise<string[]> {
    // Every key is checked before anything is deleted.
    const safeKeys = keys.map((k) => this.keyOf(k));
    const removed: string[] = [];
    // S3 deletes answer the same for missing keys: look first, so only existing ones are reported.
    for (let i = 0; i < safeKeys.length; i += 8) {
      const batch = safeKeys.slice(i, i + 8);
      await Promise.all(
        batch.map(async (key) => {
          if (!(await this.head(key))) return;
          await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
          removed.push(key);
        }),
      );
    }
    return safeKeys.filter((k) => removed.includes(k));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (!item.Key || !safeObjectKey(item.Key) || item.Key.endsWith("/")) continue;
        out.push({ key: item.Key, size: item.Size ?? 0, contentType: contentTypeFor(item.Key), updatedAt: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  publicUrl(key: string): string {
    return `${this.urlPrefix}/${this.keyOf(key).split("/").map(encodeURIComponent).join("/")}`;
  }
}
