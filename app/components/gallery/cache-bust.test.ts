import { describe, expect, it } from "vitest";
import { withCacheBust } from "./cache-bust";

describe("withCacheBust", () => {
  it("leaves the address alone before the first refresh", () => {
    expect(withCacheBust("/files/a.webp", 0)).toBe("/files/a.webp");
  });

  it("appends r=<n>", () => {
    expect(withCacheBust("/files/a.webp", 1)).toBe("/files/a.webp?r=1");
    expect(withCacheBust("https://cdn.example/a.jpg", 3)).toBe("https://cdn.example/a.jpg?r=3");
  });

  it("replaces an earlier r and keeps other parameters and the fragment", () => {
    expect(withCacheBust("/a.webp?w=800&r=1", 2)).toBe("/a.webp?w=800&r=2");
    expect(withCacheBust("/a.webp?r=1&w=800#x", 2)).toBe("/a.webp?w=800&r=2#x");
    expect(withCacheBust("/a.webp?ref=x", 2)).toBe("/a.webp?ref=x&r=2");
  });

  it("never touches data: and blob: addresses", () => {
    expect(withCacheBust("data:image/png;base64,AAAA", 2)).toBe("data:image/png;base64,AAAA");
    expect(withCacheBust("blob:http://x/123", 2)).toBe("blob:http://x/123");
  });
});
