import { describe, expect, it } from "vitest";
import { formatPropertyCount, plural, pluralCategory } from "./plural";

describe("property counts", () => {
  it("uses Russian plural forms", () => {
    expect([0, 1, 2, 5, 11, 21, 22, 25, 101].map((n) => formatPropertyCount(n, "ru"))).toEqual([
      "0 объектов",
      "1 объект",
      "2 объекта",
      "5 объектов",
      "11 объектов",
      "21 объект",
      "22 объекта",
      "25 объектов",
      "101 объект",
    ]);
  });
  it("uses Bulgarian plural forms", () => {
    expect([0, 1, 2, 5].map((n) => formatPropertyCount(n, "bg"))).toEqual(["0 имота", "1 имот", "2 имота", "5 имота"]);
  });
});

describe("plural forms of chips", () => {
  const forms = { one: "{n} спальня", few: "{n} спальни", many: "{n} спален", other: "{n} спальни" };
  it("agrees with the number", () => {
    expect([0, 1, 2, 5, 21].map((n) => plural(n, "ru", forms))).toEqual(["0 спален", "1 спальня", "2 спальни", "5 спален", "21 спальня"]);
  });
});

describe("plural categories", () => {
  it("are CLDR's, as Intl.PluralRules gives them, for counts and for fractions", () => {
    const values = [...Array.from({ length: 1200 }, (_, i) => i), 1.5, 0.5, 2.25, 11.1, 100.5, -1, -2, -5, -21, 1_000_001, 1_000_011];
    for (const lang of ["ru", "bg"] as const) {
      const rules = new Intl.PluralRules(lang);
      for (const n of values) expect(pluralCategory(n, lang), `${lang} ${n}`).toBe(rules.select(n));
    }
  });
});
