import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./lang";
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
  it("uses English plural forms", () => {
    expect([0, 1, 2, 5, 11, 21].map((n) => formatPropertyCount(n, "en"))).toEqual([
      "0 properties",
      "1 property",
      "2 properties",
      "5 properties",
      "11 properties",
      "21 properties",
    ]);
  });
});

describe("plural forms of chips", () => {
  const forms = { one: "{n} спальня", few: "{n} спальни", many: "{n} спален", other: "{n} спальни" };
  it("agrees with the number", () => {
    expect([0, 1, 2, 5, 21].map((n) => plural(n, "ru", forms))).toEqual(["0 спален", "1 спальня", "2 спальни", "5 спален", "21 спальня"]);
  });
  it("agrees with the number in English", () => {
    const en = { one: "{n} bedroom", few: "{n} bedrooms", many: "{n} bedrooms", other: "{n} bedrooms" };
    expect([0, 1, 2, 21].map((n) => plural(n, "en", en))).toEqual(["0 bedrooms", "1 bedroom", "2 bedrooms", "21 bedrooms"]);
  });
});

describe("plural categories", () => {
  it("are CLDR's, as Intl.PluralRules gives them, for counts and for fractions", () => {
    const values = [...Array.from({ length: 1200 }, (_, i) => i), 1.5, 0.5, 2.25, 11.1, 100.5, -1, -2, -5, -21, 1_000_001, 1_000_011];
    for (const { code, locale } of LANGUAGES) {
      const rules = new Intl.PluralRules(locale);
      for (const n of values) expect(pluralCategory(n, code), `${code} ${n}`).toBe(rules.select(n));
    }
  });
});
