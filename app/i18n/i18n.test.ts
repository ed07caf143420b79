import { describe, expect, it } from "vitest";
import { formatArea, formatDateTime, formatPrice } from "./format";
import { localizePath, pickText, splitLangPath } from "./lang";
import { CONSTRUCTION_STAGES } from "~/lib/property-facts";
import { ADMIN } from "./admin";
import { bg } from "./bg";
import { ru } from "./ru";

describe("localized paths", () => {
  it("puts Bulgarian pages under /bg and keeps Russian ones at SPEC's paths", () => {
    expect(localizePath("ru", "/properties")).toBe("/properties");
    expect(localizePath("bg", "/properties")).toBe("/bg/properties");
    expect(localizePath("bg", "/")).toBe("/bg");
    expect(localizePath("bg", "/созополь/дом")).toBe("/bg/созополь/дом");
  });
  it("splits a path into language and unprefixed path", () => {
    expect(splitLangPath("/bg")).toEqual({ lang: "bg", path: "/" });
    expect(splitLangPath("/bg/properties")).toEqual({ lang: "bg", path: "/properties" });
    expect(splitLangPath("/properties")).toEqual({ lang: "ru", path: "/properties" });
    expect(splitLangPath("/bgx")).toEqual({ lang: "ru", path: "/bgx" });
  });
  it("falls back to the Russian text when the Bulgarian one is empty", () => {
    expect(pickText("bg", "Дом", "Къща")).toBe("Къща");
    expect(pickText("bg", "Дом", "  ")).toBe("Дом");
    expect(pickText("bg", "Дом", null)).toBe("Дом");
    expect(pickText("ru", "Дом", "Къща")).toBe("Дом");
  });
});

describe("formats", () => {
  it("prices in euro, areas in m², dates as dd.mm.yyyy hh:mm", () => {
    expect(formatPrice(185000, "ru").replace(/\s/g, " ")).toBe("185 000 €");
    expect(formatArea(120.5, "ru")).toBe("120,5 м²");
    expect(formatDateTime("2026-11-21T08:47:00Z")).toBe("21.11.2026, 10:47");
  });
});

describe("one wording of a property's facts", () => {
  it("the admin names the construction stages with the site's Russian words (issue 30)", () => {
    for (const stage of CONSTRUCTION_STAGES) expect(ADMIN.properties.facts.stages[stage], stage).toBe(ru.property.stages[stage]);
    // The card's short label is the start of the page's long one, in each language.
    for (const dictionary of [ru, bg]) {
      for (const stage of CONSTRUCTION_STAGES) expect(dictionary.property.stages[stage].startsWith(dictionary.card.stage[stage]), stage).toBe(true);
    }
  });
});
