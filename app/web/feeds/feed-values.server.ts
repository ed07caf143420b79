import "~/i18n/all";
import { dictionary, fill, localText, placeName, propertyPathIn, type Lang } from "~/i18n";
import { formatDecimal } from "~/i18n/format";
import { storeKeyOf, uploadPathOf } from "~/lib/image-keys";
import type { ComplexFacility } from "~/lib/property-facts";
import { localizedUrl } from "~/lib/seo";
import type { FeedProperty } from "~/models/feeds.server";

/**
 * Values the feeds share (decision 0026): XML text, a property's absolute
 * addresses, its photos as absolute JPEG addresses, its texts with the
 * site's language fallback.
 */

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Every character XML 1.0 forbids (§2.2): C0 controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text without the characters XML 1.0 forbids: the one filter every value
 * of every feed goes through (`xmlText`, `cdata`) — one such character in one
 * description would make the whole file unreadable, which a portal takes as
 * every listing withdrawn.
 */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, "");
}

/** Text as XML 1.0 character data: escaped, and the characters XML forbids dropped. */
export function xmlText(value: string | number): string {
  return xmlChars(String(value)).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** `<name>text</name>`, or nothing for a missing or empty value. */
export function element(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return `<${name}>${xmlText(value)}</${name}>`;
}

/** A CDATA section of markup: the characters XML forbids dropped, a `]]>` inside split across two sections. */
export function cdata(markup: string): string {
  return `<![CDATA[${xmlChars(markup).replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** At most `max` characters, cut at a word with «…» when longer. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if ([...clean].length <= max) return clean;
  const cut = [...clean].slice(0, max - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** The property's page in a language, absolute. */
export function propertyUrl(origin: string, lang: Lang, p: Pick<FeedProperty, "location_slug" | "slug"> & Partial<FeedProperty>): string {
  return localizedUrl(origin, lang, propertyPathIn(lang, p));
}

/** Title and description in a language, Russian when that language's is empty (the site's rule, localText). */
export function titleIn(lang: Lang, p: Pick<FeedProperty, "title"> & Partial<FeedProperty>): string {
  return localText(lang, p, "title");
}

/**
 * A complex's facilities in the feeds' words (issue 33): the portals' texts in
 * ru and bg, Kyero's features in English. Kept with the feeds: they are
 * words for portals (Kyero matches its own English features), not the site's.
 */
export const FACILITY_WORDS: Record<Lang, Record<ComplexFacility, string>> = {
  ru: {
    pool: "бассейн",
    indoor_pool: "крытый бассейн",
    gym: "фитнес-зал",
    spa: "спа",
    security: "охрана",
    reception: "ресепшн",
    restaurant: "ресторан",
    playground: "детская площадка",
    parking: "парковка",
    garage: "гараж",
    beach_access: "выход к пляжу",
    year_round: "круглогодичный комплекс",
  },
  bg: {
    pool: "басейн",
    indoor_pool: "закрит басейн",
    gym: "фитнес",
    spa: "спа",
    security: "охрана",
    reception: "рецепция",
    restaurant: "ресторант",
    playground: "детска площадка",
    parking: "паркинг",
    garage: "гараж",
    beach_access: "излаз към плажа",
    year_round: "целогодишен комплекс",
  },
  en: {
    pool: "Communal pool",
    indoor_pool: "Indoor pool",
    gym: "Gym",
    spa: "Spa",
    security: "24h security",
    reception: "Reception",
    restaurant: "Restaurant",
    playground: "Children's playground",
    parking: "Communal parking",
    garage: "Garage",
    beach_access: "Beach access",
    year_round: "Open all year",
  },
};

/** The maintenance fee that applies (€/m² a year): the unit's own, else its complex's (issue 33); null: none known. */
export function maintenanceFee(p: Pick<FeedProperty, "maintenance_fee_eur_m2"> & Partial<FeedProperty>): number | null {
  return p.maintenance_fee_eur_m2 ?? p.complex_maintenance_fee_eur_m2 ?? null;
}

/** The complex's name in a language (its own, else the Russian one; Latin-script languages transliterate), "" for none. */
export function complexNameIn(lang: Lang, p: Partial<FeedProperty>): string {
  if (!p.complex_name) return "";
  return placeName(lang, { name: p.complex_name, name_bg: p.complex_name_bg ?? "", name_en: p.complex_name_en ?? "" });
}

/** «Комплекс «Cascadas»: бассейн, охрана.» — the unit's complex and what it offers, a paragraph of the description (issue 33). */
export function complexParagraph(lang: Lang, p: Partial<FeedProperty>): string {
  const name = complexNameIn(lang, p);
  if (!name) return "";
  const label = dictionary(lang).complexFilter.chip;
  const facilities = (p.complex_facilities ?? []).map((f) => FACILITY_WORDS[lang][f]).filter(Boolean);
  return `${fill(label, { name })}${facilities.length > 0 ? ` — ${facilities.join(", ")}` : ""}.`;
}

/**
 * The description in a language, then the complex with its facilities and
 * the maintenance fee (the unit's, else its complex's) as last paragraphs:
 * neither portal has an element for them (../shared/feeds.md).
 */
export function descriptionIn(lang: Lang, p: Pick<FeedProperty, "description" | "maintenance_fee_eur_m2"> & Partial<FeedProperty>): string {
  const text = localText(lang, p, "description").trim();
  const paragraphs = [text, complexParagraph(lang, p)];
  const value = maintenanceFee(p);
  if (value !== null) {
    const t = dictionary(lang).property;
    paragraphs.push(`${t.maintenanceFee}: ${fill(t.perM2Year, { fee: formatDecimal(value, lang, 2) })}.`);
  }
  return paragraphs.filter((part) => part !== "").join("\n\n");
}

/** The location's name in a language (Russian fallback). */
export function townIn(lang: Lang, p: Pick<FeedProperty, "location_name"> & Partial<FeedProperty>): string {
  return placeName(lang, p, "location_name");
}

/** Whether the building is not yet finished: before Act 16 (issue 20's stages). */
export function offPlan(p: Pick<FeedProperty, "construction_stage">): boolean {
  return p.construction_stage === "act14" || p.construction_stage === "act15";
}

/** The point the portals may show: the real one, only when the administrator marked it exact (issue 21). */
export function exactPoint(p: Pick<FeedProperty, "lat" | "lng" | "location_precision">): { lat: number; lng: number } | null {
  return p.location_precision === "exact" && p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null;
}

/** Whole number of the value, or null. */
export function whole(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value);
}

/**
 * A photo as an absolute JPEG address, or null when it cannot be one. Our
 * uploads keep their format (app/storage/images.server.ts): a JPEG is sent
 * as stored; a PNG, WebP or GIF through its JPEG rendition
 * (/img/jpeg/upload/{key}.jpg, server/image-variants.ts). An absolute
 * address elsewhere is sent only when it already names a JPEG.
 */
export function jpegUrl(origin: string, ref: string): string | null {
  const base = origin.replace(/\/+$/, "");
  // Any spelling of one of our uploads (Storage API URL, bucket path, bare key…) is sent as its /upload/ address (decision 0031).
  const key = storeKeyOf(ref, { siteOrigins: [base] });
  if (key) {
    const path = uploadPathOf(key);
    if (/\.jpe?g$/i.test(key)) return base + path;
    return /\.(?:png|webp|gif)$/i.test(key) ? `${base}/img/jpeg${path}.jpg` : null;
  }
  if (/^https?:\/\//i.test(ref)) return /^https?:\/\/[^\s?#]+\.jpe?g$/i.test(ref) ? ref : null;
  const path = ref.startsWith("/") ? ref : `/${ref}`;
  if (!/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]+$/.test(path) || path.split("/").includes("..")) return null;
  if (/\.jpe?g$/i.test(path)) return base + path;
  const upload = /^\/upload\/(.+\.(?:png|webp|gif))$/i.exec(path);
  return upload ? `${base}/img/jpeg/upload/${upload[1]}.jpg` : null;
}

/** The property's photos as absolute JPEG addresses, cover first, at most `max`. */
export function photoUrls(origin: string, images: readonly string[], max: number): string[] {
  const urls: string[] = [];
  for (const ref of images) {
    const url = jpegUrl(origin, ref);
    if (url && !urls.includes(url)) urls.push(url);
    if (urls.length === max) break;
  }
  return urls;
}
