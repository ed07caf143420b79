/**
 * The listing's «Сообщать о новых объектах» form (issue 22) in every language: its
 * own small module, since every listing page loads it (the alert pages'
 * texts are in ./alerts.ts).
 */
import type { Lang } from "./lang";

export interface AlertFormTexts {
  title: string;
  intro: string;
  email: string;
  frequency: string;
  instant: string;
  daily: string;
  consent: string;
  privacy: string;
  submit: string;
  honeypot: string;
  /** Under a list narrowed to the map's area: the subscription does not keep it (issue 30). */
  areaNotKept: string;
}

export const ALERT_FORM_TEXTS: Record<Lang, AlertFormTexts> = {
  ru: {
    title: "Сообщать о новых объектах",
    intro: "Пришлём письмо, когда появится объект по этому поиску или подешевеет подходящий.",
    email: "Email",
    frequency: "Как часто",
    instant: "Сразу",
    daily: "Раз в день",
    consent: "Согласен получать письма по этому поиску; отписаться можно одной ссылкой в любом письме.",
    privacy: "Политика конфиденциальности",
    submit: "Подписаться",
    honeypot: "Оставьте это поле пустым",
    areaNotKept: "Область карты в подписку не входит: письма придут обо всех объектах с остальными фильтрами.",
  },
  bg: {
    title: "Известявайте ме за нови имоти",
    intro: "Ще Ви пишем, когато се появи имот по това търсене или поевтинее подходящ.",
    email: "Имейл",
    frequency: "Колко често",
    instant: "Веднага",
    daily: "Веднъж на ден",
    consent: "Съгласен съм да получавам писма по това търсене; отписването е с една връзка във всяко писмо.",
    privacy: "Политика за поверителност",
    submit: "Абонирайте ме",
    honeypot: "Оставете това поле празно",
    areaNotKept: "Областта на картата не влиза в абонамента: писмата ще са за всички имоти с останалите филтри.",
  },
  en: {
    title: "E-mail me new properties",
    intro: "We will e-mail you when a property matching this search appears or a matching one drops in price.",
    email: "Email",
    frequency: "How often",
    instant: "At once",
    daily: "Once a day",
    consent: "I agree to receive e-mails about this search; every e-mail has a one-click unsubscribe link.",
    privacy: "Privacy policy",
    submit: "Subscribe",
    honeypot: "Leave this field empty",
    areaNotKept: "The map area is not part of the alert: the e-mails cover every property matching the other filters.",
  },
};
