import { data } from "react-router";
import { z } from "zod";
import { ALERT_PAGE_TEXTS } from "~/i18n/alerts";
import { LANGS, localizePath, type Lang } from "~/i18n/lang";
import { ALERT_EMAIL_MAX, ALERT_FREQUENCIES, ALERT_QUERY_MAX, alertQuery, type AlertFrequency } from "~/lib/alerts";
import { isNoticeVersion } from "~/lib/privacy";
import { isEmailAddress } from "~/schemas/contact";
import { DEFAULT_ALERT_MAIL_LIMITS, confirmAlertSubscription, findAlertToken, subscribeToAlerts, unsubscribeAlert } from "~/models/alerts.server";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { contactRequestKey } from "./contact-limit.server";
import { RateLimiter } from "./rate-limit.server";

/**
 * The alert pages' server side (issue 22, decision 0029): POST /alerts, and
 * the confirmation and unsubscribe links. Every answer is a page in the
 * page's language; hostile input is a 4xx with its reason, never a 5xx.
 */

/** The contact form's allowance (5 per 10 minutes per address), counted apart: subscribing does not use up a visitor's enquiries. */
export const alertRequestLimiter = new RateLimiter("alerts form", 5, 10 * 60 * 1000);

/**
 * The answer of POST /alerts. A refusal of what the visitor typed re-shows
 * the form (issue 30): what was typed and chosen, and which field the
 * message belongs to (null: the whole form, e.g. too many requests).
 */
export type AlertFormAnswer = {
  ok: boolean;
  message: string;
  back: string;
  form?: { query: string; email: string; frequency: AlertFrequency; consent: boolean; field: "email" | "frequency" | "consent" | null };
};

