import crypto from "node:crypto";
import express, { type ErrorRequestHandler, type Request, type Response } from "express";
import { removeVariants, variantCacheDir } from "~/storage/image-variants.server";
import {
  IMAGE_UPLOAD_STATUS,
  ImageUploadError,
  MAX_UPLOAD_BYTES,
  processImageUpload,
  sniffImageFormat,
  STORAGE_MAX_UPLOAD_BYTES,
  type ImageUploadErrorKind,
  type UploadedImage,
} from "~/storage/images.server";
import { storage } from "~/storage/index.server";
import { isTrashKey, MAX_KEY_BYTES, MAX_KEY_SEGMENT_BYTES, safeObjectKey, TRASH_FOLDER } from "~/storage/object-names";
import { KeyConflictError, ObjectExistsError, UnsafeKeyError, type StoredObject } from "~/storage/storage.server";
import { identify } from "~/web/identity.server";
import { log } from "~/platform/log.server";
import { answeredAlready, requireUtf8 } from "../errors";
import { getBucket, listBuckets, parseSizeLimit, updateBucket, type Bucket } from "./buckets.server";
import { classifyContent, extensionOf, imageName, mimeAllowed, nameMatchesFormat, REFUSED_MESSAGE } from "./content.server";
import { cacheSecondsOf, forgetCacheSeconds, parseCacheControl, rememberCacheSeconds } from "./object-meta.server";

export { uploadFilesRouter } from "./upload-files.server";

/**
 * The Storage API at /storage/v1 (DESIGN §8), compatible with supabase-js's
 * `storage` client for the calls of SPEC §7: buckets (list, get, create,
 * update), upload (POST / PUT, x-upsert, cache-control), public and
 * authenticated reads, removal by a list of paths, listing a folder.
 * Errors are Storage's JSON `{statusCode, error, message}`.
 *
 * Uploads to `images` go through the site's one image pipeline
 * (processImageUpload, as /admin/upload): images only, re-encoded, metadata
 * stripped, at most MAX_UPLOAD_BYTES; kept under the client's key. Every key
 * is checked (objectKeyOf) before the store is touched.
 *
 * Permissions: anyone may list buckets and read objects of a public bucket;
 * every write needs an administrator (Authorization: Bearer <access token>,
 * or the admin pages' session cookie — cross-site writes are refused in
 * front of everything, server/same-origin.ts).
 */
class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (what = "Object not found") => new StorageError(404, "not_found", what);
const bucketNotFound = () => new StorageError(404, "Bucket not found", "Bucket not found");
const forbidden = () =>
  new StorageError(
    403,
    "Unauthorized",
    "new row violates row-level security policy: only an administrator may upload, change or remove files (sign in and send Authorization: Bearer <access_token>)",
  );
const invalidKey = (key: string) =>
  new StorageError(
    400,
    "InvalidKey",
    `Invalid key: ${key.slice(0, 200)} (keys are at most ${MAX_KEY_BYTES} bytes, each folder or file name at most ${MAX_KEY_SEGMENT_BYTES} bytes; no empty, "." or ".." names, backslashes or control characters)`,
  );
const tooLarge = () => new StorageError(413, "Payload too large", "The object exceeded the maximum allowed size");
const notAnImage = (message = REFUSED_MESSAGE) => new StorageError(415, "invalid_mime_type", message);

/** The pipeline's refusals in Storage's shape (its own messages are Russian, for the admin pages). */
const IMAGE_ERRORS: Record<ImageUploadErrorKind, { error: string; message: string }> = {
  size: { error: "Payload too large", message: `The object exceeded the maximum allowed size: images are at most ${MAX_UPLOAD_BYTES} bytes (5 MB)` },
  type: { error: "invalid_mime_type", message: REFUSED_MESSAGE },
  pixels: { error: "invalid_image", message: "The image is too large: at most 50 megapixels (for example 8000 × 6000)" },
  corrupt: { error: "invalid_image", message: "The image could not be read: the file is damaged, truncated or not the image it claims to be" },
  storage: { error: "internal", message: "The image could not be stored; try again" },
};

function imageError(error: ImageUploadError): StorageError {
  const { error: code, message } = IMAGE_ERRORS[error.kind];
  return new StorageError(IMAGE_UPLOAD_STATUS[error.kind], code, message);
}

