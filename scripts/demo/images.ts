/**
 * The demo picture pools: SVG scenes rendered to JPEG with sharp and stored
 * through the storage layer under fixed keys (SPEC §3 naming with a fixed
 * timestamp and a `demoNN` random part), so a second run finds — or
 * overwrites — the same objects instead of adding new ones.
 */
import sharp from "sharp";
import { storage } from "~/storage/index.server";
import type { UploadType } from "~/storage/object-names";
import { sceneSvg, type SceneKind } from "./scenes";

/** The timestamp part of every demo object key (2023-11-14), fixed on purpose. */
export const DEMO_TIMESTAMP = 1_700_000_000_000;
export const PROPERTY_POOL_SIZE = 36;
export const LOCATION_POOL_SIZE = 12;
export const JPEG_QUALITY = 75;

export function demoObjectKey(type: UploadType, n: number): string {
  return `${type}/${type}-${DEMO_TIMESTAMP}-demo${String(n).padStart(2, "0")}.jpg`;
}

export interface PoolImage {
  key: string;
  url: string;
  /** The building drawn in it (the cover photo of a listing matches its type). */
  kind: SceneKind;
}

export async function renderScene(index: number, kind: SceneKind): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(index, kind)))
    .jpeg({ quality: JPEG_QUALITY, progressive: true })
    .toBuffer();
}

export interface PoolResult {
  images: PoolImage[];
  /** Objects drawn and written in this run (the others were already stored). */
  written: number;
}

/**
 * Makes sure `size` pictures of the pool exist in storage; draws only the
 * missing ones (or all of them with `redraw`). Pictures 1, 3, 5… show an
 * apartment block, 2, 4, 6… a house — unless the pool is of locations.
 */
export async function ensurePool(type: UploadType, size: number, options: { redraw?: boolean } = {}): Promise<PoolResult> {
  const store = storage();
  const images: PoolImage[] = [];
  let written = 0;
  const jobs: (() => Promise<void>)[] = [];
  for (let n = 1; n <= size; n++) {
    const key = demoObjectKey(type, n);
    const kind: SceneKind = type === "locations" ? "town" : n % 2 === 1 ? "apartment" : "house";
    images.push({ key, url: store.publicUrl(key), kind });
    jobs.push(async () => {
      if (!options.redraw) {
        const existing = await store.head(key);
        if (existing && existing.size > 0) return;
      }
      const bytes = await renderScene(n, kind);
      await store.put(key, bytes, { contentType: "image/jpeg" });
      written++;
    });
  }
  // sharp renders on its own thread pool; a few at a time keeps memory flat.
  const concurrency = 4;
  for (let i = 0; i < jobs.length; i += concurrency) {
    await Promise.all(jobs.slice(i, i + concurrency).map((job) => job()));
  }
  return { images, written };
}
