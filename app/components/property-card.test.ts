import { describe, expect, it } from "vitest";
import { dictionary } from "~/i18n";
import { PRICE_REDUCTION_DAYS } from "~/lib/property-facts";
import { bedroomsText, reducedFrom } from "./property-card";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-26T12:00:00Z");

describe("reducedFrom: the struck-through price of a recent cut", () => {
  const cut = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();
  it(`shows the old price for ${PRICE_REDUCTION_DAYS} days after a cut`, () => {
    expect(reducedFrom({ price: 90_000, price_reduced_from: 100_000, price_reduced_at: cut(1) }, NOW)).toBe(100_000);
    expect(reducedFrom({ price: 90_000, price_reduced_from: 100_000, price_reduced_at: cut(PRICE_REDUCTION_DAYS - 0.01) }, NOW)).toBe(100_000);
    expect(reducedFrom({ price: 90_000, price_reduced_from: 100_000, price_reduced_at: cut(PRICE_REDUCTION_DAYS + 0.01) }, NOW)).toBeNull();
  });

  it("reads PostgreSQL's text form of the time", () => {
    expect(reducedFrom({ price: 90_000, price_reduced_from: 100_000, price_reduced_at: "2026-11-20 10:00:00.5+00" }, NOW)).toBe(100_000);
  });

  it("shows nothing without a cut, a price, or when the price is not below the old one", () => {
    expect(reducedFrom({ price: 90_000, price_reduced_from: null, price_reduced_at: null }, NOW)).toBeNull();
    expect(reducedFrom({ price: null, price_reduced_from: 100_000, price_reduced_at: cut(1) }, NOW)).toBeNull();
    expect(reducedFrom({ price: 100_000, price_reduced_from: 100_000, price_reduced_at: cut(1) }, NOW)).toBeNull();
  });
});

describe("bedroomsText", () => {
  it("reads 0 bedrooms as a studio, in both languages", () => {
    expect(bedroomsText(0, "ru", dictionary("ru"))).toBe("Студия");
    expect(bedroomsText(0, "bg", dictionary("bg"))).toBe("Студио");
    expect(bedroomsText(2, "ru", dictionary("ru"))).toBe("2 спальни");
    expect(bedroomsText(5, "ru", dictionary("ru"))).toBe("5 спален");
  });
});
