import type { Lang } from "./lang";

const LOCALES: Record<Lang, string> = { ru: "ru-RU", bg: "bg-BG" };

const money: Record<Lang, Intl.NumberFormat> = {
  ru: new Intl.NumberFormat("ru-RU", { style: "currency", currency: "EUR", maximumFractionDigits: 0 }),
  bg: new Intl.NumberFormat("bg-BG", { style: "currency", currency: "EUR", maximumFractionDigits: 0 }),
};

/** "185 000 €" (prices are in euro, SPEC §1). */
export function formatPrice(value: number, lang: Lang): string {
  return money[lang].format(value);
}

const numbers: Record<Lang, Intl.NumberFormat> = {
  ru: new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 }),
  bg: new Intl.NumberFormat("bg-BG", { maximumFractionDigits: 1 }),
};

/** "120,5 м²" */
export function formatArea(value: number, lang: Lang): string {
  return `${numbers[lang].format(value)} м²`;
}

export function formatNumber(value: number, lang: Lang): string {
  return numbers[lang].format(value);
}

/** SPEC §9: ru-RU day/month/year hour:minute, e.g. "21.11.2026, 10:47". */
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

export { LOCALES };
