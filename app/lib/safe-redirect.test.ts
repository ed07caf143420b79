import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_TARGET, redirectTarget, safeRedirect } from "./safe-redirect";

const ORIGIN = "https://www.example.bg";

/** Where a browser on our site goes for a Location header, or null when the header could not be sent. */
function followed(location: string): URL | null {
  try {
    new Headers({ Location: location });
  } catch {
    return null;
  }
  // Browsers drop TAB/CR/LF inside URLs before parsing (WHATWG URL does too).
  return new URL(location, `${ORIGIN}/some/page`);
}

describe("redirectTarget keeps links of this site", () => {
  it.each([
    ["/", "/"],
    ["/properties", "/properties"],
    ["/properties?type=apartment&page=2", "/properties?type=apartment&page=2"],
    ["/bg/созополь", "/bg/%D1%81%D0%BE%D0%B7%D0%BE%D0%BF%D0%BE%D0%BB%D1%8C"],
    ["/%D1%81%D0%BE%D0%B7%D0%BE%D0%BF%D0%BE%D0%BB%D1%8C/dom?search=%D0%B4", "/%D1%81%D0%BE%D0%B7%D0%BE%D0%BF%D0%BE%D0%BB%D1%8C/dom?search=%D0%B4"],
    ["/admin/real-estates?search=дом", "/admin/real-estates?search=%D0%B4%D0%BE%D0%BC"],
    ["/a/./b/../c", "/a/c"],
    ["/properties?to=//evil.example", "/properties?to=//evil.example"],
    ["/properties#contact", "/properties"],
    ["/a b", "/a%20b"],
  ])("%s → %s", (input, expected) => {
    expect(redirectTarget(input)).toBe(expected);
  });
});

describe("redirectTarget refuses targets a browser would take elsewhere", () => {
  it.each([
    "",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/a/..//evil.example",
    "/x/../..//evil.example",
    "/bg//evil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%252F%252Fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/admin\r\nSet-Cookie: x=1",
    "/admin\0",
    "/admin\u0085",
    "/admin%0d%0aSet-Cookie:x",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    " /properties",
    "/%zz",
    "/" + "a".repeat(MAX_REDIRECT_TARGET),
  ])("%j", (input) => {
    expect(redirectTarget(input)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 1, {}, ["/"], new URL(ORIGIN)]) expect(redirectTarget(value)).toBeNull();
  });
});

describe("safeRedirect", () => {
  const admin = { fallback: "/admin", allowPath: (p: string) => (p === "/admin" || p.startsWith("/admin/")) && !p.startsWith("/admin/login") };

  it("falls back for unsafe targets and for paths the rule refuses", () => {
    expect(safeRedirect("/admin/locations?x=1", admin)).toBe("/admin/locations?x=1");
    for (const bad of [
      "/",
      "/administrator",
      "/admin/login",
      "/admin/login?redirectTo=//evil",
      "/admin/../evil",
      "/admin%2Flogin",
      "/admin/./..//evil.example",
      "/admin\r\n",
      null,
    ]) {
      expect(safeRedirect(bad, admin), String(bad)).toBe("/admin");
    }
  });

  it("on generated targets built from tricky pieces: a safe local Location or the fallback, never another host", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      "/\\",
      ".",
      "..",
      "./",
      "../",
      "%2F",
      "%2f",
      "%5C",
      "%252F",
      "%2E",
      "%2e%2e",
      "evil.example",
      "@evil.example",
      ":",
      "?",
      "#",
      "&",
      "=",
      "\t",
      "\n",
      "\r",
      "\0",
      " ",
      "%00",
      "%0A",
      "admin",
      "bg",
      "ru",
      "login",
      "дом",
      "http:",
      "https://",
      "\u2028",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, leadingSlash) => {
        const input = (leadingSlash ? "/" : "") + pieces.join("");
        const target = safeRedirect(input, { fallback: "/fallback" });
        expect(target.startsWith("/")).toBe(true);
        expect(target.startsWith("//")).toBe(false);
        // eslint-disable-next-line no-control-regex -- ASCII only, no controls, spaces or backslashes
        expect(target).not.toMatch(/[\\\s\u0000-\u001f\u007f-\uffff]/);
        const url = followed(target);
        expect(url?.origin).toBe(ORIGIN);
        expect(url!.pathname).not.toContain("//");
      }),
      { numRuns: 3000 },
    );
  });

  it("on arbitrary strings: never throws, and what it returns is a Location header a browser keeps on this site", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 20 }), (a, b) => {
        for (const input of [a, `/${a}`, `/${b}`, `/${a}${b}`]) {
          const target = safeRedirect(input, { fallback: "/" });
          const url = followed(target);
          expect(url?.origin).toBe(ORIGIN);
          expect(target.startsWith("//")).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
