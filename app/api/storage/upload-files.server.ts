import type express from "express";
import { storage } from "~/storage/index.server";
import { safeObjectKey } from "~/storage/object-names";
import { classifyContent } from "./content.server";

/**
 * `/upload/{key}` when the files live in an S3-compatible bucket
 * (STORAGE_DRIVER=s3). Stored image references stay site paths
 * (`/upload/properties/…`, app/storage/s3.server.ts), so pages, the /img
 * variants and the database are the same on both drivers:
 * - with S3_PUBLIC_URL (a public bucket or its CDN), a redirect there;
 * - otherwise the server reads the object through the driver and sends it,
 *   cached as immutable like the local folder's files (names are unique per
 *   upload), with a content type from its bytes and nosniff.
 * Names with a segment starting with "." are not served (as the local
 * folder's `dotfiles: "ignore"`).
 */
export function uploadFilesRouter(options: { publicUrl?: string } = {}): express.RequestHandler {
  const publicBase = options.publicUrl?.replace(/\/+$/, "");
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
      return;
    }
    let key: string | null = null;
    try {
      key = safeObjectKey(req.path.split("/").map(decodeURIComponent).join("/"));
    } catch {
      key = null;
    }
    if (!key || key.split("/").some((segment) => segment.startsWith("."))) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const encoded = key.split("/").map(encodeURIComponent).join("/");
    if (publicBase) {
      res.set("Cache-Control", "public, max-age=3600").redirect(302, `${publicBase}/${encoded}`);
      return;
    }
    storage()
      .get(key)
      .then((object) => {
        if (!object) {
          res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
          return;
        }
        const kind = classifyContent(object.body);
        res.set({
          "Content-Type": kind.ok ? kind.contentType : "application/octet-stream",
          "Cache-Control": "public, max-age=31536000, immutable",
          "Last-Modified": object.updatedAt.toUTCString(),
          "X-Content-Type-Options": "nosniff",
        });
        if (!kind.ok) res.set("Content-Disposition", "attachment");
        res.status(200).send(object.body);
      })
      .catch(next);
  };
}
