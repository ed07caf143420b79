import { describe, expect, it } from "vitest";
import { formatPropertyCount, plural } from "./plural";

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
