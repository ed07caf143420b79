import { describe, expect, it } from "vitest";
import { formatBBox, parseBBox } from "./bbox";

describe("bbox=west,south,east,north", () => {
  it("reads four numbers in range", () => {
    expect(parseBBox("27.6,42.3,27.8,42.5")).toEqual({ west: 27.6, south: 42.3, east: 27.8, north: 42.5 });
    expect(parseBBox(" -180 , -90 , 180 , 90 ")).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });

  it("rounds raw floats of map libraries to six decimals instead of refusing them", () => {
    expect(parseBBox("27.712345678901234,42.41234567890123,27.81234567890123,42.51234567890123")).toEqual({
      west: 27.712346,
      south: 42.412346,
      east: 27.812346,
      north: 42.512346,
    });
    expect(parseBBox("-0.0000001,1.5e-7,0.1,0.2")).toEqual({ west: 0, south: 0, east: 0.1, north: 0.2 });
    expect(parseBBox(`27.${"1".repeat(20)},42.3,27.8,42.5`)?.west).toBe(27.111111);
  });

  it.each([
    null,
    "",
    "27.6,42.3,27.8",
    "27.6,42.3,27.8,42.5,1",
    "27.8,42.3,27.6,42.5",
    "27.6,42.5,27.8,42.3",
    "27.6,42.3,27.6,42.5",
    "-181,0,1,1",
    "0,-91,1,1",
    "0,0,181,1",
    "0,0,1,91",
    "a,b,c,d",
    "1e1,0,20,1",
    "0x1,0,2,1",
    "NaN,0,1,1",
    "Infinity,0,1,1",
    `${"1".repeat(200)},0,1,1`,
    "27.1,42.1,27.1000001,42.2",
    "180.0000001,0,181,1",
    "1e-400x,0,1,1",
  ])("ignores %j", (raw) => {
    expect(parseBBox(raw)).toBeNull();
  });

  it("writes rounded values that read back the same", () => {
    const written = formatBBox({ west: 27.123456789, south: 42.1, east: 27.9, north: 42.55555555 });
    expect(written).toBe("27.123457,42.1,27.9,42.555556");
    expect(formatBBox(parseBBox(written)!)).toBe(written);
  });
});
