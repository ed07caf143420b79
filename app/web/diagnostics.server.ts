import type { RouterContextProvider } from "react-router";
import { listBuckets } from "~/api/storage/buckets.server";
import { db } from "~/db/client.server";
import { locations } from "~/db/schema";
import { countContactSubmissions } from "~/models/contact-submissions.server";
import { referencedKeys, uploadKeyOf } from "~/models/image-references.server";
import { countLocations } from "~/models/locations.server";
import { countProperties } from "~/models/real-estates.server";
import { removeVariants, variantCacheDir } from "~/storage/image-variants.server";
import { ImageUploadError, MAX_UPLOAD_BYTES, processImageUpload } from "~/storage/images.server";
import { storage } from "~/storage/index.server";
import { OBJECT_NAME_PATTERN } from "~/storage/object-names";
import { DIAGNOSTICS_MESSAGES, TARGET_BUCKET } from "~/i18n/diagnostics";
import { pageAdmin } from "~/web/identity.server";
import { log } from "~/platform/log.server";

/**
 * The checks of the diagnostics pages (SPEC §2 /testsupabase and
 * /test-storage, DESIGN §7): reads run for anyone, writes (direct storage
 * test, image upload and delete) need an administrator session. Every
 * message is SPEC §8's English text; error details are reduced to safe
 * words (an error code or name), never a server path, a value of the
 * environment or a stack trace.
 */

export type CheckStatus = "pending" | "success" | "error";

export interface CheckResult {
  status: CheckStatus;
  message: string;
  /** A second line, when there is more to say. */
  detail?: string;
}

/** Anonymous writes are refused by the storage rules (app/api/storage: every write needs an administrator). */
export const ANONYMOUS_WRITE_REFUSAL = "only an administrator may upload, change or remove files";

/** A short, safe description of an error: its code or name, never its message (which may hold paths). */
export function safeErrorText(error: unknown): string {
  if (error instanceof ImageUploadError) return error.message;
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Za-z0-9_.-]{1,40}$/.test(code)) return code;
    const name = (error as { name?: unknown }).name;
    if (typeof name === "string" && name !== "Error" && /^[A-Za-z0-9_.-]{1,60}$/.test(name)) return name;
  }
  return "unexpected error";
}

export async function checkAuthentication(request: Request, context: Readonly<RouterContextProvider>): Promise<CheckResult & { signedIn: boolean }> {
  try {
    const admin = await pageAdmin(request, context);
    return admin
      ? { status: "success", signedIn: true, message: `Signed in as ${admin.email}` }
      : { status: "success", signedIn: false, message: "Not signed in (anonymous visitor)", detail: DIAGNOSTICS_MESSAGES.needsAdmin + "." };
  } catch (error) {
    log.error("Diagnostics: session check failed:", error instanceof Error ? error.message : error);
    return { status: "error", signedIn: false, message: `Session check failed: ${safeErrorText(error)}` };
  }
}

/** SPEC §2: select one id from locations, limit 1. */
export async function checkDatabase(): Promise<CheckResult> {
  try {
    const rows = await db().select({ id: locations.id }).from(locations).limit(1);
    return { status: "success", message: rows.length > 0 ? "Connected: read one location id" : "Connected: the locations table is empty" };
  } catch (error) {
    log.error("Diagnostics: database check failed:", error instanceof Error ? error.message : error);
    return { status: "error", message: `Database query failed: ${safeErrorText(error)}` };
  }
}

export interface BucketInfo {
  name: string;
  public: boolean;
}

export async function checkBuckets(): Promise<CheckResult & { buckets: BucketInfo[]; found: boolean }> {
  try {
    const buckets = (await listBuckets()).map((b) => ({ name: b.name, public: b.public }));
    const found = buckets.some((b) => b.name === TARGET_BUCKET);
    if (!found) return { status: "error", buckets, found, message: DIAGNOSTICS_MESSAGES.bucketNotFound(TARGET_BUCKET) };
    return { status: "success", buckets, found, message: `Found ${buckets.length} bucket(s); bucket ${TARGET_BUCKET} is available` };
  } catch (error) {
    log.error("Diagnostics: listing buckets failed:", error instanceof Error ? error.message : error);
    return { status: "error", buckets: [], found: false, message: DIAGNOSTICS_MESSAGES.listBucketsFailed(safeErrorText(error)) };
  }
}

