import { describe, expect, it } from "vitest";
import { COMPARE_MAX, FAVORITES_MAX, idListHref, parseIdList } from "./shortlist";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const params = (query: string) => new URLSearchParams(query);

describe("parseIdList", () => {
  it("reads ids separated by commas and repeated ids=, in order, lowercased, without repeats or empty entries", () => {
    expect(parseIdList(params(`ids=${id(2)},${id(1)}`), 4)).toEqual({ ok: true, ids: [id(2), id(1)] });
    expect(parseIdList(params(`ids=${id(1)}&ids=${id(3)},&ids=${id(1).toUpperCase()}`), 4)).toEqual({ ok: true, ids: [id(1), id(3)] });
    expect(parseIdList(params(`ids=${id(1)},,%20${id(2)}%20,`), 4)).toEqual({ ok: true, ids: [id(1), id(2)] });
    expect(parseIdList(params(""), 4)).toEqual({ ok: true, ids: [] });
    expect(parseIdList(params("ids="), 4)).toEqual({ ok: true, ids: [] });
  });

  it("refuses a list with anything that is not a property id", () => {
    for (const bad of ["1", "abc", `${id(1)}x`, "'; drop table real_estates; --", `${id(1)},../admin`, "00000000-0000-4000-8000-00000000000g"]) {
      const result = parseIdList(params(`ids=${encodeURIComponent(bad)}`), 4);
      expect(result.ok, bad).toBe(false);
      expect(result).toMatchObject({ reason: "malformed" });
    }
  });

  it("refuses more than the maximum (the page says so) and keeps the first ones for it", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => id(i));
    const result = parseIdList(params(`ids=${fifty.join(",")}`), FAVORITES_MAX);
    expect(result).toMatchObject({ ok: false, reason: "tooMany" });
    expect(result.ids).toEqual(fifty.slice(0, FAVORITES_MAX));
    expect(parseIdList(params(`ids=${fifty.slice(0, 5).join(",")}`), COMPARE_MAX)).toMatchObject({ ok: false, reason: "tooMany" });
    expect(parseIdList(params(`ids=${fifty.slice(0, 4).join(",")}`), COMPARE_MAX)).toMatchObject({ ok: true });
    // Repeats count once.
    expect(parseIdList(params(`ids=${[...fifty.slice(0, 4), ...fifty.slice(0, 4)].join(",")}`), COMPARE_MAX)).toMatchObject({ ok: true });
  });
});

describe("idListHref", () => {
  it("puts the ids in one readable parameter; none: the bare path", () => {
    expect(idListHref("/favorites", [id(1), id(2)])).toBe(`/favorites?ids=${id(1)},${id(2)}`);
    expect(idListHref("/bg/compare", [])).toBe("/bg/compare");
  });
});
