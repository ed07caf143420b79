import { storage } from "~/storage/index.server";
import { UPLOAD_TYPES } from "~/storage/object-names";
import type { ObjectStorage } from "~/storage/storage.server";
import { APP_VERSION, type ManifestFile } from "~/lib/file-cache";

export { APP_VERSION, type ManifestFile };

/**
 * SPEC §3's app data file and §7's static GETs: `/app-data.json` (and its
 * fallbacks `/file-manifest.json`, `/exported-files.json`) list the stored
 * images of the two tracked directories, `/upload/locations` and
 * `/upload/properties`, as uploaded-file records. The browser merges them
 * into its local cache by path, the newer `updatedAt` winning
 * (app/lib/file-cache.ts, which also defines the record's shape).
 */

/** The directories SPEC §3 tracks, as URL paths. */
export const TRACKED_DIRECTORIES = UPLOAD_TYPES.map((type) => `/upload/${type}`);

export interface AppData {
  version: typeof APP_VERSION;
  files: ManifestFile[];
}

/** The app data file: every stored image under locations/ and properties/, sorted by path. */
export async function buildFileManifest(store: ObjectStorage = storage()): Promise<AppData> {
  const files: ManifestFile[] = [];
  for (const type of UPLOAD_TYPES) {
    for (const object of await store.list(`${type}/`)) {
      // Only images: the storage API also accepts small text files (SPEC §7's start-up test).
      if (!object.contentType.toLowerCase().startsWith("image/")) continue;
      files.push({
        path: `/upload/${object.key}`,
        url: store.publicUrl(object.key),
        name: object.key.slice(object.key.lastIndexOf("/") + 1),
        type: object.contentType,
        size: object.size,
        directory: `/upload/${type}`,
        updatedAt: object.updatedAt.toISOString(),
      });
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { version: APP_VERSION, files };
}