export async function checkDataCounts(): Promise<CheckResult & { counts: { locations: number; realEstates: number; contactSubmissions: number } | null }> {
  try {
    const [loc, est, sub] = await Promise.all([countLocations(), countProperties(), countContactSubmissions()]);
    return {
      status: "success",
      message: "Data loaded",
      counts: { locations: loc, realEstates: est, contactSubmissions: sub.total },
    };
  } catch (error) {
    log.error("Diagnostics: counting failed:", error instanceof Error ? error.message : error);
    return { status: "error", counts: null, message: `Data load failed: ${safeErrorText(error)}` };
  }
}

/**
 * The direct storage test (administrators only): put a small text file,
 * read its metadata and bytes back, remove it and check that it is gone.
 */
export async function runDirectStorageTest(now = Date.now()): Promise<CheckResult> {
  const key = `diagnostics/direct-test-${now}.txt`;
  const text = `Storage diagnostics ${new Date(now).toISOString()}`;
  const bytes = new TextEncoder().encode(text);
  let step = "upload";
  try {
    const store = storage();
    await store.put(key, bytes, { contentType: "text/plain; charset=utf-8" });
    step = "head";
    const meta = await store.head(key);
    if (!meta || meta.size !== bytes.byteLength) throw Object.assign(new Error(), { code: "size mismatch" });
    step = "download";
    const got = await store.get(key);
    if (!got || Buffer.from(got.body).toString("utf8") !== text) throw Object.assign(new Error(), { code: "content mismatch" });
    step = "remove";
    const removed = await store.remove([key]);
    if (!removed.includes(key)) throw Object.assign(new Error(), { code: "not removed" });
    step = "verify removal";
    if (await store.head(key)) throw Object.assign(new Error(), { code: "still present" });
    return {
      status: "success",
      message: `Direct storage test passed: upload, head, download and remove of a ${bytes.byteLength}-byte text file in bucket ${store.bucket}`,
    };
  } catch (error) {
    log.error(`Diagnostics: direct storage test failed at ${step}:`, error instanceof Error ? error.message : error);
    // Best effort: do not leave the test file behind.
    await storage()
      .remove([key])
      .catch(() => undefined);
    return { status: "error", message: DIAGNOSTICS_MESSAGES.directFailed(step, safeErrorText(error)) };
  }
}

export type UploadResult = CheckResult & { image?: { url: string; path: string } };

/** Reads the `file` field of a diagnostics form: null when no file was chosen. */
export function fileOf(form: FormData): File | null {
  const file = form.get("file");
  return file && typeof file !== "string" && file.size > 0 ? file : null;
}

/** The image upload test: the site's real pipeline (checks, clean-up, variants). */
export async function uploadTestImage(file: File, failure: (message: string) => string = DIAGNOSTICS_MESSAGES.uploadFailed): Promise<UploadResult> {
  try {
    if (file.size > MAX_UPLOAD_BYTES) throw new ImageUploadError("size");
    const uploaded = await processImageUpload({ bytes: new Uint8Array(await file.arrayBuffer()), type: "properties" });
    return { status: "success", message: "Image uploaded", image: { url: uploaded.url, path: uploaded.key } };
  } catch (error) {
    if (!(error instanceof ImageUploadError)) log.error("Diagnostics: image upload failed:", error instanceof Error ? error.message : error);
    return { status: "error", message: failure(safeErrorText(error)) };
  }
}

/** The image delete test: only an uploaded image no location or property uses. */
export async function deleteTestImage(path: unknown): Promise<CheckResult & { removedPath?: string }> {
  if (typeof path !== "string" || path.trim() === "") return { status: "error", message: DIAGNOSTICS_MESSAGES.noImage };
  // Any spelling of the image (its key, /upload/ path, Storage API URL…), read as the sweep reads it.
  const key = uploadKeyOf(path) ?? uploadKeyOf(`/upload/${path.replace(/^\/?(upload\/)?/, "")}`);
  if (!key || !OBJECT_NAME_PATTERN.test(key)) return { status: "error", message: DIAGNOSTICS_MESSAGES.imagePathNotFound };
  try {
    if (!(await storage().head(key))) return { status: "error", message: DIAGNOSTICS_MESSAGES.imagePathNotFound };
    if ((await referencedKeys([key])).has(key)) {
      return { status: "error", message: DIAGNOSTICS_MESSAGES.deleteFailed, detail: "The image is used by a location or property." };
    }
    const removed = await storage().remove([key]);
    await removeVariants(variantCacheDir(), key);
    if (!removed.includes(key)) return { status: "error", message: DIAGNOSTICS_MESSAGES.deleteFailed };
    return { status: "success", message: "Image deleted", removedPath: key };
  } catch (error) {
    log.error("Diagnostics: image deletion failed:", error instanceof Error ? error.message : error);
    return { status: "error", message: DIAGNOSTICS_MESSAGES.deletionFailed(safeErrorText(error)) };
  }
}
