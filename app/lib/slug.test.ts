import { describe, expect, it } from "vitest";
import { nextFreeSlug, RESERVED_SLUGS, slugify } from "./slug";

describe("slugify (SPEC §2)", () => {
  it("lowercases, turns spaces into hyphens and keeps Cyrillic letters", () => {
    expect(slugify("Квартира у моря")).toBe("квартира-у-моря");
    expect(slugify("Созополь")).toBe("созополь");
    expect(slugify("Къща край морето")).toBe("къща-край-морето");
    expect(slugify("Sunny Beach")).toBe("sunny-beach");
  });

  it("removes special characters and collapses hyphens", () => {
    expect(slugify("Студия, 2 комнаты — 45 m²!")).toBe("студия-2-комнаты-45-m");
    expect(slugify("  Дом  ///  сад  ")).toBe("дом-сад");
    expect(slugify("Апартамент №5 (вид на море)")).toBe("апартамент-5-вид-на-море");
    expect(slugify("!!!")).toBe("");
  });

  it("keeps ё and й as single letters", () => {
    expect(slugify("Ёлки Й")).toBe("ёлки-й");
  });
});

describe("nextFreeSlug", () => {
  it("adds -2, -3… when the slug is taken", () => {
    expect(nextFreeSlug("дом", [])).toBe("дом");
    expect(nextFreeSlug("дом", ["дом"])).toBe("дом-2");
    expect(nextFreeSlug("дом", ["дом", "дом-2", "дом-3"])).toBe("дом-4");
    expect(nextFreeSlug("дом", ["дом-2"])).toBe("дом");
  });
});

describe("reserved slugs", () => {
  it("covers the site's own top-level paths", () => {
    for (const path of [
      "properties",
      "locations",
      "admin",
      "bg",
      "testsupabase",
      "test-storage",
      "upload",
      "rest",
      "auth",
      "storage",
      "assets",
      "favorites",
      "compare",
    ]) {
      expect(RESERVED_SLUGS.has(path)).toBe(true);
    }
  });
});

describe("address columns (issue 31)", () => {
  it("the Cyrillic slug is made from the Russian title, the Latin one from the English", async () => {
    const { SLUG_COLUMNS } = await import("./slug");
    expect(SLUG_COLUMNS).toEqual([
      { column: "slug", lang: "ru" },
      { column: "slug_en", lang: "en" },
    ]);
  });
});
