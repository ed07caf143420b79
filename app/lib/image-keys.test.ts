import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayImageUrl, storeKeyOf } from "./image-keys";
import { imageSrcSet, imageVariant, resolveImageUrl } from "./images";
import { safeObjectKey, UPLOAD_TYPES } from "./object-names";

const SITE = "https://seaside.example";
const S3 = "https://cdn.example.net/site-images";
const options = { siteOrigins: [SITE], s3PublicUrl: S3 };

const encode = (key: string) => key.split("/").map(encodeURIComponent).join("/");
/** Every byte percent-encoded: the most encoded spelling a client may store. */
const encodeAll = (key: string) =>
  key
    .split("/")
    .map((segment) => [...new TextEncoder().encode(segment)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""))
    .join("/");

/** Every spelling of `key` the site accepts or shows (decision 0031). */
export function spellingsOf(key: string): string[] {
  const out: string[] = [];
  for (const e of [encode(key), encodeAll(key)]) {
    out.push(
      `/upload/${e}`,
      `upload/${e}`,
      `/upload/${e}?v=2`,
      `/upload/${e}#top`,
      `${SITE}/upload/${e}`,
      `/img/640/upload/${e}`,
      `${SITE}/img/1280/upload/${e}`,
      `/img/jpeg/upload/${e}.jpg`,
      `${SITE}/img/jpeg/upload/${e}.jpg`,
      `${SITE}/storage/v1/object/public/images/${e}`,
      `${SITE}/storage/v1/object/authenticated/images/${e}`,
      `${SITE}/storage/v1/object/images/${e}`,
      `/storage/v1/object/public/images/${e}`,
      `/storage/v1/object/authenticated/images/${e}`,
      `/storage/v1/object/images/${e}`,
      `images/${e}`,
      `/images/${e}`,
      e,
      `/${e}`,
      `${S3}/${e}`,
    );
  }
  // The plain key as the Storage API returns it, when it needs no encoding to be read back.
  if (!/[%?#\s]/.test(key)) out.push(key, `/${key}`, `images/${key}`, `/upload/${key}`);
  return out;
}

/** Store keys as the store makes them and as API clients choose them: any safe name under an upload folder. */
export const storeKey: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...UPLOAD_TYPES),
    fc.array(
      fc.oneof(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
        fc.stringMatching(/^[a-z0-9._-]{1,20}$/),
        fc.constantFrom("фото 1.jpg", "100%.png", "a?b#c.webp", "снимка (2).JPG", "x+y.gif"),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([type, segments]) => [type, ...segments].join("/"))
  .filter((key) => safeObjectKey(key) === key && key.trim() === key);

describe("storeKeyOf (decision 0031)", () => {
  it("reads every spelling of a photo as its store key", () => {
    const key = "properties/properties-1700000000000-ab12cd34.jpg";
    for (const spelling of spellingsOf(key)) expect(storeKeyOf(spelling, options), spelling).toBe(key);
    // What supabase-js's getPublicUrl returns, against this site's Storage API.
    expect(storeKeyOf(`${SITE}/storage/v1/object/public/images/locations/sozopol.webp`, options)).toBe("locations/sozopol.webp");
  });

  it("for any key, every spelling names that key", () => {
    fc.assert(
      fc.property(storeKey, (key) => {
        for (const spelling of spellingsOf(key)) expect(storeKeyOf(spelling, options), spelling).toBe(key);
      }),
      { numRuns: 300 },
    );
  });

  it("names nothing for foreign URLs, other site paths and unusable text", () => {
    for (const other of [
      "https://other.example/upload/properties/a.jpg",
      "https://other.example/storage/v1/object/public/images/properties/a.jpg",
      "https://cdn.example.net/other-bucket/properties/a.jpg",
      "//seaside.example/upload/properties/a.jpg",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
      "/images/placeholder.svg",
      "/images/hero-1600.webp",
      "/upload/backups/dump.tar",
      "/upload/properties",
      "/upload/../db/pglite/PG_VERSION",
      "/upload/properties/%2e%2e/%2e%2e/secret",
      "/upload/properties/a%00.jpg",
      "/upload/properties/%E0%A4%A",
      "/upload/.trash/1700000000000-sweep/properties/a.jpg",
      "/storage/v1/object/public/other/properties/a.jpg",
      "/img/999x/upload/properties/a.jpg",
      "properties",
      "",
      "   ",
      42,
      null,
    ]) {
      expect(storeKeyOf(other, options), String(other)).toBeNull();
    }
  });

  it("keeping files, an absolute URL of any origin counts by its path", () => {
    expect(storeKeyOf("https://www.seaside.example/storage/v1/object/public/images/properties/a.jpg")).toBeNull();
    expect(storeKeyOf("https://www.seaside.example/storage/v1/object/public/images/properties/a.jpg", { anyOrigin: true })).toBe("properties/a.jpg");
    expect(storeKeyOf("/upload/properties/%E0%A4%A", { anyOrigin: true })).toBe("properties/%E0%A4%A");
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        const key = storeKeyOf(text, { ...options, anyOrigin: true });
        if (key !== null) expect(safeObjectKey(key)).toBe(key);
      }),
      { numRuns: 500 },
    );
  });
});

describe("pages show every relative spelling as the upload (decision 0031)", () => {
  it("a bare key, bucket path or Storage API path shows from /upload/ with its variants", () => {
    for (const ref of [
      "properties/p-1.jpg",
      "/properties/p-1.jpg",
      "images/properties/p-1.jpg",
      "/storage/v1/object/public/images/properties/p-1.jpg",
      "/upload/properties/p-1.jpg",
    ]) {
      expect(displayImageUrl(ref), ref).toBe("/upload/properties/p-1.jpg");
      expect(resolveImageUrl(ref), ref).toBe("/upload/properties/p-1.jpg");
      expect(imageVariant(ref, 640), ref).toBe("/img/640/upload/properties/p-1.jpg");
      expect(imageSrcSet(ref, [320]), ref).toBe("/img/320/upload/properties/p-1.jpg 320w");
    }
    // An absolute URL loads from where it points.
    const absolute = `${SITE}/storage/v1/object/public/images/properties/p-1.jpg`;
    expect(displayImageUrl(absolute)).toBe(absolute);
    expect(imageVariant(absolute, 640)).toBe(absolute);
    expect(resolveImageUrl("/images/placeholder.svg")).toBe("/images/placeholder.svg");
  });
});
