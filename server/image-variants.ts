import fs from "node:fs/promises";
import express from "express";
import { VARIANT_WIDTHS } from "~/lib/images";
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

  async function makeVariant(key: string, width: number, file: string): Promise<Buffer | null> {
    const source = await options.storage().get(key);
    if (!source) return null;
    const bytes = await renderVariant(source.body, width);
    await writeFileAtomic(file, bytes);
    return bytes;
  }

  /**
   * /img/jpeg/upload/{key}.jpg: a JPEG copy of a PNG, WebP or GIF upload, for
   * the portals' feeds, which take JPEG addresses (decision 0026). Made on
   * first request and kept like the variants.
   */
  router.get("/img/jpeg/upload/{*key}", async (req, res, next) => {
    const rawKey = (req.params as { key?: string | string[] }).key;
    const named = Array.isArray(rawKey) ? rawKey.join("/") : (rawKey ?? "");
    const key = /\.(png|webp|gif)\.jpg$/i.test(named) ? safeObjectKey(named.slice(0, -4)) : null;
    if (!key) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const file = jpegCopyFile(options.cacheDir, key);
    res.set({ "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" });
    try {
      const cached = await fs.readFile(file).catch(() => null);
      if (cached) {
        res.send(cached);
        return;
      }
      const id = `jpeg/${key}`;
      let job = inFlight.get(id);
      if (!job) {
        job = (async () => {
          const source = await options.storage().get(key);
          if (!source) return null;
          const bytes = await renderJpegCopy(source.body);
          await writeFileAtomic(file, bytes);
          return bytes;
        })().finally(() => inFlight.delete(id));
        inFlight.set(id, job);
      }
      const bytes = await job;
      if (!bytes) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
        return;
      }
      res.send(bytes);
    } catch (error) {
      log.error(`JPEG copy of ${key} failed:`, error instanceof Error ? error.message : error);
      if (!res.headersSent) res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
      else next(error);
    }
  });

  router.get("/img/:width/upload/{*key}", async (req, res, next) => {
    const width = Number(req.params.width);
    const rawKey = (req.params as { key?: string | string[] }).key;
    const key = safeObjectKey(Array.isArray(rawKey) ? rawKey.join("/") : rawKey);
    if (!(VARIANT_WIDTHS as readonly number[]).includes(width) || !key) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const file = variantFile(options.cacheDir, width, key);
    res.set({
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
    try {
      const cached = await fs.readFile(file).catch(() => null);
      if (cached) {
        res.send(cached);
        return;
      }
      const id = `${width}/${key}`;
      let job = inFlight.get(id);
      if (!job) {
        job = makeVariant(key, width, file).finally(() => inFlight.delete(id));
        inFlight.set(id, job);
      }
      const bytes = await job;
      if (!bytes) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
        return;
      }
      res.send(bytes);
    } catch (error) {
      // Not an image sharp can read (or a broken one): nothing to show.
      log.error(`Image variant ${width}/${key} failed:`, error instanceof Error ? error.message : error);
      if (!res.headersSent) res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
      else next(error);
    }
  });
  return router;
}
