import nodemailer, { type Transporter } from "nodemailer";
import { db, type Executor } from "~/db/client.server";
import type { AlertMail } from "~/db/schema";
import "~/i18n/all";
import { describeAlertSearch } from "~/i18n/alert-search";
import { placeName, propertyPathIn } from "~/i18n/lang";
import { alertQuery } from "~/lib/alerts";
import {
  alertComplexNames,
  alertLocationNames,
  alertProperties,
  claimAlertMails,
  composeAlertMails,
  expireUnconfirmedAlerts,
  getAlertSubscription,
  issueAlertToken,
  markAlertMailFailed,
  markAlertMailSent,
  matchAlertChanges,
  pruneAlertMails,
  releaseAlertMails,
} from "~/models/alerts.server";
import { composeAlertMail, composeConfirmMail } from "~/notify/alert-mail";
import { log } from "~/platform/log.server";

/**
 * The saved-search alert job (issue 22, decision 0029), one tick every
 * ALERTS_TICK_MS (60 s: an instant alert goes out within a couple of minutes
 * of the change): unconfirmed subscriptions past 7 days are deleted, queued
 * property changes are matched against the subscriptions (SQL), pending items
 * become mails (instant at once, daily as one digest a day), and due mails in
 * the database's outbox are sent. Everything is in the database, so a
 * restart loses nothing; claims are leased rows (FOR UPDATE SKIP LOCKED), so
 * any number of processes may run this and no mail goes twice (the one
 * exception: a process killed between the mail server's acceptance and
 * marking the row — it is sent again after the lease, never lost).
 */

export interface AlertJobOptions {
  smtpUrl: string;
  from: string;
  publicUrl: string;
  /** A daily subscription's digests are at least this far apart (default a day). */
  digestEveryMs?: number;
  /** First retry after a failed send; doubling up to maxRetryMs; given up after `attempts` (default 10: about a day). */
  retryBaseMs?: number;
  maxRetryMs?: number;
  attempts?: number;
  /** Upper bound of one send (connection and all), ms. */
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => Date;
  /** Another database than the process's (tests: two senders). */
  database?: () => Executor;
}

export interface AlertTickReport {
  expired: number;
  changes: number;
  items: number;
  queued: number;
  sent: number;
  failed: number;
}

export interface AlertJob {
  tick(): Promise<AlertTickReport>;
  start(everyMs: number): void;
  stop(): Promise<void>;
}

const MATCH_BATCH = 500;
const SEND_BATCH = 10;

/** Whether another attempt may succeed: not when the server refused the message for good (5xx). */
function retryable(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === "number" && code >= 500);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.includes(code) ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}

export function createAlertJob(options: AlertJobOptions): AlertJob {
  const now = options.now ?? (() => new Date());
  const database = options.database ?? (() => db());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retryBaseMs = options.retryBaseMs ?? 60_000;
  const maxRetryMs = options.maxRetryMs ?? 4 * 60 * 60_000;
  const attempts = options.attempts ?? 10;
  // A claimed batch is sent one by one, each bounded by timeoutMs: the lease outlasts the batch.
  const leaseMs = SEND_BATCH * timeoutMs * 2 + 60_000;
  let transport: Transporter | undefined;
  let running: Promise<AlertTickReport> | null = null;
  let timer: NodeJS.Timeout | undefined;

  function mailer(): Transporter {
    transport ??= nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
    return transport;
  }

  async function send(mail: AlertMail): Promise<"sent" | "failed" | "retry"> {
    const d = database();
    try {
      const subscription = await getAlertSubscription(mail.subscription_id, d);
      // Unsubscribed meanwhile: the cascade took the row too; nothing to do.
      if (!subscription) return "sent";
      let message;
      if (mail.kind === "confirm") {
        const token = await issueAlertToken(subscription.id, "confirm", d);
        const { filter } = alertQuery(subscription.query);
        const place = await alertLocationNames(filter.locationId, d);
        const complex = await alertComplexNames(filter.complexId, d);
        const description = describeAlertSearch(
          filter,
          subscription.lang,
          place ? placeName(subscription.lang, place) : null,
          complex ? placeName(subscription.lang, complex) : null,
        );
        message = composeConfirmMail({ lang: subscription.lang, publicUrl: options.publicUrl, query: subscription.query, description, token });
      } else {
        const found = new Map(
          (
            await alertProperties(
              mail.items.map((i) => i.id),
              d,
            )
          ).map((p) => [p.id, p]),
        );
        const properties = mail.items.flatMap((item) => {
          const p = found.get(item.id);
          return p ? [{ ...p, kind: item.kind, was: item.was ?? null, path: propertyPathIn(subscription.lang, p) }] : [];
        });
        if (properties.length === 0) {
          await markAlertMailSent(mail.id, now(), d);
          return "sent";
        }
        const token = await issueAlertToken(subscription.id, "unsubscribe", d);
        message = composeAlertMail({
          lang: subscription.lang,
          publicUrl: options.publicUrl,
          query: subscription.query,
          digest: subscription.frequency === "daily",
          token,
          properties,
        });
      }
      await mailer().sendMail({
        from: options.from,
        to: subscription.email,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await markAlertMailSent(mail.id, now(), d);
      return "sent";
    } catch (error) {
      const give = mail.attempts >= attempts || !retryable(error);
      const delay = Math.min(maxRetryMs, retryBaseMs * 2 ** (mail.attempts - 1));
      const retryAt = give ? null : new Date(now().getTime() + delay);
      log.warn(
        `Alert e-mail ${mail.id} (${mail.kind}): attempt ${mail.attempts} failed (${describe(error)})${retryAt ? `; next in ${delay / 1000} s` : "; given up"}`,
      );
      await markAlertMailFailed(mail.id, describe(error), retryAt, now(), d).catch((e: unknown) => log.error("Alert e-mail state not saved:", e));
      return give ? "failed" : "retry";
    }
  }

  async function run(): Promise<AlertTickReport> {
    const report: AlertTickReport = { expired: 0, changes: 0, items: 0, queued: 0, sent: 0, failed: 0 };
    const d = database();
    try {
      report.expired = await expireUnconfirmedAlerts(now(), d);
      for (let round = 0; round < 100; round++) {
        const matched = await matchAlertChanges(MATCH_BATCH, d);
        report.changes += matched.changes;
        report.items += matched.items;
        if (matched.changes < MATCH_BATCH) break;
      }
      report.queued = await composeAlertMails(now(), options.digestEveryMs, d);
      for (let round = 0; round < 100; round++) {
        const batch = await claimAlertMails(now(), leaseMs, SEND_BATCH, d);
        if (batch.length === 0) break;
        let stop = false;
        for (const mail of batch) {
          const outcome = await send(mail);
          if (outcome === "sent") report.sent++;
          else if (outcome === "failed") report.failed++;
          // The mail server is down: the rest of the batch goes back to the queue, tried at the next tick.
          else stop = true;
          if (stop) {
            await releaseAlertMails(
              batch.slice(batch.indexOf(mail) + 1).map((m) => m.id),
              d,
            );
            break;
          }
        }
        if (stop) break;
      }
      await pruneAlertMails(now(), 30, d);
    } catch (error) {
      log.error("Alert job failed:", error);
    }
    return report;
  }

  const job: AlertJob = {
    tick() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    start(everyMs) {
      if (timer) return;
      timer = setInterval(() => void job.tick(), everyMs);
      timer.unref();
      void job.tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      transport?.close();
      transport = undefined;
    },
  };
  return job;
}
