import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import type { ContactSubmission } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import { getProperty } from "~/models/real-estates.server";
import { complexOfUnit } from "~/models/complex-page.server";
import { complexPathIn } from "~/i18n/lang";
import { readShortlist } from "~/models/shortlist.server";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";

/**
 * E-mail to the agent about each new contact request (on when SMTP_URL is set).
 *
 * The request is already stored when this runs; mail is a courtesy on top.
 * Sending happens in the background after the caller has its row, is bounded
 * in time (connection, greeting, idle socket and the whole send), and never
 * throws: a failure is logged and the request waits in the admin inbox as
 * usual. At most MAX_IN_FLIGHT mails are being sent at once, so a mail server
 * that hangs cannot pile up sockets and promises; beyond that a notification
 * is skipped (and logged).
 *
 * A failed send is tried again (RETRY: 5 attempts in all, waiting 30 s, 1, 2
 * and 4 minutes, capped at 10) unless the server refused the message for
 * good (a 5xx answer). The waits are timers of this process: a restart
 * forgets notifications still waiting (they stay in the admin inbox; the
 * log says which were given up on).
 */

/** Upper bound of one notification (connect + send), in milliseconds. */
export const MAIL_TIMEOUT_MS = 15_000;
/** Notifications being sent at once; further ones are skipped while the mail server is stuck. */
export const MAX_IN_FLIGHT = 10;
/** Notifications waiting for their next attempt at most; beyond that a failed one is given up at once. */
export const MAX_WAITING = 100;
/** Attempts per notification and the back-off between them (doubling from baseMs, capped at maxMs). */
export const RETRY = { attempts: 5, baseMs: 30_000, maxMs: 10 * 60_000 };

let timeoutMs = MAIL_TIMEOUT_MS;
let retry = { ...RETRY };
/** Notifications sleeping until their next attempt (part of inFlight, not counted against MAX_IN_FLIGHT). */
let waiting = 0;
let cachedTransport: { url: string; timeoutMs: number; mailer: Transporter } | undefined;
const inFlight = new Set<Promise<void>>();

/** One non-pooled SMTP transport per SMTP_URL, made on first use. */
function transport(url: string): Transporter {
  if (cachedTransport?.url === url && cachedTransport.timeoutMs === timeoutMs) return cachedTransport.mailer;
  cachedTransport?.mailer.close();
  const mailer = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  // Only some transports emit "error"; an unheard one would end the process.
  mailer.on("error", (error: unknown) => log.error(`Mail transport error: ${describe(error)}`));
  cachedTransport = { url, timeoutMs, mailer };
  return mailer;
}

/**
 * Starts the notification of a new request and returns at once: true when a
 * mail was queued, false when mail is off (no SMTP_URL) or too many are
 * already under way. Never throws.
 */
export function notifyNewSubmission(submission: ContactSubmission): boolean {
  try {
    const env = getEnv();
    if (!env.SMTP_URL || !env.NOTIFY_EMAIL) return false;
    if (inFlight.size - waiting >= MAX_IN_FLIGHT) {
      log.error(
        `Notification e-mail for contact request ${submission.id} skipped: ` +
          `${inFlight.size - waiting} are still under way (mail server slow or unreachable?)`,
      );
      return false;
    }
    const { SMTP_URL: url, NOTIFY_EMAIL: to, mailFrom: from, publicUrl } = env;
    // setImmediate: nothing of the mail runs before the caller has its answer.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(submission, { url, to, from, publicUrl }))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
    return true;
  } catch (error) {
    log.error(`Notification e-mail for contact request ${submission.id} not started: ${describe(error)}`);
    return false;
  }
}

/** Resolves when every notification under way has been sent or has failed (tests, shutdown). */
export async function notificationsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Tests: other attempts and waits than RETRY (undefined restores it). */
export function setMailRetryForTests(next: Partial<typeof RETRY> | undefined) {
  retry = { ...RETRY, ...next };
}

/** Whether another attempt may succeed: not when the server refused the message for good (5xx). */
function retryable(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === "number" && code >= 500);
}

/** Sends, trying again with back-off; logs the outcome, never throws. */
async function deliver(submission: ContactSubmission, settings: { url: string; to: string; from: string; publicUrl: string }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send(submission, settings);
      if (attempt > 1) log.info(`Notification e-mail for contact request ${submission.id} sent on attempt ${attempt}`);
      return;
    } catch (error) {
      const last = attempt >= retry.attempts || !retryable(error) || waiting >= MAX_WAITING;
      if (last) {
        log.error(`Notification e-mail for contact request ${submission.id} failed${attempt > 1 ? ` after ${attempt} attempts` : ""}: ${describe(error)}`);
        return;
      }
      const delay = Math.min(retry.maxMs, retry.baseMs * 2 ** (attempt - 1));
      log.warn(`Notification e-mail for contact request ${submission.id}: attempt ${attempt} failed (${describe(error)}); next in ${delay / 1000} s`);
      waiting++;
      try {
        // Unref'd: a wait never keeps a stopping process alive.
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      } finally {
        waiting--;
      }
    }
  }
}

/** Tests: a shorter bound than MAIL_TIMEOUT_MS (undefined restores it). */
export function setMailTimeoutForTests(ms: number | undefined) {
  timeoutMs = ms ?? MAIL_TIMEOUT_MS;
}

