import { placeName, type Lang } from "./lang";

/**
 * Numbers as ru-RU, bg-BG and en-GB write them, without Intl on the public pages.
 *
 * The first Intl object a browser tab creates loads ICU's locale data:
 * 27–70 ms of main thread on this machine's Chromium, four times that on a
 * throttled phone — the largest single piece of script work after a listing
 * page's first paint. The output is exactly Intl.NumberFormat's for these
 * locales (format.test.ts compares them over many values): Russian and
 * Bulgarian group thousands with a no-break space (Bulgarian only from five
 * integer digits) and put a comma before the fraction and " €" after a price;
 * English groups with a comma, a point before the fraction, "€" before the
 * price. Halves are rounded away from zero on the decimal value as written.
 * It is also the same on the server and in every browser, whatever their ICU
 * versions.
 */

const NBSP = "\u00a0";

/** How a language writes numbers, prices, units and dates: one entry per language of lang.ts. */
interface Conventions {
  /** Between groups of three digits. */
  group: string;
  /** Before the fraction. */
  decimal: string;
  /** CLDR minimumGroupingDigits: Russian groups 1 000, Bulgarian only 10 000. */
  minGroupingDigits: number;
  /** "185 000 €" or "€185,000". */
  euroBefore: boolean;
  metre: string;
  kilometre: string;
  squareMetre: string;
  /** A calendar day (month 1–12). */
  date: (year: string, month: number, day: number) => string;
}

const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;
const dotted = (year: string, month: number, day: number) => `${String(day).padStart(2, "0")}.${String(month).padStart(2, "0")}.${year}`;

const CONVENTIONS: Record<Lang, Conventions> = {
  ru: { group: NBSP, decimal: ",", minGroupingDigits: 1, euroBefore: false, metre: "м", kilometre: "км", squareMetre: "м²", date: dotted },
  bg: { group: NBSP, decimal: ",", minGroupingDigits: 2, euroBefore: false, metre: "м", kilometre: "км", squareMetre: "м²", date: dotted },
  // en-GB as Intl writes it: "€149,500", "12 Mar 2026" (CLDR's British September is "Sept").
  en: {
    group: ",",
    decimal: ".",
    minGroupingDigits: 1,
    euroBefore: true,
    metre: "m",
    kilometre: "km",
    squareMetre: "m²",
    date: (year, month, day) => `${day} ${EN_MONTHS[month - 1]} ${year}`,
  },
};

/** The decimal digits of |value| (shortest round-trip form, as ICU reads a double) and where the point is. */
function decimalDigits(value: number): { digits: string; point: number } {
  const [mantissa = "0", exponent = "0"] = Math.abs(value).toString().split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const all = whole + fraction;
  const digits = all.replace(/^0+/, "");
  // Leading zeros ("0.05") move the point left of the first significant digit.
  return { digits, point: whole.length + Number(exponent) - (all.length - digits.length) };
}

/** |value| rounded half away from zero to `maxFraction` digits: integer and fraction digit strings. */
function roundedParts(value: number, maxFraction: number): { whole: string; fraction: string } {
  const { digits, point } = decimalDigits(value);
  if (digits === "") return { whole: "0", fraction: "" };
  const keep = point + maxFraction;
  if (keep < 0) return { whole: "0", fraction: "" };
  let kept = digits.slice(0, keep).padEnd(keep, "0");
  if ((digits[keep] ?? "0") >= "5") {
    // Add one to the last kept digit, carrying to the left.
    const chars = kept.split("");
    let i = chars.length - 1;
    while (i >= 0 && chars[i] === "9") chars[i--] = "0";
    if (i >= 0) chars[i] = String(Number(chars[i]) + 1);
    kept = (i < 0 ? "1" : "") + chars.join("");
  }
  const wholeLength = kept.length - maxFraction;
  const whole = kept.slice(0, Math.max(0, wholeLength)).replace(/^0+(?=\d)/, "") || "0";
  const fraction = kept.slice(Math.max(0, wholeLength)).padStart(maxFraction, "0").replace(/0+$/, "");
  return { whole, fraction };
}

function group(whole: string, lang: Lang): string {
  const { group: separator, minGroupingDigits } = CONVENTIONS[lang];
  if (whole.length < 4 + minGroupingDigits - 1) return whole;
  return whole.replace(/\B(?=(\d{3})+$)/g, separator);
}

