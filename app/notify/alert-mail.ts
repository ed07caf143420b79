import type { AlertProperty } from "~/models/alerts.server";
import { localText, type Lang, type PerLanguage } from "~/i18n/lang";
import { formatArea, formatDistance, formatPrice } from "~/i18n/format";
import { formatPropertyCount } from "~/i18n/plural";
import { localizedUrl } from "~/lib/seo";
import { jpegUrl } from "~/web/feeds/feed-values.server";

/**
 * The saved-search alert e-mails (issue 22, decision 0029) in the
 * subscriber's language: the double opt-in confirmation, and an alert (or a
 * day's digest) listing properties with photo, price, facts and link. Every
 * alert carries RFC 8058's one-click unsubscribe headers and the same link in
 * its body. Pure (tests compose without a database or a mail server).
 *
 * Issue 30: a mail shows at most ALERT_MAIL_MAX_ITEMS properties, then «и ещё
 * N» with the search's link (1 600 matches made a 1.7 MB mail); a price cut
 * has its own subject and shows the old price struck through; photos are
 * JPEG (mail clients do not all show WebP); the confirmation describes the
 * search in words.
 */

/** Properties one alert mail lists at most; the rest are counted with a link to the search. */
export const ALERT_MAIL_MAX_ITEMS = 20;

export const ALERT_MAIL_TEXTS = {
  ru: {
    confirmSubject: "Подтвердите подписку на новые объекты",
    confirmIntro: "Вы (или кто-то, указавший ваш адрес) подписались на письма о новых объектах по поиску:",
    confirmAction: "Подтвердить подписку",
    confirmIgnore: "Если это были не вы, просто не отвечайте: без подтверждения писем не будет, а подписка удалится через 7 дней.",
    newSubject: (n: number) => (n === 1 ? "Новый объект по вашему поиску" : `Новые объекты по вашему поиску: ${n}`),
    dropSubject: (n: number) => (n === 1 ? "Снижена цена объекта по вашему поиску" : `Снижены цены по вашему поиску: ${n}`),
    bothSubject: (a: number, b: number) => `По вашему поиску: новых объектов — ${a}, снижений цены — ${b}`,
    newDigestSubject: (n: number) => `Новые объекты по вашему поиску за день: ${n}`,
    dropDigestSubject: (n: number) => `Снижения цен по вашему поиску за день: ${n}`,
    bothDigestSubject: (a: number, b: number) => `За день по вашему поиску: новых объектов — ${a}, снижений цены — ${b}`,
    alertIntro: "По вашему поиску есть новости:",
    isNew: "Новый объект",
    priceDrop: "Цена снижена",
    was: (price: string) => `было ${price}`,
    more: (n: string) => `И ещё ${n} по вашему поиску`,
    bedrooms: (n: number) => `спален: ${n}`,
    toSea: (d: string) => `${d} до моря`,
    priceOnRequest: "Цена по запросу",
    open: "Смотреть объект",
    search: "Ваш поиск",
    unsubscribe: "Отписаться от этих писем",
  },
  bg: {
    confirmSubject: "Потвърдете абонамента за нови имоти",
    confirmIntro: "Вие (или някой, посочил Вашия адрес) се абонирахте за писма за нови имоти по търсенето:",
    confirmAction: "Потвърдете абонамента",
    confirmIgnore: "Ако не сте били Вие, не е нужно да правите нищо: без потвърждение няма да получавате писма, а абонаментът ще бъде изтрит след 7 дни.",
    newSubject: (n: number) => (n === 1 ? "Нов имот по Вашето търсене" : `Нови имоти по Вашето търсене: ${n}`),
    dropSubject: (n: number) => (n === 1 ? "Намалена цена на имот по Вашето търсене" : `Намалени цени по Вашето търсене: ${n}`),
    bothSubject: (a: number, b: number) => `По Вашето търсене: нови имоти — ${a}, намалени цени — ${b}`,
    newDigestSubject: (n: number) => `Нови имоти по Вашето търсене за деня: ${n}`,
    dropDigestSubject: (n: number) => `Намалени цени по Вашето търсене за деня: ${n}`,
    bothDigestSubject: (a: number, b: number) => `За деня по Вашето търсене: нови имоти — ${a}, намалени цени — ${b}`,
    alertIntro: "Има новини по Вашето търсене:",
    isNew: "Нов имот",
    priceDrop: "Намалена цена",
    was: (price: string) => `беше ${price}`,
    more: (n: string) => `И още ${n} по Вашето търсене`,
    bedrooms: (n: number) => `спални: ${n}`,
    toSea: (d: string) => `${d} до морето`,
    priceOnRequest: "Цена при запитване",
    open: "Вижте имота",
    search: "Вашето търсене",
    unsubscribe: "Отпишете се от тези писма",
  },
  en: {
    confirmSubject: "Please confirm your new-property alerts",
    confirmIntro: "You (or someone who gave your address) signed up for e-mails about new properties matching this search:",
    confirmAction: "Confirm my alerts",
    confirmIgnore: "If this wasn't you, simply ignore this e-mail: nothing will be sent without confirmation, and the request is deleted after 7 days.",
    newSubject: (n: number) => (n === 1 ? "A new property matches your search" : `New properties matching your search: ${n}`),
    dropSubject: (n: number) => (n === 1 ? "A price has been reduced in your search" : `Prices reduced in your search: ${n}`),
    bothSubject: (a: number, b: number) => `Your search: ${a} new, ${b} price reductions`,
    newDigestSubject: (n: number) => `Today's new properties matching your search: ${n}`,
    dropDigestSubject: (n: number) => `Today's price reductions in your search: ${n}`,
    bothDigestSubject: (a: number, b: number) => `Today in your search: ${a} new, ${b} price reductions`,
    alertIntro: "There is news about your search:",
    isNew: "New property",
    priceDrop: "Price reduced",
    was: (price: string) => `was ${price}`,
    more: (n: string) => `And ${n} more matching your search`,
    bedrooms: (n: number) => (n === 1 ? "1 bedroom" : `${n} bedrooms`),
    toSea: (d: string) => `${d} to the sea`,
    priceOnRequest: "Price on request",
    open: "View property",
    search: "Your search",
    unsubscribe: "Unsubscribe from these e-mails",
  },
} as const satisfies Record<Lang, Record<string, unknown>>;

