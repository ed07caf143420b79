import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/table-test";
import { nextFreeSlug, RESERVED_SLUGS, slugify } from "./slug";

describe("slugify (SPEC §2)", () => {
  itMaps(slugify, [
    // lowercases, turns spaces into hyphens and keeps Cyrillic letters
    ["Квартира у моря", "квартира-у-моря"],
    ["Созополь", "созополь"],
    ["Къща край морето", "къща-край-морето"],
    ["Sunny Beach", "sunny-beach"],
    // removes special characters and collapses hyphens
    ["Студия, 2 комнаты — 45 m²!", "студия-2-комнаты-45-m"],
    ["  Дом  ///  сад  ", "дом-сад"],
    ["Апартамент №5 (вид на море)", "апартамент-5-вид-на-море"],
    ["!!!", ""],
    // keeps ё and й as single letters
    ["Ёлки Й", "ёлки-й"],
  ]);
});

describe("nextFreeSlug adds -2, -3… when the slug is taken", () => {
  itMaps(
    (taken: string[]) => nextFreeSlug("дом", taken),
    [
      [[], "дом"],
      [["дом"], "дом-2"],
      [["дом", "дом-2", "дом-3"], "дом-4"],
      [["дом-2"], "дом"],
    ],
  );
});

describe("reserved slugs", () => {
  it("covers the site's own top-level paths", () => {
    expect([...RESERVED_SLUGS]).toEqual(
      expect.arrayContaining([
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
      ]),
    );
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