function sendError(res: Response, error: StorageError) {
  res
    .status(error.status)
    .set("Cache-Control", "no-store")
    .type("application/json; charset=utf-8")
    .send(JSON.stringify({ statusCode: String(error.status), error: error.error, message: error.message }));
}

function sendJson(res: Response, body: unknown, status = 200) {
  res.status(status).set("Cache-Control", "no-store").type("application/json; charset=utf-8").send(JSON.stringify(body));
}

/** The request identity (app/web/identity.server.ts) is an administrator; an invalid bearer is refused like the anonymous key. */
async function isAdmin(req: Request): Promise<boolean> {
  return (await identify(req)).kind === "admin";
}

/** Writes are the administrator's: anyone else gets Storage's 403 (row-level security). */
async function forbidUnlessAdmin(req: Request) {
  if (!(await isAdmin(req))) throw forbidden();
}

async function bucketOf(name: string | undefined): Promise<Bucket> {
  const bucket = name ? await getBucket(name) : null;
  if (!bucket) throw bucketNotFound();
  return bucket;
}

/**
 * The object key of a request path: one leading slash is removed (SPEC §5);
 * empty, absolute ("//x", "C:\x", "file://…"), `.`/`..` segments, empty
 * segments, backslashes and control characters are refused.
 */
export function objectKeyOf(raw: string): string {
  const path = raw.startsWith("/") ? raw.slice(1) : raw;
  if (path === "" || path.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(path)) throw invalidKey(raw);
  const key = safeObjectKey(path);
  // The trash (decision 0031) is the site's own: never read, listed or written through the API.
  if (!key || key !== path || isTrashKey(key)) throw invalidKey(raw);
  return key;
}

function pathParam(req: Request): string {
  const value = (req.params as { path?: string | string[] }).path;
  return Array.isArray(value) ? value.join("/") : (value ?? "");
}

type Handler = (req: Request, res: Response) => Promise<void>;
const handle =
  (fn: Handler): express.RequestHandler =>
  (req, res, next) => {
    fn(req, res).catch(next);
  };

const jsonBody = express.json({ limit: "1mb", type: () => true, verify: requireUtf8 });
const rawBody = express.raw({ limit: STORAGE_MAX_UPLOAD_BYTES + 256 * 1024, type: () => true });

function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The uploaded bytes and the requested cache max-age: multipart (supabase-js sends Blobs so) or the raw body. */
async function readUpload(req: Request): Promise<{ bytes: Uint8Array; cacheSeconds: number }> {
  const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const type = req.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await new globalThis.Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    } catch {
      throw new StorageError(400, "InvalidRequest", "The multipart body could not be read");
    }
    let file: Blob | null = null;
    for (const [, value] of form) {
      if (typeof value !== "string") {
        file = value;
        break;
      }
    }
    if (!file) throw new StorageError(400, "InvalidRequest", "Invalid file object provided for upload");
    const cacheField = form.get("cacheControl");
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      cacheSeconds: parseCacheControl(typeof cacheField === "string" ? cacheField : req.get("cache-control")),
    };
  }
  return { bytes: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength), cacheSeconds: parseCacheControl(req.get("cache-control")) };
}

function fileObject(key: string, object: StoredObject, cacheSeconds: number, contentType: string) {
  const at = object.updatedAt.toISOString();
  return {
    name: key,
    id: null as string | null,
    updated_at: at,
    created_at: at,
    last_accessed_at: at,
    metadata: {
      eTag: etagOf(object),
      size: object.size,
      mimetype: contentType.split(";")[0],
      cacheControl: `max-age=${cacheSeconds}`,
      lastModified: at,
      contentLength: object.size,
      httpStatusCode: 200,
    },
  };
}

function etagOf(object: StoredObject): string {
  return `"${crypto.createHash("sha1").update(`${object.key}\n${object.size}\n${object.updatedAt.getTime()}`).digest("hex")}"`;
}

