import { describe, expect, it } from "vitest";
import * as admin from "./admin";
import * as alertForm from "./alert-form";
import * as alerts from "./alerts";
import { bg } from "./bg";
import { en } from "./en";
import * as diagnostics from "./diagnostics";
import * as privacy from "./privacy";
import { ru } from "./ru";
import * as shortlist from "./shortlist";

/** Every string of a dictionary module (functions are called with placeholder arguments where they take none). */
function texts(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((v) => texts(v, seen));
}

const ALL = texts({ admin, alertForm, alerts, bg, diagnostics, en, privacy, ru, shortlist });
const DICTIONARIES = { ru, bg, en };
/** A word's stem: its first five letters, lower case. */
const stems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.map((w) => w.slice(0, 5)) ?? [],
  );

describe("one wording for one thing (issue 30)", () => {
  it("«Вперёд» is spelt with ё everywhere, as the public pagination does", () => {
    expect(ALL.length).toBeGreaterThan(200);
    expect(ALL.filter((s) => /вперед/i.test(s))).toEqual([]);
  });

  it.each(Object.keys(DICTIONARIES) as (keyof typeof DICTIONARIES)[])("%s: the home page's featured row is not named like the visitor's favourites", (lang) => {
    const t = DICTIONARIES[lang];
    const favorites = stems(t.nav.favorites);
    expect([...stems(t.home.featuredTitle)].filter((s) => favorites.has(s))).toEqual([]);
  });

  it("the admin names a property's status as the site's badge does («Забронировано», «Продано»)", () => {
    const { reserved, sold } = admin.ADMIN.properties.statuses;
    expect({ reserved, sold }).toEqual(ru.card.status);
    expect(ru.card.status).toEqual({ reserved: "Забронировано", sold: "Продано" });
  });
});
