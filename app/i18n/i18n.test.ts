import { describe, expect, it } from "vitest";
import { formatArea, formatDateTime, formatPrice } from "./format";
import { localizePath, localText, placeName, splitLangPath } from "./lang";
import { CONSTRUCTION_STAGES } from "~/lib/property-facts";
import { ADMIN } from "./admin";
import { bg } from "./bg";
import { en } from "./en";
import { ru } from "./ru";

describe("localized paths", () => {
  it("puts Bulgarian pages under /bg and keeps Russian ones at SPEC's paths", () => {
    expect(localizePath("ru", "/properties")).toBe("/properties");
    expect(localizePath("bg", "/properties")).toBe("/bg/properties");
    expect(localizePath("bg", "/")).toBe("/bg");
    expect(localizePath("bg", "/созополь/дом")).toBe("/bg/созополь/дом");
    expect(localizePath("en", "/sozopol/house")).toBe("/en/sozopol/house");
    expect(localizePath("en", "/")).toBe("/en");
  });
  it("splits a path into language and unprefixed path", () => {
    expect(splitLangPath("/bg")).toEqual({ lang: "bg", path: "/" });
    expect(splitLangPath("/bg/properties")).toEqual({ lang: "bg", path: "/properties" });
    expect(splitLangPath("/properties")).toEqual({ lang: "ru", path: "/properties" });
    expect(splitLangPath("/bgx")).toEqual({ lang: "ru", path: "/bgx" });
    expect(splitLangPath("/en")).toEqual({ lang: "en", path: "/" });
    expect(splitLangPath("/en/properties")).toEqual({ lang: "en", path: "/properties" });
    expect(splitLangPath("/english")).toEqual({ lang: "ru", path: "/english" });
  });
  it("falls back to the Russian text when the page language's one is empty", () => {
    const row = { title: "Дом", title_bg: "Къща", title_en: "" };
    expect(localText("bg", row, "title")).toBe("Къща");
    expect(localText("bg", { ...row, title_bg: "  " }, "title")).toBe("Дом");
    expect(localText("bg", { title: "Дом" }, "title")).toBe("Дом");
    expect(localText("ru", row, "title")).toBe("Дом");
    expect(localText("en", row, "title")).toBe("Дом");
    expect(localText("en", { ...row, title_en: "House" }, "title")).toBe("House");
  });
  it("names a place in English by its English name, else its Bulgarian name transliterated (issue 31)", () => {
    expect(placeName("en", { name: "Созополь", name_bg: "Созопол", name_en: "" })).toBe("Sozopol");
    expect(placeName("en", { name: "Черноморец", name_bg: "", name_en: "" })).toBe("Chernomorets");
    expect(placeName("en", { name: "Солнечный берег", name_bg: "Слънчев бряг", name_en: "Sunny Beach" })).toBe("Sunny Beach");
    expect(placeName("bg", { name: "Созополь", name_bg: "Созопол", name_en: "Sozopol" })).toBe("Созопол");
    expect(placeName("ru", { name: "Созополь", name_bg: "Созопол", name_en: "Sozopol" })).toBe("Созополь");
  });
});

describe("formats", () => {
  it("prices in euro, areas in m², dates as dd.mm.yyyy hh:mm", () => {
    expect(formatPrice(185000, "ru").replace(/\s/g, " ")).toBe("185 000 €");
    expect(formatArea(120.5, "ru")).toBe("120,5 м²");
    expect(formatDateTime("2026-11-21T08:47:00Z")).toBe("21.11.2026, 10:47");
  });
  it("English: €149,500, 120.5 m² (en-GB, issue 31)", () => {
    expect(formatPrice(149500, "en")).toBe("€149,500");
    expect(formatPrice(1500, "en")).toBe("€1,500");
    expect(formatArea(120.5, "en")).toBe("120.5 m²");
  });
});

describe("one wording of a property's facts", () => {
  it("the admin names the construction stages with the site's Russian words (issue 30)", () => {
    for (const stage of CONSTRUCTION_STAGES) expect(ADMIN.properties.facts.stages[stage], stage).toBe(ru.property.stages[stage]);
    // The card's short label is the start of the page's long one, in each language.
    for (const dictionary of [ru, bg, en]) {
      for (const stage of CONSTRUCTION_STAGES) expect(dictionary.property.stages[stage].startsWith(dictionary.card.stage[stage]), stage).toBe(true);
    }
  });
});
