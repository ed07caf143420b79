/**
 * Image upload pipeline speed (DESIGN §5, §11):
 *
 *   npm run bench:upload [-- --runs 5]
 *
 * Makes a photo-like 12 MP JPEG (4000 × 3000: gradients, noise and soft
 * detail, ~3.5–4.5 MB, so it is not trivially compressible and stays under
 * the 5 MB limit), then times processImageUpload (app/storage/images.server.ts)
 * on it — sniffing, decoding, orienting, capping to 2560 px, re-encoding,
 * storing through the local driver and writing all six WebP variants — and
 * prints the median of the runs, and the process's resident memory (RSS)
 * before the uploads and at its peak during them (sampled every 5 ms).
 * For comparison it also times the six variants made the way the /img route
 * makes a missing one (each from the stored file, one after another).
 * Everything is written to a temporary folder, removed at the end.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { VARIANT_WIDTHS } from "~/lib/images";
import { renderVariant } from "~/storage/image-variants.server";
import { setStorage, storage } from "~/storage/index.server";
import { LocalStorage } from "~/storage/local.server";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Math.max(1, Number.parseInt(process.argv[runsArg + 1] ?? "5", 10) || 5) : 5;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-bench-upload-"));
process.env.DATA_DIR = root;
process.env.LOG_LEVEL ??= "error";
const { processImageUpload } = await import("~/storage/images.server");
setStorage(new LocalStorage(path.join(root, "upload")));

/** A 4000 × 3000 "photo": sky and sea gradients, a horizon, sensor-like noise, slightly soft. */
async function photoLikeJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const horizon = height * 0.45;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = ((seed >> 16) & 63) - 32;
      const i = (y * width + x) * 3;
      const wave = Math.sin(x / 37 + Math.sin(y / 23) * 3) * 12;
      if (y < horizon) {
        const t = y / horizon;
        raw[i] = clamp(110 + 90 * t + noise);
        raw[i + 1] = clamp(160 + 60 * t + noise);
        raw[i + 2] = clamp(235 - 20 * t + noise);
      } else {
        const t = (y - horizon) / (height - horizon);
        raw[i] = clamp(20 + 60 * t + wave + noise);
        raw[i + 1] = clamp(90 + 50 * t + wave + noise);
        raw[i + 2] = clamp(150 - 40 * t + wave + noise);
      }
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality: 90 })
    .toBuffer();
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const photo = await photoLikeJpeg();
  console.log(
    `Photo: 4000 × 3000 JPEG, ${mb(photo.length)} (${photo.length} bytes); sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${os.cpus().length} CPUs reported`,
  );

  // One warm-up run (libvips and code loading), not counted.
  await processImageUpload({ bytes: photo, type: "properties" });

  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 5);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof processImageUpload>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    last = await processImageUpload({ bytes: photo, type: "properties" });
    times.push(performance.now() - started);
  }
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

  const stored = (await storage().get(last!.key))!.body;
  const variantTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (const width of VARIANT_WIDTHS) await renderVariant(stored, width);
    variantTimes.push(performance.now() - started);
  }

  console.log(
    `Stored: ${last!.width} × ${last!.height} ${last!.contentType}, ${mb(last!.size)}; ${VARIANT_WIDTHS.length} WebP variants (${VARIANT_WIDTHS.join(", ")} px)`,
  );
  console.log(
    `processImageUpload, all variants included: median ${median(times).toFixed(0)} ms of ${RUNS} (runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms)`,
  );
  console.log(`for comparison, the six variants made one by one from the stored file (the /img route's way): median ${median(variantTimes).toFixed(0)} ms`);
  console.log(
    `RSS: ${mb(rssBefore)} before the uploads, peak ${mb(rssPeak)} during them (+${mb(rssPeak - rssBefore)}); process max RSS ${mb(process.resourceUsage().maxRSS * 1024)} (includes making the photo)`,
  );
} finally {
  setStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
}
