import { describe, expect, it } from "vitest";
import { formatArea, formatDate, formatDistance, formatNumber, formatPrice, formatPricePerM2, parseQuarter, placeIn } from "./format";
import { LANGUAGES } from "./lang";

/**
 * The formatters write numbers without Intl (for the browser's sake, see
 * format.ts); Node's Intl is the reference they must match, character for
 * character (no-break spaces included).
 */
const SQUARE_METRE = { ru: "м²", bg: "м²", en: "m²" } as const;

// Deterministic spread of values: small and large, whole and fractional,
// halves at the rounding digit, carries (9.95, 999.96), and shortest-form
// decimals whose binary value lies below the half (0.15, 1.005).
function sampleValues(): number[] {
  const values = [0, -0, 1, 9, 10, 99, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 12_345_678, 2_147_483_647, 1e15, 1e21, 1.5e22];
  values.push(0.05, 0.15, 0.25, 0.45, 0.94, 0.95, 0.96, 1.005, 1.05, 1.25, 2.5, 3.5, 9.95, 99.95, 999.95, 999.96, 9999.5, 12_345.65, 1e-7, 4.5e-3, 123.456);
  values.push(-0.4, -1, -2.5, -1234.56, -99_999.95);
  let seed = 20261121;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(next() * 9);
    values.push(Math.round(next() * magnitude * 100) / 100, Math.round(next() * magnitude), Math.round(next() * magnitude * 10) / 10 + 0.05);
  }
  return values;
}

describe("number formats without Intl", () => {
  const values = sampleValues();

  for (const { code: lang, locale } of LANGUAGES) {
    it(`prices match Intl's euro format (${lang})`, () => {
      const intl = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
      for (const v of values) expect(formatPrice(v, lang), String(v)).toBe(intl.format(v));
    });

    it(`numbers and areas match Intl with one decimal (${lang})`, () => {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
      for (const v of values) {
        expect(formatNumber(v, lang), String(v)).toBe(intl.format(v));
        expect(formatArea(v, lang), String(v)).toBe(`${intl.format(v)} ${SQUARE_METRE[lang]}`);
      }
    });
  }

  it("reads as people write it", () => {
    expect(formatPrice(185_000, "ru")).toBe("185\u00a0000\u00a0€");
    expect(formatPrice(1000, "ru")).toBe("1\u00a0000\u00a0€");
    expect(formatPrice(1000, "bg")).toBe("1000\u00a0€");
    expect(formatPrice(12_345, "bg")).toBe("12\u00a0345\u00a0€");
    expect(formatArea(120.5, "bg")).toBe("120,5 м²");
    expect(formatNumber(0.15, "ru")).toBe("0,2");
    expect(formatPrice(149_500, "en")).toBe("€149,500");
    expect(formatPrice(1000, "en")).toBe("€1,000");
    expect(formatPrice(-1234.5, "en")).toBe("-€1,235");
    expect(formatArea(120.5, "en")).toBe("120.5 m²");
    expect(formatNumber(1234.56, "en")).toBe("1,234.6");
  });
});

describe("issue 20 facts", () => {
  const NBSP = "\u00a0";
  it("writes the sea distance in metres below a kilometre, else in kilometres", () => {
    expect(formatDistance(0, "ru")).toBe(`0${NBSP}м`);
    expect(formatDistance(350, "ru")).toBe(`350${NBSP}м`);
    expect(formatDistance(999, "bg")).toBe(`999${NBSP}м`);
    expect(formatDistance(1000, "ru")).toBe(`1${NBSP}км`);
    expect(formatDistance(1250, "bg")).toBe(`1,3${NBSP}км`);
    expect(formatDistance(12_000, "ru")).toBe(`12${NBSP}км`);
    expect(formatDistance(350, "en")).toBe(`350${NBSP}m`);
    expect(formatDistance(1250, "en")).toBe(`1.3${NBSP}km`);
  });

  it("writes €/m² as prices are written", () => {
    expect(formatPricePerM2(2000, "ru")).toBe(`2${NBSP}000${NBSP}€/м²`);
    expect(formatPricePerM2(2000, "bg")).toBe(`2000${NBSP}€/м²`);
    expect(formatPricePerM2(1395.45, "ru")).toBe(`1${NBSP}395${NBSP}€/м²`);
    expect(formatPricePerM2(2000, "en")).toBe("€2,000/m²");
  });

  it("reads a completion quarter", () => {
    expect(parseQuarter("2027-Q2")).toEqual({ year: "2027", quarter: 2 });
    expect(parseQuarter("2027-Q5")).toBeNull();
    expect(parseQuarter("Q2 2027")).toBeNull();
  });

  it("puts the place after «в»: the stored Russian form, none when empty; Bulgarian needs no case", () => {
    const sozopol = { name: "Созополь", name_bg: "Созопол", name_ru_in: "в Созополе" };
    expect(placeIn("ru", sozopol)).toBe("в Созополе");
    expect(placeIn("ru", { ...sozopol, name_ru_in: " " })).toBeNull();
    expect(placeIn("bg", sozopol)).toBe("в Созопол");
    expect(placeIn("bg", { ...sozopol, name_bg: "" })).toBe("в Созополь");
    expect(placeIn("bg", { name: "Варна", name_bg: "Варна", name_ru_in: "" })).toBe("във Варна");
  });

  it("puts the place after “in” in English: its English name, else the Bulgarian one transliterated", () => {
    const chernomorets = { name: "Черноморец", name_bg: "Черноморец", name_ru_in: "в Черноморце" };
    expect(placeIn("en", chernomorets)).toBe("in Chernomorets");
    expect(placeIn("en", { name: "Созополь", name_bg: "Созопол", name_ru_in: "в Созополе" })).toBe("in Sozopol");
    expect(placeIn("en", { ...chernomorets, name_en: "Chernomorets Bay" })).toBe("in Chernomorets Bay");
    expect(placeIn("en", { ...chernomorets, name_en: " " })).toBe("in Chernomorets");
  });
});

describe("calendar days", () => {
  it("are dd.mm.yyyy in Russian and Bulgarian, as before", () => {
    expect(formatDate("2026-03-12", "ru")).toBe("12.03.2026");
    expect(formatDate("2026-11-01", "bg")).toBe("01.11.2026");
  });

  it("are en-GB's day, short month and year in English, as Intl writes them", () => {
    expect(formatDate("2026-03-12", "en")).toBe("12 Mar 2026");
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = `2026-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(formatDate(iso, "en"), iso).toBe(intl.format(new Date(`${iso}T12:00:00Z`)));
      }
    }
  });

  it("leaves what is not a day as it is", () => {
    expect(formatDate("soon", "en")).toBe("soon");
    expect(formatDate("2026-13-01", "en")).toBe("2026-13-01");
  });
});