async function send(submission: ContactSubmission, settings: { url: string; to: string; from: string; publicUrl: string }): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  // The listing's title is a nicety: without it (deleted, database busy) the mail still goes.
  const property = submission.property_id ? await getProperty(submission.property_id).catch(() => null) : null;
  // A shortlist (issue 22) is listed by id even when its titles cannot be read.
  const entries = submission.property_ids.length > 0 ? await readShortlist(submission.property_ids).catch(() => null) : [];
  const shortlist = submission.property_ids.map((id, i) => ({ id, title: entries?.[i]?.item?.title ?? null }));
  // Issue 33: a request from a complex's page names the complex, with its page.
  const complex = submission.complex_id ? await complexOfUnit(submission.complex_id).catch(() => null) : null;
  const message = composeNotification(submission, {
    publicUrl: settings.publicUrl,
    property: property ? { id: property.id, title: property.title } : null,
    complex: complex ? { name: complex.complex.name, path: complexPathIn("ru", complex.complex, complex.location) } : null,
    shortlist,
  });
  signal.throwIfAborted();
  await transport(settings.url).sendMail({
    from: settings.from,
    to: settings.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    signal,
  });
}

export interface NotificationMessage {
  subject: string;
  text: string;
  html: string;
  /** The visitor, when the address is a valid one. */
  replyTo?: { name: string; address: string };
}

/** The mail about one request, in Russian: plain text and simple HTML (pure, for tests). */
export function composeNotification(
  submission: Pick<ContactSubmission, "id" | "name" | "email" | "phone" | "message" | "created_at">,
  context: {
    publicUrl: string;
    property: { id: string; title: string } | null;
    /** Issue 33: the complex a request was sent about, and its page's unprefixed path. */
    complex?: { name: string; path: string } | null;
    shortlist?: { id: string; title: string | null }[];
  },
): NotificationMessage {
  const name = oneLine(submission.name) || "—";
  const adminLink = `${context.publicUrl}/admin/contact-submissions?view=${encodeURIComponent(submission.id)}`;
  const propertyLink = context.property ? `${context.publicUrl}/properties/${encodeURIComponent(context.property.id)}` : null;
  const rows: [string, string][] = [
    ["Имя", name],
    ["Email", submission.email],
    ["Телефон", submission.phone.trim() || "—"],
  ];
  if (context.property) rows.push(["Объект", oneLine(context.property.title)]);
  const complexLink = context.complex ? `${context.publicUrl}${encodeURI(context.complex.path)}` : null;
  if (context.complex) rows.push(["Комплекс", oneLine(context.complex.name)]);
  rows.push(["Дата", formatDateTime(submission.created_at)]);
  // A shortlist sent from favourites or compare (issue 22): each property with its link, and the whole list as the buyer saw it.
  const shortlist = (context.shortlist ?? []).map((p, i) => ({
    text: `${i + 1}. ${p.title ? oneLine(p.title) : p.id}`,
    url: `${context.publicUrl}/properties/${encodeURIComponent(p.id)}`,
  }));
  const shortlistUrl =
    shortlist.length > 0 ? `${context.publicUrl}/favorites?ids=${(context.shortlist ?? []).map((p) => encodeURIComponent(p.id)).join(",")}` : null;

  const text = [
    "Новая заявка с сайта.",
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(propertyLink ? [`Объект на сайте: ${propertyLink}`] : []),
    ...(complexLink ? [`Комплекс на сайте: ${complexLink}`] : []),
    ...(shortlistUrl ? ["", `Подборка (${shortlist.length}):`, ...shortlist.map((p) => `${p.text} — ${p.url}`), `Вся подборка на сайте: ${shortlistUrl}`] : []),
    "",
    "Сообщение:",
    submission.message,
    "",
    `Открыть заявку: ${adminLink}`,
    "",
  ].join("\n");

  const html = [
    "<!doctype html>",
    '<html lang="ru"><body style="font-family: sans-serif; line-height: 1.5">',
    "<p>Новая заявка с сайта.</p>",
    '<table cellpadding="4" style="border-collapse: collapse">',
    ...rows.map(([label, value]) => {
      const linked = label === "Объект" ? propertyLink : label === "Комплекс" ? complexLink : null;
      const shown = linked ? `<a href="${escapeHtml(linked)}">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${shown}</td></tr>`;
    }),
    "</table>",
    ...(shortlistUrl
      ? [
          `<p><strong>Подборка (${shortlist.length}):</strong></p>`,
          "<ol>",
          ...shortlist.map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.text.replace(/^\d+\. /, ""))}</a></li>`),
          "</ol>",
          `<p><a href="${escapeHtml(shortlistUrl)}">Вся подборка на сайте</a></p>`,
        ]
      : []),
    "<p><strong>Сообщение:</strong></p>",
    `<p style="white-space: pre-wrap">${escapeHtml(submission.message)}</p>`,
    `<p><a href="${escapeHtml(adminLink)}">Открыть заявку</a></p>`,
    "</body></html>",
    "",
  ].join("\n");

  const email = submission.email.trim();
  const replyTo = isPlainAddress(email) ? { name, address: email } : undefined;
  return { subject: `Новая заявка с сайта: ${truncate(name, 120)}`, text, html, replyTo };
}

/** No line breaks or other control characters (a header value must stay one line). */
function oneLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}

function isPlainAddress(address: string): boolean {
  return !/[\s<>,;"]/.test(address) && z.email().safeParse(address).success;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An error's message without anything secret (SMTP_URL carries the password; nodemailer does not echo it). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.includes(code) ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}
