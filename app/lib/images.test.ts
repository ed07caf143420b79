import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/table-test";
import { resolveImageUrl } from "./image-keys";
import { normalizeImageList, normalizeImageRef } from "./images";

describe("normalizeImageRef", () => {
  // prefixes a relative path with / (SPEC §5) and keeps absolute paths and http(s) URLs
  itMaps(normalizeImageRef, [
    ["upload/locations/a.jpg", "/upload/locations/a.jpg"],
    ["/upload/locations/a.jpg", "/upload/locations/a.jpg"],
    ["https://cdn.example.com/a.jpg", "https://cdn.example.com/a.jpg"],
    ["  /a.jpg ", "/a.jpg"],
  ]);

  it("refuses script URLs, protocol-relative URLs, traversal and markup", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example/a.jpg", "/a/../../etc/passwd", '/a.jpg" onerror="x', "C:\\a.jpg"]) {
      expect(normalizeImageRef(bad)).toBeNull();
    }
  });
});

describe("normalizeImageList (SPEC §5)", () => {
  it("turns a single string into a one-item list", () => {
    expect(normalizeImageList("/a.jpg").images).toEqual(["/a.jpg"]);
  });
  it("turns any other non-list into an empty list", () => {
    expect(normalizeImageList(undefined).images).toEqual([]);
    expect(normalizeImageList(null).images).toEqual([]);
    expect(normalizeImageList({ a: 1 }).images).toEqual([]);
    expect(normalizeImageList(7).images).toEqual([]);
  });
  it("drops blank and non-text entries and reports invalid ones", () => {
    expect(normalizeImageList(["", " ", null, 3, "/a.jpg", "javascript:x"])).toEqual({ images: ["/a.jpg"], invalid: ["javascript:x"] });
  });
});

describe("resolveImageUrl (SPEC §7)", () => {
  it("turns a storage path into its /upload/ path", () => {
    expect(resolveImageUrl("properties/properties-1700000000000-ab12cd34.jpg")).toBe("/upload/properties/properties-1700000000000-ab12cd34.jpg");
    expect(resolveImageUrl("locations/locations-1700000000000-ab12cd34.webp")).toBe("/upload/locations/locations-1700000000000-ab12cd34.webp");
  });
  it("keeps /upload/ paths, other site paths, absolute http(s) and data:image URLs unchanged", () => {
    for (const same of [
      "/upload/properties/x.jpg",
      "/images/placeholder.svg",
      "https://cdn.example.com/a.jpg?w=1",
      "http://example.com/a.jpg",
      "data:image/png;base64,iVBORw0KGgo=",
    ]) {
      expect(resolveImageUrl(same)).toBe(same);
    }
    expect(resolveImageUrl("  /upload/locations/a.jpg ")).toBe("/upload/locations/a.jpg");
  });
  it("gives any other relative path a leading /", () => {
    expect(resolveImageUrl("upload/properties/x.jpg")).toBe("/upload/properties/x.jpg");
    expect(resolveImageUrl("images/a.jpg")).toBe("/images/a.jpg");
  });
  it("null for blank and unusable values (the caller shows the placeholder)", () => {
    for (const bad of [
      undefined,
      null,
      7,
      "",
      "   ",
      "javascript:alert(1)",
      "data:text/html,<script>x</script>",
      "//evil.example/a.jpg",
      "/a/../../etc/passwd",
      '/a.jpg" onerror="x',
    ]) {
      expect(resolveImageUrl(bad)).toBeNull();
    }
  });
});

describe("normalizeImageRef and control characters", () => {
  it("refuses a reference with NUL or another control character, site path or absolute URL", () => {
    for (const ref of ["/upload/a\u0000.jpg", "https://cdn.example/a\u0000.jpg", "http://cdn.example/\u0007", "upload/\u007f.jpg"]) {
      expect(normalizeImageRef(ref), JSON.stringify(ref)).toBeNull();
    }
  });
});