/** A property as an alert mail shows it: the model's facts, why it is news, and its page's path ("/{location}/{property}"). */
export type AlertMailProperty = Pick<AlertProperty, "title" | "price" | "area" | "bedrooms" | "sea_distance_m" | "images"> &
  Partial<PerLanguage<"title", string>> & {
    kind: "new" | "price_drop";
    path: string;
    /** A price cut's price before it (null: not known). */
    was?: number | null;
  };

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The listing the subscription watches, as an absolute URL in its language. */
export function searchUrl(publicUrl: string, lang: Lang, query: string): string {
  return localizedUrl(publicUrl, lang, "/properties") + (query ? `?${query}` : "");
}

export function alertLink(publicUrl: string, lang: Lang, action: "confirm" | "unsubscribe", token: string): string {
  return localizedUrl(publicUrl, lang, `/alerts/${action}/${token}`);
}

/** `description`: the search in words (app/i18n/alert-search.ts). */
export function composeConfirmMail(input: { lang: Lang; publicUrl: string; query: string; description: string; token: string }): ComposedMail {
  const t = ALERT_MAIL_TEXTS[input.lang];
  const confirm = alertLink(input.publicUrl, input.lang, "confirm", input.token);
  const search = searchUrl(input.publicUrl, input.lang, input.query);
  const text = [t.confirmIntro, input.description, search, "", `${t.confirmAction}: ${confirm}`, "", t.confirmIgnore, ""].join("\n");
  const html = page(input.lang, [
    `<p>${esc(t.confirmIntro)}<br><strong>${esc(input.description)}</strong><br><a href="${esc(search)}">${esc(t.search)}</a></p>`,
    `<p><a href="${esc(confirm)}" style="display:inline-block;padding:10px 16px;background:#0e7490;color:#fff;border-radius:8px;text-decoration:none">${esc(t.confirmAction)}</a></p>`,
    `<p style="color:#555">${esc(t.confirmIgnore)}</p>`,
  ]);
  return { subject: t.confirmSubject, text, html, headers: {} };
}