/** The sign ("-" or "") and the digits of `value` in `lang`, apart: English writes a price's € between them. */
function signAndDigits(value: number, lang: Lang, maxFraction: number): { sign: string; digits: string } {
  const { whole, fraction } = roundedParts(value, maxFraction);
  // Like Intl: a negative value keeps its sign even when it rounds to zero.
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return { sign, digits: `${group(whole, lang)}${fraction ? `${CONVENTIONS[lang].decimal}${fraction}` : ""}` };
}

export function formatDecimal(value: number, lang: Lang, maxFraction: number): string {
  // Stored prices and areas are finite (validated); anything else is shown as it is.
  if (!Number.isFinite(value)) return String(value);
  const { sign, digits } = signAndDigits(value, lang, maxFraction);
  return `${sign}${digits}`;
}

/** "185 000 €" / "€185,000" (prices are in euro, SPEC §1). */
export function formatPrice(value: number, lang: Lang): string {
  if (!CONVENTIONS[lang].euroBefore) return `${formatDecimal(value, lang, 0)}${NBSP}€`;
  if (!Number.isFinite(value)) return `€${value}`;
  const { sign, digits } = signAndDigits(value, lang, 0);
  return `${sign}€${digits}`;
}

/** "120,5 м²" / "120.5 m²" */
export function formatArea(value: number, lang: Lang): string {
  return `${formatNumber(value, lang)} ${CONVENTIONS[lang].squareMetre}`;
}

/** "1 234,5" / "1234,5" / "1,234.5": at most one decimal. */
export function formatNumber(value: number, lang: Lang): string {
  return formatDecimal(value, lang, 1);
}

/** SPEC §9: ru-RU day/month/year hour:minute, e.g. "21.11.2026, 10:47" (administrator pages and e-mail only). */
export function formatDateTime(iso: string, timeZone = "Europe/Sofia"): string {
  return new Intl.DateTimeFormat("ru-RU", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(new Date(iso));
}

/**
 * A calendar day, "2026-03-12", as the public pages write it: "12.03.2026"
 * in Russian and Bulgarian, "12 Mar 2026" in English. Anything not in that
 * form comes back as it is.
 */
export function formatDate(isoDay: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay.trim());
  if (!match) return isoDay;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return isoDay;
  return CONVENTIONS[lang].date(match[1]!, month, day);
}

/** "2 000 €/м²" / "€2,000/m²" (price per square metre, whole euros). */
export function formatPricePerM2(value: number, lang: Lang): string {
  return `${formatPrice(value, lang)}/${CONVENTIONS[lang].squareMetre}`;
}

/** Distance to the sea: "350 м" below a kilometre, else "1,2 км" (one decimal at most); "350 m", "1.2 km". */
export function formatDistance(metres: number, lang: Lang): string {
  const { metre, kilometre } = CONVENTIONS[lang];
  return metres < 1000 ? `${formatDecimal(metres, lang, 0)}${NBSP}${metre}` : `${formatNumber(Math.round(metres / 100) / 10, lang)}${NBSP}${kilometre}`;
}

/** "2027-Q2" → { year: "2027", quarter: 2 }, or null when not in that form. */
export function parseQuarter(value: string): { year: string; quarter: 1 | 2 | 3 | 4 } | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(value.trim());
  return match ? { year: match[1]!, quarter: Number(match[2]) as 1 | 2 | 3 | 4 } : null;
}

/** A location as placeIn reads it (name_en: the English name, when the row has one). */
export type PlaceNames = { name: string; name_bg: string; name_ru_in: string; name_en?: string | null };

/**
 * The place a heading puts after its «в» / "in", per language: Russian takes
 * the location's own form («в Созополе», stored because Russian declines
 * place names) or null when none is stored, so the page picks a wording
 * that needs no case («Недвижимость: Созополь»). Bulgarian does not decline:
 * «в Созопол», with «във» before в/ф as Bulgarian spelling requires. English:
 * "in Sozopol", with the English name or the Bulgarian one transliterated
 * (lang.ts placeName).
 */
const PLACE_IN: Record<Lang, (location: PlaceNames) => string | null> = {
  ru: (location) => location.name_ru_in.trim() || null,
  bg: (location) => {
    const name = location.name_bg.trim() || location.name;
    return `${/^[вф]/iu.test(name) ? "във" : "в"} ${name}`;
  },
  en: (location) => `in ${placeName("en", location)}`,
};

export function placeIn(lang: Lang, location: PlaceNames): string | null {
  return PLACE_IN[lang](location);
}
