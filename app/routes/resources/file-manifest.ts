import { buildFileManifest } from "~/web/file-manifest.server";

/**
 * `/app-data.json`, `/file-manifest.json` and `/exported-files.json` (SPEC §7's
 * static GETs, one module registered three times): the stored images as
 * `{ version, files }`. Uploads change the list without a page change, so the
 * browser revalidates every time.
 */
export async function loader(): Promise<Response> {
  return Response.json(await buildFileManifest(), {
    headers: { "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" },
  });
}
