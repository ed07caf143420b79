import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayImageUrl, resolveImageUrl, shownImage, storeKeyOf } from "./image-keys";
import { imageSrcSet, imageVariant } from "./images";
import { safeObjectKey } from "./object-names";
import { S3, SITE, spellingsOf, storeKey } from "../../tests/support/image-spellings";

const options = { siteOrigins: [SITE], s3PublicUrl: S3 };

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
  it.each([
    "properties/p-1.jpg",
    "/properties/p-1.jpg",
    "images/properties/p-1.jpg",
    "/storage/v1/object/public/images/properties/p-1.jpg",
    "/upload/properties/p-1.jpg",
  ])("%s (a bare key, bucket path or Storage API path) shows from /upload/ with its variants", (ref) => {
    expect(displayImageUrl(ref)).toBe("/upload/properties/p-1.jpg");
    expect(resolveImageUrl(ref)).toBe("/upload/properties/p-1.jpg");
    expect(imageVariant(displayImageUrl(ref), 640)).toBe("/img/640/upload/properties/p-1.jpg");
    expect(imageSrcSet(displayImageUrl(ref), [320])).toBe("/img/320/upload/properties/p-1.jpg 320w");
    expect(shownImage(ref)).toBe("/upload/properties/p-1.jpg");
  });

  it("an absolute URL loads from where it points; nothing and the placeholder stay as they are", () => {
    const absolute = `${SITE}/storage/v1/object/public/images/properties/p-1.jpg`;
    expect(displayImageUrl(absolute)).toBe(absolute);
    expect(imageVariant(displayImageUrl(absolute), 640)).toBe(absolute);
    expect(shownImage(null)).toBeNull();
    expect(shownImage("")).toBeNull();
    expect(resolveImageUrl("/images/placeholder.svg")).toBe("/images/placeholder.svg");
  });
});