export function composeAlertMail(input: {
  lang: Lang;
  publicUrl: string;
  query: string;
  digest: boolean;
  token: string;
  properties: AlertMailProperty[];
}): ComposedMail {
  const { lang, publicUrl } = input;
  const t = ALERT_MAIL_TEXTS[lang];
  const unsubscribe = alertLink(publicUrl, lang, "unsubscribe", input.token);
  const search = searchUrl(publicUrl, lang, input.query);
  const news = input.properties.filter((p) => p.kind === "new").length;
  const cuts = input.properties.length - news;
  const shown = input.properties.slice(0, ALERT_MAIL_MAX_ITEMS);
  const more = input.properties.length - shown.length;
  const entries = shown.map((p) => {
    const title = localText(lang, p, "title").replace(/\s+/g, " ").trim();
    const facts = [
      p.area !== null ? formatArea(p.area, lang) : null,
      p.bedrooms !== null ? t.bedrooms(p.bedrooms) : null,
      p.sea_distance_m !== null ? t.toSea(formatDistance(p.sea_distance_m, lang)) : null,
    ].filter((f): f is string => f !== null);
    const photo = p.images[0] ? jpegUrl(publicUrl, p.images[0]) : null;
    const was = p.kind === "price_drop" && p.was != null && p.price !== null && p.was > p.price ? formatPrice(p.was, lang) : null;
    return {
      title,
      label: p.kind === "new" ? t.isNew : t.priceDrop,
      price: p.price !== null ? formatPrice(p.price, lang) : t.priceOnRequest,
      was,
      facts: facts.join(" · "),
      photo,
      url: localizedUrl(publicUrl, lang, p.path),
    };
  });
  const moreText = more > 0 ? t.more(formatPropertyCount(more, lang)) : null;
  const text = [
    t.alertIntro,
    "",
    ...entries.flatMap((e) => [`${e.label}: ${e.title}`, `${e.price}${e.was ? ` (${t.was(e.was)})` : ""}${e.facts ? ` · ${e.facts}` : ""}`, e.url, ""]),
    ...(moreText ? [`${moreText}: ${search}`, ""] : []),
    `${t.search}: ${search}`,
    `${t.unsubscribe}: ${unsubscribe}`,
    "",
  ].join("\n");
  const html = page(lang, [
    `<p>${esc(t.alertIntro)}</p>`,
    ...entries.map(
      (e) =>
        `<table cellpadding="0" cellspacing="0" style="margin:0 0 20px;max-width:560px"><tr><td>` +
        (e.photo
          ? `<a href="${esc(e.url)}"><img src="${esc(e.photo)}" width="560" alt="${esc(e.title)}" style="max-width:100%;height:auto;border-radius:8px"></a><br>`
          : "") +
        `<span style="color:#0e7490;font-size:13px">${esc(e.label)}</span><br>` +
        `<a href="${esc(e.url)}" style="font-size:17px;font-weight:bold;color:#0c4a6e">${esc(e.title)}</a><br>` +
        (e.was ? `<s style="color:#64748b" title="${esc(t.was(e.was))}">${esc(e.was)}</s> ` : "") +
        `<strong>${esc(e.price)}</strong>${e.facts ? ` · ${esc(e.facts)}` : ""}<br>` +
        `<a href="${esc(e.url)}">${esc(t.open)}</a></td></tr></table>`,
    ),
    ...(moreText ? [`<p><a href="${esc(search)}" style="font-weight:bold">${esc(moreText)}</a></p>`] : []),
    `<p><a href="${esc(search)}">${esc(t.search)}</a></p>`,
    `<p style="color:#555;font-size:13px"><a href="${esc(unsubscribe)}">${esc(t.unsubscribe)}</a></p>`,
  ]);
  const subject = input.digest
    ? cuts === 0
      ? t.newDigestSubject(news)
      : news === 0
        ? t.dropDigestSubject(cuts)
        : t.bothDigestSubject(news, cuts)
    : cuts === 0
      ? t.newSubject(news)
      : news === 0
        ? t.dropSubject(cuts)
        : t.bothSubject(news, cuts);
  return {
    subject,
    text,
    html,
    // RFC 8058: a mail provider's one-click POST to this address unsubscribes.
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

function page(lang: Lang, body: string[]): string {
  return ["<!doctype html>", `<html lang="${lang}"><body style="font-family: sans-serif; line-height: 1.5">`, ...body, "</body></html>", ""].join("\n");
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