async function sendObject(req: Request, res: Response, key: string) {
  const object = await storage().get(key);
  if (!object) throw notFound();
  const cacheSeconds = await cacheSecondsOf(object);
  const kind = classifyContent(object.body);
  const etag = etagOf(object);
  res.set({
    "Cache-Control": `max-age=${cacheSeconds}`,
    ETag: etag,
    "Last-Modified": object.updatedAt.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    // Whatever the bytes are, they never run as a page here.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Type": kind.ok ? kind.contentType : "application/octet-stream",
  });
  const name = key.slice(key.lastIndexOf("/") + 1);
  if (!kind.ok || req.query.download !== undefined) {
    const given = typeof req.query.download === "string" && req.query.download !== "" ? req.query.download : name;
    res.set("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(given)}`);
  }
  if (req.get("if-none-match") === etag) {
    res.status(304).end();
    return;
  }
  res.status(200).send(object.body);
}

export function storageApiRouter(): express.Router {
  const api = express.Router();

  // ── Buckets ──────────────────────────────────────────────────────────────
  api.get(
    "/bucket",
    handle(async (_req, res) => sendJson(res, await listBuckets())),
  );

  api.get(
    "/bucket/:id",
    handle(async (req, res) => sendJson(res, await bucketOf(String(req.params.id)))),
  );

  api.post(
    "/bucket",
    jsonBody,
    handle(async (req) => {
      await forbidUnlessAdmin(req);
      const body = bodyObject(req);
      const name = typeof body.id === "string" ? body.id : typeof body.name === "string" ? body.name : "";
      if (!name) throw new StorageError(400, "InvalidRequest", "body must have required property 'name'");
      if (await getBucket(name)) throw new StorageError(409, "Duplicate", "The resource already exists");
      throw new StorageError(400, "InvalidRequest", `Only the "${storage().bucket}" bucket exists on this server; other buckets cannot be created`);
    }),
  );

  api.put(
    "/bucket/:id",
    jsonBody,
    handle(async (req, res) => {
      await forbidUnlessAdmin(req);
      const bucket = await bucketOf(String(req.params.id));
      const body = bodyObject(req);
      if (body.public !== undefined && typeof body.public !== "boolean") throw new StorageError(400, "InvalidRequest", "public must be true or false");
      const limit = parseSizeLimit(body.file_size_limit);
      if (limit === "invalid") throw new StorageError(400, "InvalidRequest", "file_size_limit must be a number of bytes or a size such as 5MB");
      const types = body.allowed_mime_types;
      if (
        types !== undefined &&
        types !== null &&
        !(Array.isArray(types) && types.every((t) => typeof t === "string" && /^[\w.+-]+\/[\w.+*-]+$|^\*$/.test(t)))
      ) {
        throw new StorageError(400, "InvalidRequest", "allowed_mime_types must be a list of MIME types such as image/png or image/*");
      }
      await updateBucket(bucket.name, {
        public: body.public as boolean | undefined,
        file_size_limit: limit,
        allowed_mime_types: types as string[] | null | undefined,
      });
      sendJson(res, { message: "Successfully updated" });
    }),
  );

  // What this server never does to its one bucket: an administrator naming it is told why.
  const refusedForBucket = (reason: string) =>
    handle(async (req) => {
      await forbidUnlessAdmin(req);
      await bucketOf(String(req.params.id));
      throw new StorageError(400, "InvalidRequest", reason);
    });
  api.delete("/bucket/:id", refusedForBucket("The bucket of the site's images cannot be deleted"));
  api.post("/bucket/:id/empty", refusedForBucket("The bucket of the site's images cannot be emptied at once; remove files by name"));

  // ── Objects ──────────────────────────────────────────────────────────────
  api.post(
    "/object/list/:bucket",
    jsonBody,
    handle(async (req, res) => {
      const bucket = await bucketOf(String(req.params.bucket));
      if (!bucket.public) await forbidUnlessAdmin(req);
      const body = bodyObject(req);
      const limit = Math.min(Math.max(Number.isInteger(body.limit) ? (body.limit as number) : 100, 0), 1000);
      const offset = Math.max(Number.isInteger(body.offset) ? (body.offset as number) : 0, 0);
      const search = typeof body.search === "string" ? body.search.toLowerCase() : "";
      let folder = typeof body.prefix === "string" ? body.prefix.replace(/^\/+|\/+$/g, "") : "";
      if (folder !== "") folder = `${objectKeyOf(folder)}/`;
      const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
      const column = ["name", "updated_at", "created_at", "last_accessed_at"].includes(String(sortBy.column)) ? String(sortBy.column) : "name";
      const descending = String(sortBy.order).toLowerCase() === "desc";

      const folders = new Set<string>();
      const files = new Map<string, StoredObject>();
      for (const object of await storage().list(folder)) {
        const rest = object.key.slice(folder.length);
        const slash = rest.indexOf("/");
        const name = slash === -1 ? rest : rest.slice(0, slash);
        if (search && !name.toLowerCase().startsWith(search)) continue;
        if (folder === "" && name === TRASH_FOLDER) continue;
        if (slash !== -1) folders.add(name);
        else files.set(name, object);
      }
      type Entry = {
        name: string;
        id: string | null;
        updated_at: string | null;
        created_at: string | null;
        last_accessed_at: string | null;
        metadata: unknown;
      };
      const entries: Entry[] = [
        ...[...folders].map((name) => ({ name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null })),
        ...[...files].map(([name, object]) => fileObject(name, object, 0, classifyByName(name))),
      ];
      entries.sort((a, b) => {
        const av = column === "name" ? a.name : (((a as Record<string, unknown>)[column] as string | null) ?? "");
        const bv = column === "name" ? b.name : (((b as Record<string, unknown>)[column] as string | null) ?? "");
        const order = av < bv ? -1 : av > bv ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
        return descending ? -order : order;
      });
      const page = entries.slice(offset, offset + limit);
      // Cache-Control is read for the files of this page only (the S3 driver keeps it in each object's head).
      const pageFiles = page.filter((entry) => entry.metadata !== null && files.has(entry.name));
      for (let i = 0; i < pageFiles.length; i += 16) {
        await Promise.all(
          pageFiles.slice(i, i + 16).map(async (entry) => {
            const listed = files.get(entry.name)!;
            const object = (await storage().head(listed.key)) ?? listed;
            (entry.metadata as { cacheControl: string }).cacheControl = `max-age=${await cacheSecondsOf(object)}`;
          }),
        );
      }
      sendJson(res, page);
    }),
  );

  const readPublic = handle(async (req, res) => {
    const bucket = await getBucket(String(req.params.bucket));
    // A private bucket does not exist for public reads.
    if (!bucket || !bucket.public) throw notFound(bucket ? "Object not found" : "Bucket not found");
    await sendObject(req, res, objectKeyOf(pathParam(req)));
  });
  api.get("/object/public/:bucket/{*path}", readPublic);

  const readAuthenticated = handle(async (req, res) => {
    const bucket = await bucketOf(String(req.params.bucket));
    if (!bucket.public && !(await isAdmin(req))) throw notFound();
    await sendObject(req, res, objectKeyOf(pathParam(req)));
  });
  api.get("/object/authenticated/:bucket/{*path}", readAuthenticated);

  const upload = (upsertAlways: boolean) =>
    handle(async (req, res) => {
      const bucket = await bucketOf(String(req.params.bucket));
      await forbidUnlessAdmin(req);
      const key = objectKeyOf(pathParam(req));
      // Refused before the body is looked at: a name that is no image's.
      if (!imageName(key)) throw notAnImage(`${REFUSED_MESSAGE} (file name ${key.slice(key.lastIndexOf("/") + 1)})`);
      const { bytes, cacheSeconds } = await readUpload(req);
      const limit = Math.min(MAX_UPLOAD_BYTES, bucket.file_size_limit ?? Infinity);
      if (bytes.byteLength > limit) throw tooLarge();
      // Cheap checks of the first bytes; the pipeline sniffs again and decodes.
      const format = sniffImageFormat(bytes);
      if (!format) throw notAnImage();
      if (!nameMatchesFormat(key, format)) {
        throw notAnImage(`The file's content is ${format.toUpperCase()}, but its name ends in .${extensionOf(key)}; name it after its format`);
      }
      const contentType = `image/${format}`;
      if (!mimeAllowed(contentType, bucket.allowed_mime_types)) throw notAnImage(`mime type ${contentType} is not supported`);
      const upsert = upsertAlways || /^true$/i.test(req.get("x-upsert") ?? "");
      // Checked first to spare the image work, and again by the store in one step (two uploads at once).
      if (!upsert && (await storage().head(key))) throw new StorageError(409, "Duplicate", "The resource already exists");
      let image: UploadedImage;
      try {
        image = await processImageUpload({ bytes, key, cacheControlSeconds: cacheSeconds, exclusive: !upsert });
      } catch (error) {
        if (error instanceof ImageUploadError && error.kind !== "storage") throw imageError(error);
        throw error;
      }
      await rememberCacheSeconds(image.stored, cacheSeconds);
      log.info(`Storage: uploaded ${bucket.name}/${key} (${bytes.byteLength} bytes sent, ${image.size} stored, ${image.contentType})`);
      sendJson(res, { Id: crypto.randomUUID(), Key: `${bucket.name}/${key}` });
    });
  // Anonymous uploads are turned away before their body is read.
  const adminOnly: express.RequestHandler = (req, res, next) => {
    isAdmin(req).then((ok) => (ok ? next() : sendError(res, forbidden())), next);
  };
  api.post("/object/:bucket/{*path}", adminOnly, rawBody, upload(false));
  api.put("/object/:bucket/{*path}", adminOnly, rawBody, upload(true));

  async function removeKeys(bucket: Bucket, keys: string[]) {
    const removed = await storage().remove(keys);
    for (const key of removed) {
      await forgetCacheSeconds(key);
      await removeVariants(variantCacheDir(), key);
    }
    if (removed.length > 0) log.info(`Storage: removed ${removed.length} file(s) from ${bucket.name}`);
    return removed;
  }

  api.delete(
    "/object/:bucket",
    jsonBody,
    handle(async (req, res) => {
      const bucket = await bucketOf(String(req.params.bucket));
      await forbidUnlessAdmin(req);
      const prefixes = bodyObject(req).prefixes;
      if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === "string")) {
        throw new StorageError(400, "InvalidRequest", "body must have a list of 1 to 1000 paths in 'prefixes'");
      }
      const keys = (prefixes as string[]).map(objectKeyOf);
      const removed = await removeKeys(bucket, keys);
      const now = new Date().toISOString();
      sendJson(
        res,
        removed.map((name) => ({ name, bucket_id: bucket.name, id: null, updated_at: now, created_at: now, last_accessed_at: now, metadata: null })),
      );
    }),
  );

  api.delete(
    "/object/:bucket/{*path}",
    handle(async (req, res) => {
      const bucket = await bucketOf(String(req.params.bucket));
      await forbidUnlessAdmin(req);
      const key = objectKeyOf(pathParam(req));
      if ((await removeKeys(bucket, [key])).length === 0) throw notFound();
      sendJson(res, { message: "Successfully deleted" });
    }),
  );

  api.get("/object/:bucket/{*path}", readAuthenticated);

  api.use((req, res) => sendError(res, new StorageError(404, "Not Found", `Route ${req.method}:/storage/v1${req.path} not found`)));

  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (answeredAlready(error, res)) return;
    if (res.headersSent) return next(error);
    if (error instanceof StorageError) return sendError(res, error);
    const status = typeof error?.status === "number" ? error.status : 500;
    if (error?.type === "entity.too.large" || status === 413) return sendError(res, tooLarge());
    if (error instanceof URIError || (status >= 400 && status < 500)) {
      return sendError(res, new StorageError(400, "InvalidRequest", "The request could not be read"));
    }
    if (error instanceof UnsafeKeyError) return sendError(res, invalidKey(""));
    if (error instanceof ObjectExistsError) return sendError(res, new StorageError(409, "Duplicate", "The resource already exists"));
    if (error instanceof KeyConflictError) {
      return sendError(res, new StorageError(409, "Duplicate", "A folder of that name exists, or a folder in the path is a file"));
    }
    log.error(`${req.method} /storage/v1${req.path} failed:`, error);
    sendError(res, new StorageError(500, "internal", "Internal server error"));
  };
  api.use(onError);

  const router = express.Router();
  router.use("/storage/v1", api);
  return router;
}

/** The content type a listed file is shown with (from its name; reads classify the bytes). */
function classifyByName(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" }[ext] ?? "text/plain";
}
