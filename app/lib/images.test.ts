import { describe, expect, it } from "vitest";
import { normalizeImageList, normalizeImageRef } from "./images";

describe("normalizeImageRef", () => {
  it("prefixes a relative path with / (SPEC §5) and keeps absolute paths and http(s) URLs", () => {
    expect(normalizeImageRef("upload/locations/a.jpg")).toBe("/upload/locations/a.jpg");
    expect(normalizeImageRef("/upload/locations/a.jpg")).toBe("/upload/locations/a.jpg");
    expect(normalizeImageRef("https://cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
    expect(normalizeImageRef("  /a.jpg ")).toBe("/a.jpg");
  });

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
