import { describe, expect, it } from "vitest";
import { formatPropertyCount } from "./plural";

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