/** A single-line, plain e-mail address that is safe as a mail header (no CR/LF or other controls, no list or display-name syntax). */
export function isAlertEmail(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (value.length === 0 || value.length > ALERT_EMAIL_MAX || /[\u0000-\u001f\u007f\u2028\u2029\s<>,;"()\\[\]]/.test(value)) return false;
  return isEmailAddress(value) && z.email().safeParse(value).success;
}

export async function handleAlertSubscribe(request: Request, pageLang: Lang, ip: string) {
  const T = ALERT_PAGE_TEXTS[pageLang];
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<AlertFormAnswer>({ ok: false, message: T.invalidQuery, back: backTo(pageLang, "") }, { status: 400 });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const rawQuery = text("query");
  const back = backTo(pageLang, rawQuery.length <= ALERT_QUERY_MAX ? alertQuery(rawQuery).query : "");
  const refuse = (message: string, status = 400) => data<AlertFormAnswer>({ ok: false, message, back }, { status });
  // A refusal of a field: the form again, as it was filled in (its hidden query normalised; a long address cut to the field's size).
  const refuseField = (message: string, field: NonNullable<AlertFormAnswer["form"]>["field"], status = 400) => {
    const frequency = text("frequency");
    const form: AlertFormAnswer["form"] = {
      query: alertQuery(rawQuery).query,
      email: text("email").trim().slice(0, ALERT_EMAIL_MAX),
      frequency: (ALERT_FREQUENCIES as readonly string[]).includes(frequency) ? (frequency as AlertFrequency) : "instant",
      consent: isNoticeVersion(text("consent")),
      field,
    };
    return data<AlertFormAnswer>({ ok: false, message, back, form }, { status });
  };

  // A filled honeypot: answered like a success, nothing stored.
  if (text("website") !== "") return data<AlertFormAnswer>({ ok: true, message: T.subscribed, back });
  const lang = text("lang");
  if (!(LANGS as readonly string[]).includes(lang)) return refuse(T.invalidLang);
  // eslint-disable-next-line no-control-regex
  if (rawQuery.length > ALERT_QUERY_MAX || /[\u0000-\u001f\u007f]/.test(rawQuery)) return refuse(T.invalidQuery);
  const email = text("email").trim();
  if (!isAlertEmail(email)) return refuseField(T.invalidEmail, "email");
  const frequency = text("frequency");
  if (!(ALERT_FREQUENCIES as readonly string[]).includes(frequency)) return refuseField(T.invalidFrequency, "frequency");
  const consent = text("consent");
  if (!isNoticeVersion(consent)) return refuseField(T.consentRequired, "consent");

  const visitor = contactRequestKey(ip);
  try {
    if (!(await alertRequestLimiter.attempt(visitor))) return refuseField(T.rateLimited, null, 429);
    const { query, filter } = alertQuery(rawQuery);
    const stored = await subscribeToAlerts(
      { email, lang: lang as Lang, frequency: frequency as AlertFrequency, query, filter, consentVersion: consent },
      { ...DEFAULT_ALERT_MAIL_LIMITS, sitePerHour: getEnv().ALERTS_CONFIRM_HOURLY_MAX },
    );
    if (!stored) {
      await alertRequestLimiter.release(visitor);
      return refuse(T.invalidQuery);
    }
    // The same answer whether the address was new, waiting or already confirmed (no enumeration).
    return data<AlertFormAnswer>({ ok: true, message: T.subscribed, back });
  } catch (error) {
    log.error("Alert subscription failed:", error);
    return refuse(T.failure, 503);
  }
}

/** The listing the form was sent from, in the page's language. */
function backTo(lang: Lang, query: string): string {
  return `${localizePath(lang, "/properties")}${query ? `?${query}` : ""}`;
}

export type AlertLinkPage = {
  state: "confirmed" | "already" | "unknown" | "expired" | "ask" | "unsubscribed" | "method";
  back: string;
  lang: Lang;
};

const STATUS: Record<AlertLinkPage["state"], number> = { confirmed: 200, already: 200, ask: 200, unsubscribed: 200, unknown: 404, expired: 410, method: 405 };

/** GET /alerts/confirm/{token}: confirms; 404 for an unknown or malformed token, 410 for an expired one. */
export async function alertConfirmPage(token: string | undefined, lang: Lang) {
  const result = await confirmAlertSubscription(token);
  const back = backTo(lang, result.subscription?.query ?? "");
  if (result.state === "confirmed") log.info(`Alert subscription ${result.subscription?.id} confirmed`);
  return data<AlertLinkPage>({ state: result.state, back, lang }, { status: STATUS[result.state], headers: { "Cache-Control": "no-store" } });
}

/** GET /alerts/unsubscribe/{token}: the question and its button (a GET changes nothing: link scanners follow links). */
export async function alertUnsubscribePage(token: string | undefined, lang: Lang) {
  const found = await findAlertToken(token, "unsubscribe", new Date(0));
  const state = found.state === "ok" ? "ask" : "unknown";
  const back = backTo(lang, found.state === "ok" ? found.subscription.query : "");
  return data<AlertLinkPage>({ state, back, lang }, { status: STATUS[state], headers: { "Cache-Control": "no-store" } });
}

/** POST /alerts/unsubscribe/{token}: the page's button, or a mail provider's RFC 8058 one-click POST (no cookie, no form token needed). */
export async function alertUnsubscribeAction(token: string | undefined, lang: Lang) {
  const gone = await unsubscribeAlert(token);
  const state = gone ? "unsubscribed" : "unknown";
  if (gone) log.info(`Alert subscription ${gone.id} cancelled`);
  return data<AlertLinkPage>({ state, back: backTo(lang, gone?.query ?? ""), lang }, { status: STATUS[state], headers: { "Cache-Control": "no-store" } });
}

/** The alert pages' headers (their routes' `headers`): never stored by a cache; a 405's Allow kept. */
export function noStoreHeaders(actionHeaders: Headers | undefined): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const allow = actionHeaders?.get("Allow");
  if (allow) headers.set("Allow", allow);
  return headers;
}

/** A method the alert pages do not take (PUT, DELETE…): 405 with what they allow, a page in the language; nothing done. */
export function alertMethodRefused(lang: Lang, allow: string) {
  const T = ALERT_PAGE_TEXTS[lang];
  return data<AlertFormAnswer & AlertLinkPage>(
    { ok: false, message: T.methodNotAllowed, back: backTo(lang, ""), state: "method", lang },
    { status: 405, headers: { Allow: allow } },
  );
}

/** Whether alerts are offered at all: only with a mail server (SMTP_URL). */
export function alertsEnabled(): boolean {
  return Boolean(getEnv().SMTP_URL);
}
