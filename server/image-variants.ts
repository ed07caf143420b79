import fs from "node:fs/promises";
import express from "express";
import { VARIANT_WIDTHS } from "~/lib/images";
import { JobLimit, JobsBusyError } from "~/lib/job-limit";
import { jpegCopyFile, renderJpegCopy, renderVariant, variantFile, writeFileAtomic } from "~/storage/image-variants.server";
import { safeObjectKey } from "~/storage/object-names";
import type { ObjectStorage } from "~/storage/storage.server";
import { log } from "~/platform/log.server";

/**
 * /img/{width}/upload/{key}: a WebP copy of an uploaded image at one of the
 * fixed widths (srcset on public pages), made with sharp on first request and
 * kept in `cacheDir` (app/storage/image-variants.server.ts; uploads write all
 * widths there in advance). Object names are unique per upload, so copies are
 * immutable. Only the fixed widths exist, so nobody can make the server
 * resize to arbitrary sizes.
 */
export function imageVariantsRouter(options: { storage: () => ObjectStorage; cacheDir: string }) {
  const router = express.Router();
  const inFlight = new Map<string, Promise<Buffer | null>>();
  // Issue 32: an original read and decoded takes memory (up to 10 MB read, more decoded): two copies made
  // at once per process, 64 waiting (holding nothing yet), then 503 — a burst of cold images cannot pile up.
  const jobs = new JobLimit(2, 64);

  const notFound = (res: express.Response) => res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");

  /**
   * Sends the copy kept in `file`, or makes it once from the stored original
   * with `render` (requests for the same copy meanwhile wait for that one
   * job) and keeps it. A missing or unreadable original is a 404.
   */
  async function serveCopy(
    res: express.Response,
    next: express.NextFunction,
    copy: { id: string; key: string; file: string; type: string; render: (source: Buffer) => Promise<Buffer> },
  ) {
    res.set({ "Content-Type": copy.type, "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" });
    try {
      const cached = await fs.readFile(copy.file).catch(() => null);
      if (cached) {
        res.send(cached);
        return;
      }
      let job = inFlight.get(copy.id);
      if (!job) {
        job = jobs
          .run(async () => {
            const source = await options.storage().get(copy.key);
            if (!source) return null;
            const bytes = await copy.render(source.body);
            await writeFileAtomic(copy.file, bytes);
            return bytes;
          })
          .finally(() => inFlight.delete(copy.id));
        inFlight.set(copy.id, job);
      }
      const bytes = await job;
      if (bytes) res.send(bytes);
      else notFound(res);
    } catch (error) {
      if (error instanceof JobsBusyError) {
        res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).type("text/plain").send("Service Unavailable");
        return;
      }
      // Not an image sharp can read (or a broken one): nothing to show.
      log.error(`Image copy ${copy.id} failed:`, error instanceof Error ? error.message : error);
      if (!res.headersSent) notFound(res);
      else next(error);
    }
  }

  const keyOf = (req: express.Request) => {
    const rawKey = (req.params as { key?: string | string[] }).key;
    const key = Array.isArray(rawKey) ? rawKey.join("/") : (rawKey ?? "");
    // Names starting with "." (the trash, decision 0031) are never served, as under /upload.
    return key.split("/").some((segment) => segment.startsWith(".")) ? "" : key;
  };

  /**
   * /img/jpeg/upload/{key}.jpg: a JPEG copy of a PNG, WebP or GIF upload, for
   * the portals' feeds, which take JPEG addresses (decision 0026). Made on
   * first request and kept like the variants.
   */
  router.get("/img/jpeg/upload/{*key}", async (req, res, next) => {
    const named = keyOf(req);
    const key = /\.(png|webp|gif)\.jpg$/i.test(named) ? safeObjectKey(named.slice(0, -4)) : null;
    if (!key) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    await serveCopy(res, next, { id: `jpeg/${key}`, key, file: jpegCopyFile(options.cacheDir, key), type: "image/jpeg", render: renderJpegCopy });
  });

  router.get("/img/:width/upload/{*key}", async (req, res, next) => {
    const width = Number(req.params.width);
    const key = safeObjectKey(keyOf(req));
    if (!(VARIANT_WIDTHS as readonly number[]).includes(width) || !key) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const file = variantFile(options.cacheDir, width, key);
    await serveCopy(res, next, { id: `${width}/${key}`, key, file, type: "image/webp", render: (source) => renderVariant(source, width) });
  });
  return router;
}
