import { placeName, type Lang } from "./lang";

/**
 * Numbers as ru-RU, bg-BG and en-GB write them, without Intl on the public pages.
 *
 * The first Intl object a browser tab creates loads ICU's locale data:
 * 27–70 ms of main thread on this machine's Chromium, four times that on a
 * throttled phone — the largest single piece of script work after a listing
 * page's first paint. The output is exactly Intl.NumberFormat's for these
 * locales (format.test.ts compares them over many values): in Russian and
 * Bulgarian a no-break space groups thousands (Bulgarian only from five
 * integer digits), a comma before the fraction and " €" after a price; in
 * English a comma groups, a point comes before the fraction and "€" before a
 * price (issue 31: €149,500). Halves are rounded away from zero on the decimal
 * value as written. It is also the same on the server and in every browser,
 * whatever their ICU versions.
 */

const NBSP = "\u00a0";

/** Each language's way of writing numbers and units (CLDR; minGrouping: Russian groups 1 000, Bulgarian only 10 000). */
const NUMBERS: Record<Lang, { group: string; decimal: string; minGrouping: number; euroBefore: boolean; m: string; km: string; m2: string }> = {
  ru: { group: NBSP, decimal: ",", minGrouping: 1, euroBefore: false, m: "м", km: "км", m2: "м²" },
  bg: { group: NBSP, decimal: ",", minGrouping: 2, euroBefore: false, m: "м", km: "км", m2: "м²" },
  en: { group: ",", decimal: ".", minGrouping: 1, euroBefore: true, m: "m", km: "km", m2: "m²" },
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
  if (whole.length < 4 + NUMBERS[lang].minGrouping - 1) return whole;
  return whole.replace(/\B(?=(\d{3})+$)/g, NUMBERS[lang].group);
}

export function formatDecimal(value: number, lang: Lang, maxFraction: number): string {
  // Stored prices and areas are finite (validated); anything else is shown as it is.
  if (!Number.isFinite(value)) return String(value);
  const { whole, fraction } = roundedParts(value, maxFraction);
  // Like Intl: a negative value keeps its sign even when it rounds to zero.
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${group(whole, lang)}${fraction ? `${NUMBERS[lang].decimal}${fraction}` : ""}`;
}

/** "185 000 €", "€185,000" (prices are in euro, SPEC §1). */
export function formatPrice(value: number, lang: Lang): string {
  const amount = formatDecimal(value, lang, 0);
  if (!NUMBERS[lang].euroBefore) return `${amount}${NBSP}€`;
  return amount.startsWith("-") ? `-€${amount.slice(1)}` : `€${amount}`;
}

/** "120,5 м²", "120.5 m²" */
export function formatArea(value: number, lang: Lang): string {
  return `${formatNumber(value, lang)} ${NUMBERS[lang].m2}`;
}

/** "1 234,5" / "1234,5": at most one decimal. */
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

/** "2 000 €/м²", "€2,000/m²" (price per square metre, whole euros). */
export function formatPricePerM2(value: number, lang: Lang): string {
  return `${formatPrice(value, lang)}/${NUMBERS[lang].m2}`;
}

/** Distance to the sea: "350 м" below a kilometre, else "1,2 км" (one decimal at most); "350 m", "1.2 km". */
export function formatDistance(metres: number, lang: Lang): string {
  const u = NUMBERS[lang];
  return metres < 1000 ? `${formatDecimal(metres, lang, 0)}${NBSP}${u.m}` : `${formatNumber(Math.round(metres / 100) / 10, lang)}${NBSP}${u.km}`;
}

/** "2027-Q2" → { year: "2027", quarter: 2 }, or null when not in that form. */
export function parseQuarter(value: string): { year: string; quarter: 1 | 2 | 3 | 4 } | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(value.trim());
  return match ? { year: match[1]!, quarter: Number(match[2]) as 1 | 2 | 3 | 4 } : null;
}

/**
 * The place a Russian heading puts after «в»: the location's own form
 * («в Созополе», stored because Russian declines place names) or null when
 * none is stored, so the page picks a wording that needs no case
 * («Недвижимость: Созополь»). Bulgarian does not decline: «в Созопол», with
 * «във» before в/ф as Bulgarian spelling requires.
 */
export function placeIn(lang: Lang, location: { name: string; name_bg: string; name_ru_in: string }): string | null {
  if (lang === "ru") return location.name_ru_in.trim() || null;
  if (lang === "bg") {
    const name = location.name_bg.trim() || location.name;
    return `${/^[вф]/iu.test(name) ? "във" : "в"} ${name}`;
  }
  // Languages that do not decline place names put the name itself after their preposition («Property in {in}»).
  return placeName(lang, location);
}
