import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, queryRows, type Executor } from "~/db/client.server";
import { alertMails, alertSubscriptions, alertTokens, complexes, locations, type AlertMail, type AlertSubscription } from "~/db/schema";
import { ALERT_CONFIRM_DAYS, looksLikeAlertToken, type AlertFilter, type AlertFrequency } from "~/lib/alerts";
import type { Lang, PerLanguage } from "~/i18n/lang";
import { prefixTerm, searchWords } from "~/lib/search";

/**
 * Saved-search alerts (issue 22, decision 0029): subscriptions with double
 * opt-in, their link tokens (only SHA-256 stored), matching of changed
 * properties in one SQL statement, and the durable outbox of mails that
 * app/jobs/alerts.server.ts sends.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function alertTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export interface NewAlertSubscription {
  email: string;
  lang: Lang;
  frequency: AlertFrequency;
  query: string;
  filter: AlertFilter;
  consentVersion: string;
}

/** The stored tsquery of a search: what the listing's condition (models/text-search) matches the words with; null without words. */
function searchQuerySql(search: string) {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const query = sql.join(
    words.map((word) => sql`to_tsquery('simple', ${prefixTerm(word)})`),
    sql` && `,
  );
  return sql`regexp_replace((${query})::text, '<(-|[0-9]+)>', '&', 'g')::tsquery`;
}

/**
 * Limits on confirmation mails (issue 30): a form anyone may post must not
 * let strangers mail-bomb an address or the site send mail in bulk. Counted
 * in the database (the outbox's rows), so every process sees the same.
 */
export interface AlertMailLimits {
  /** At most one confirmation to an address in this many ms… */
  recipientEveryMs: number;
  /** …at most this many to one address a day, and at most this many unconfirmed subscriptions per address. */
  recipientPerDay: number;
  /** Confirmation mails the whole site queues in an hour. */
  sitePerHour: number;
}

export const DEFAULT_ALERT_MAIL_LIMITS: AlertMailLimits = { recipientEveryMs: 10 * 60 * 1000, recipientPerDay: 3, sitePerHour: 100 };

/** The rate_limit_hits buckets the subscribe path records its refusals in (the dashboard shows them; pruned after a day like other hits). */
export const ALERT_LIMIT_BUCKETS = { recipient: "alerts recipient limit", site: "alerts hourly cap" } as const;

/**
 * Records a subscription (unconfirmed) and queues its confirmation mail.
 * The same address and query again: nothing changes, except that an
 * unconfirmed one gets a new confirmation mail when none is waiting to be
 * sent. Returns nothing a caller could tell the two apart by. An unknown
 * location or complex → false (the caller answers 400).
 *
 * Confirmations to one address leave at least `recipientEveryMs` apart
 * (a later one waits in the outbox). One the limits refuse (`recipientPerDay`
 * to the address in a day, or as many unconfirmed subscriptions of it, or
 * the site's hourly cap) stores nothing and returns true as well: the
 * visitor's answer reveals nothing. The refusal is recorded for the
 * dashboard.
 */
export async function subscribeToAlerts(
  input: NewAlertSubscription,
  limits: AlertMailLimits = DEFAULT_ALERT_MAIL_LIMITS,
  now = new Date(),
  database: Executor = db(),
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const f = input.filter;
    if (f.locationId) {
      const [found] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, f.locationId));
      if (!found) return false;
    }
    if (f.complexId) {
      const [found] = await tx.select({ id: complexes.id }).from(complexes).where(eq(complexes.id, f.complexId));
      if (!found) return false;
    }
    // One subscriber at a time decides (a lock for the transaction): two processes cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('alert confirmations'))`);
    const [existing] = await tx
      .select({ id: alertSubscriptions.id, confirmed: sql<boolean>`${alertSubscriptions.confirmed_at} is not null` })
      .from(alertSubscriptions)
      .where(and(sql`lower(${alertSubscriptions.email}) = lower(${input.email})`, eq(alertSubscriptions.query, input.query)));
    if (existing?.confirmed) return true;
    if (existing) {
      const [waiting] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from alert_mails where subscription_id = ${existing.id} and kind = 'confirm' and sent_at is null and failed_at is null`,
      );
      if ((waiting?.n ?? 0) > 0) return true;
    }
    const slot = await confirmationSlot(tx, input.email, limits, now, !existing);
    if (slot.refused) {
      await tx.execute(sql`insert into rate_limit_hits (bucket, key, at_ms) values (${ALERT_LIMIT_BUCKETS[slot.refused]}, ${slot.refused}, ${now.getTime()})`);
      return true;
    }
    let id = existing?.id;
    if (!id) {
      const [inserted] = await tx
        .insert(alertSubscriptions)
        .values({
          email: input.email,
          lang: input.lang,
          frequency: input.frequency,
          query: input.query,
          location_id: f.locationId,
          property_type: f.type,
          price_min: f.priceMin,
          price_max: f.priceMax,
          area_min: f.areaMin,
          area_max: f.areaMax,
          bedrooms_min: f.bedroomsMin,
          sea_distance_max: f.seaDistanceMax,
          sea_view: f.seaView,
          sea_line: f.seaLine,
          stage: f.stage,
          complex_id: f.complexId,
          status: f.status,
          search_query: searchQuerySql(f.search) ?? sql`null`,
          consent_version: input.consentVersion,
          consent_at: sql`now()`,
        })
        .onConflictDoNothing()
        .returning({ id: alertSubscriptions.id });
      id = inserted?.id;
    }
    if (id) {
      await tx.insert(alertMails).values({ subscription_id: id, kind: "confirm", created_at: now.toISOString(), next_attempt_at: slot.sendAt.toISOString() });
    }
    return true;
  });
}

/**
 * Whether one more confirmation to `email` may be queued now (the outbox's
 * confirmation rows are the count), and when it may leave: a refusal when
 * the address had `recipientPerDay` confirmations in a day (or, for a new
 * subscription, has as many unconfirmed ones) or the site reached its hourly
 * cap; otherwise not before `recipientEveryMs` after the address's latest.
 */
async function confirmationSlot(
  tx: Executor,
  email: string,
  limits: AlertMailLimits,
  now: Date,
  isNew: boolean,
): Promise<{ refused: "recipient" | "site" } | { refused: null; sendAt: Date }> {
  const at = now.getTime();
  const [row] = await queryRows<{ latest: string | null; day: number; unconfirmed: number; hour: number }>(
    tx,
    sql`with mine as (
          select m.next_attempt_at, m.created_at from alert_mails m join alert_subscriptions s on s.id = m.subscription_id
          where m.kind = 'confirm' and lower(s.email) = lower(${email}) and m.created_at > ${new Date(at - DAY_MS).toISOString()}
        )
        select (select max(next_attempt_at) from mine)::text as latest, (select count(*) from mine)::int as day,
          (select count(*) from alert_subscriptions where lower(email) = lower(${email}) and confirmed_at is null)::int as unconfirmed,
          (select count(*) from alert_mails where kind = 'confirm' and created_at > ${new Date(at - 60 * 60 * 1000).toISOString()})::int as hour`,
  );
  if (row && (row.day >= limits.recipientPerDay || (isNew && row.unconfirmed >= limits.recipientPerDay))) return { refused: "recipient" };
  if (row && row.hour >= limits.sitePerHour) return { refused: "site" };
  const spaced = row?.latest ? Date.parse(row.latest) + limits.recipientEveryMs : at;
  return { refused: null, sendAt: new Date(Math.max(at, spaced)) };
}

/** How often the confirmation limits refused in the last day, and the last time (the admin dashboard). */
export async function alertLimitRefusals(now = new Date(), database: Executor = db()) {
  const since = now.getTime() - DAY_MS;
  const rows = await queryRows<{ bucket: string; n: number; last: string | number | null }>(
    database,
    sql`select bucket, count(*)::int as n, max(at_ms) as last from rate_limit_hits
        where bucket in (${ALERT_LIMIT_BUCKETS.recipient}, ${ALERT_LIMIT_BUCKETS.site}) and at_ms > ${since} group by bucket`,
  );
  const of = (bucket: string) => {
    const row = rows.find((r) => r.bucket === bucket);
    return { count: row?.n ?? 0, last: row?.last == null ? null : new Date(Number(row.last)).toISOString() };
  };
  return { recipient: of(ALERT_LIMIT_BUCKETS.recipient), site: of(ALERT_LIMIT_BUCKETS.site) };
}

/** A new random link token for a subscription; only its hash is stored. */
export async function issueAlertToken(subscriptionId: string, purpose: "confirm" | "unsubscribe", database: Executor = db()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await database.insert(alertTokens).values({ hash: alertTokenHash(token), subscription_id: subscriptionId, purpose });
  return token;
}

export type TokenLookup = { state: "unknown" } | { state: "expired" } | { state: "ok"; subscription: AlertSubscription };

/** The subscription a link's token belongs to: unknown (malformed, never issued, or its subscription gone), or expired (unconfirmed past 7 days). */
export async function findAlertToken(token: unknown, purpose: "confirm" | "unsubscribe", now = new Date(), database: Executor = db()): Promise<TokenLookup> {
  if (!looksLikeAlertToken(token)) return { state: "unknown" };
  const [row] = await database
    .select({ subscription: alertSubscriptions })
    .from(alertTokens)
    .innerJoin(alertSubscriptions, eq(alertSubscriptions.id, alertTokens.subscription_id))
    .where(and(eq(alertTokens.hash, alertTokenHash(token)), eq(alertTokens.purpose, purpose)));
  if (!row) return { state: "unknown" };
  const s = row.subscription;
  if (!s.confirmed_at && now.getTime() - Date.parse(s.created_at) > ALERT_CONFIRM_DAYS * DAY_MS) return { state: "expired" };
  return { state: "ok", subscription: s };
}

/** Confirms the subscription of a confirmation link (again: no change). */
export async function confirmAlertSubscription(
  token: unknown,
  now = new Date(),
  database: Executor = db(),
): Promise<{ state: "unknown" | "expired" | "confirmed" | "already"; subscription?: AlertSubscription }> {
  const found = await findAlertToken(token, "confirm", now, database);
  if (found.state !== "ok") return found;
  if (found.subscription.confirmed_at) return { state: "already", subscription: found.subscription };
  await database
    .update(alertSubscriptions)
    .set({ confirmed_at: now.toISOString() })
    .where(and(eq(alertSubscriptions.id, found.subscription.id), sql`${alertSubscriptions.confirmed_at} is null`));
  return { state: "confirmed", subscription: found.subscription };
}

/** Deletes the subscription of an unsubscribe link (with its tokens, items and mails); false when the token is unknown. */
export async function unsubscribeAlert(token: unknown, database: Executor = db()): Promise<AlertSubscription | null> {
  const found = await findAlertToken(token, "unsubscribe", new Date(0), database);
  if (found.state !== "ok") return null;
  await database.delete(alertSubscriptions).where(eq(alertSubscriptions.id, found.subscription.id));
  return found.subscription;
}

/** Deletes subscriptions left unconfirmed for ALERT_CONFIRM_DAYS. */
export async function expireUnconfirmedAlerts(now = new Date(), database: Executor = db()): Promise<number> {
  const cutoff = new Date(now.getTime() - ALERT_CONFIRM_DAYS * DAY_MS).toISOString();
  const rows = await database
    .delete(alertSubscriptions)
    .where(and(sql`${alertSubscriptions.confirmed_at} is null`, sql`${alertSubscriptions.created_at} < ${cutoff}`))
    .returning({ id: alertSubscriptions.id });
  return rows.length;
}

/**
 * Takes up to `limit` queued changes (FOR UPDATE SKIP LOCKED: two matchers
 * take different ones) and, in the same statement, records every confirmed
 * subscription's new item for each — the subscription's filters are columns,
 * so this is one join over the subscriptions, answered in SQL. The dedup rule
 * (decision 0029): a property is announced once per subscription; after that
 * only a price lower than the last one announced makes it news again.
 * Returns the changes taken (0: the queue is empty).
 */
export async function matchAlertChanges(limit = 500, database: Executor = db()): Promise<{ changes: number; items: number }> {
  const rows = await queryRows<{ changes: number; items: number }>(
    database,
    sql`
    with taken as (
      delete from alert_changes where id in (
        select id from alert_changes order by id limit ${limit} for update skip locked
      ) returning real_estate_id, kind, created_at
    ), changed as (
      select real_estate_id, bool_or(kind = 'new') as is_new, max(created_at) as at from taken group by real_estate_id
    ), matched as (
      insert into alert_items (subscription_id, real_estate_id, kind, price, pending, updated_at)
      select s.id, p.id, case when c.is_new then 'new' else 'price_drop' end, p.price, true, now()
      from changed c
      join real_estates p on p.id = c.real_estate_id
      join alert_subscriptions s on s.confirmed_at is not null and s.confirmed_at <= c.at
        and (s.location_id is null or s.location_id = p.location_id)
        and (s.property_type is null or s.property_type = p.property_type)
        and (s.price_min is null or p.price >= s.price_min)
        and (s.price_max is null or p.price <= s.price_max)
        and (s.area_min is null or p.area >= s.area_min)
        and (s.area_max is null or p.area <= s.area_max)
        and (s.bedrooms_min is null or p.bedrooms >= s.bedrooms_min)
        and (s.sea_distance_max is null or p.sea_distance_m <= s.sea_distance_max)
        and (not s.sea_view or p.sea_view is true)
        and (not s.sea_line or p.sea_line = 1)
        and (s.stage is null or p.construction_stage = s.stage)
        and (s.complex_id is null or p.complex_id = s.complex_id)
        and (case s.status when 'available' then p.status <> 'sold' when 'all' then true else p.status = s.status end)
        and (s.search_query is null or p.search_vector @@ s.search_query)
      on conflict (subscription_id, real_estate_id) do update
        set kind = 'price_drop', price = excluded.price, pending = true, updated_at = excluded.updated_at
        where excluded.price < alert_items.price
      returning 1
    )
    select (select count(*) from taken)::int as changes, (select count(*) from matched)::int as items`,
  );
  return rows[0] ?? { changes: 0, items: 0 };
}

/**
 * Puts pending items into mails: one per instant subscription with news, and
 * one digest per daily subscription whose last digest is at least
 * `digestEveryMs` old (the first a day after confirmation). The items are
 * taken in the same statement (a concurrent run finds them taken). Returns
 * the mails queued.
 */
export async function composeAlertMails(now = new Date(), digestEveryMs = DAY_MS, database: Executor = db()): Promise<number> {
  const dueBefore = new Date(now.getTime() - digestEveryMs).toISOString();
  const rows = await queryRows<{ mails: number }>(
    database,
    sql`
    with taken as (
      update alert_items i set pending = false
      from alert_subscriptions s
      where i.pending and s.id = i.subscription_id and s.confirmed_at is not null
        and (s.frequency = 'instant' or coalesce(s.digest_at, s.confirmed_at) <= ${dueBefore})
      returning i.subscription_id, i.real_estate_id, i.kind, i.price, i.updated_at
    ), mails as (
      insert into alert_mails (subscription_id, kind, items, next_attempt_at)
      select subscription_id, 'alert',
        jsonb_agg(jsonb_build_object('id', real_estate_id, 'kind', kind, 'price', price,
          -- A price cut's price before it: the latest higher price of the property's history (issue 30).
          'was', case when kind = 'price_drop' then (
            select h.price from real_estate_price_history h
            where h.real_estate_id = taken.real_estate_id and h.price > taken.price order by h.changed_at desc, h.id desc limit 1) end
        ) order by updated_at, real_estate_id), ${now.toISOString()}
      from taken group by subscription_id
      returning subscription_id
    ), digests as (
      update alert_subscriptions set digest_at = ${now.toISOString()}
      where frequency = 'daily' and id in (select subscription_id from mails)
      returning 1
    )
    select (select count(*) from mails)::int as mails`,
  );
  return rows[0]?.mails ?? 0;
}

/**
 * Claims up to `limit` due mails for this sender: each gets a lease until
 * now + leaseMs (another sender skips it meanwhile; a crashed sender's lease
 * runs out and the mail is tried again) and one more attempt counted.
 */
export async function claimAlertMails(now: Date, leaseMs: number, limit = 10, database: Executor = db()): Promise<AlertMail[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const rows = await queryRows<Record<string, unknown>>(
    database,
    sql`
    update alert_mails m set claimed_until = ${until}, attempts = m.attempts + 1
    where m.id in (
      select id from alert_mails
      where sent_at is null and failed_at is null and next_attempt_at <= ${at} and (claimed_until is null or claimed_until <= ${at})
      order by next_attempt_at, id limit ${limit} for update skip locked
    )
    returning m.id, m.subscription_id, m.kind, m.items, m.attempts`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    subscription_id: String(r.subscription_id),
    kind: r.kind as AlertMail["kind"],
    items: (typeof r.items === "string" ? JSON.parse(r.items) : r.items) as AlertMail["items"],
    attempts: Number(r.attempts),
    created_at: "",
    next_attempt_at: "",
    claimed_until: until,
    sent_at: null,
    failed_at: null,
    last_error: null,
  }));
}

/** Gives claimed mails back untried (their attempt uncounted): the sender stopped before them. */
export async function releaseAlertMails(ids: number[], database: Executor = db()) {
  if (ids.length === 0) return;
  await database.execute(
    sql`update alert_mails set claimed_until = null, attempts = attempts - 1 where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export async function markAlertMailSent(id: number, now = new Date(), database: Executor = db()) {
  await database.update(alertMails).set({ sent_at: now.toISOString(), claimed_until: null, last_error: null }).where(eq(alertMails.id, id));
}

/** A failed attempt: tried again at `retryAt`, or given up (null) — kept with its error for the log and the admin. */
export async function markAlertMailFailed(id: number, error: string, retryAt: Date | null, now = new Date(), database: Executor = db()) {
  await database
    .update(alertMails)
    .set(
      retryAt
        ? { next_attempt_at: retryAt.toISOString(), claimed_until: null, last_error: error.slice(0, 500) }
        : { failed_at: now.toISOString(), claimed_until: null, last_error: error.slice(0, 500) },
    )
    .where(eq(alertMails.id, id));
}

export async function getAlertSubscription(id: string, database: Executor = db()): Promise<AlertSubscription | null> {
  const [row] = await database.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
  return row ?? null;
}

/** A subscription's location in each language (the confirmation names it); null when gone or none. */
export async function alertLocationNames(id: string | null, database: Executor = db()): Promise<{ name: string; name_bg: string; name_en: string } | null> {
  if (!id) return null;
  const [row] = await database
    .select({ name: locations.name, name_bg: locations.name_bg, name_en: locations.name_en })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}

/** A complex's names (issue 33), for describing a search of its units in words; null: none or gone. */
export async function alertComplexNames(id: string | null, database: Executor = db()): Promise<{ name: string; name_bg: string; name_en: string } | null> {
  if (!id) return null;
  const [row] = await database
    .select({ name: complexes.name, name_bg: complexes.name_bg, name_en: complexes.name_en })
    .from(complexes)
    .where(eq(complexes.id, id));
  return row ?? null;
}

/** What an alert mail shows of each property (its current state; gone ones are left out). */
export interface AlertProperty extends PerLanguage<"title", string>, PerLanguage<"location_name", string> {
  id: string;
  title: string;
  price: number | null;
  area: number | null;
  bedrooms: number | null;
  sea_distance_m: number | null;
  images: string[];
  slug: string;
  slug_en: string;
  location_slug: string;
  location_slug_en: string;
  location_name: string;
}

export async function alertProperties(ids: string[], database: Executor = db()): Promise<AlertProperty[]> {
  if (ids.length === 0) return [];
  return queryRows<AlertProperty>(
    database,
    sql`select p.id, p.title, p.title_bg, p.title_en, p.price::float8 as price, p.area::float8 as area, p.bedrooms, p.sea_distance_m, p.images,
          p.slug, p.slug_en, l.slug as location_slug, l.slug_en as location_slug_en, l.name as location_name, l.name_bg as location_name_bg,
          l.name_en as location_name_en
        from real_estates p join locations l on l.id = p.location_id
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
}

/** Mail rows older than `days` that were sent or given up (the outbox keeps no history beyond). */
export async function pruneAlertMails(now = new Date(), days = 30, database: Executor = db()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = await database
    .delete(alertMails)
    .where(sql`(${alertMails.sent_at} < ${cutoff} or ${alertMails.failed_at} < ${cutoff})`)
    .returning({ id: alertMails.id });
  return rows.length;
}

/** The admin's overview: subscriptions per location and query, confirmed and waiting for confirmation. */
export async function alertSubscriptionCounts(database: Executor = db()) {
  return queryRows<{ location: string | null; complex: string | null; query: string; confirmed: number; unconfirmed: number; instant: number; daily: number }>(
    database,
    sql`select l.name as location, c.name as complex, s.query,
          count(*) filter (where s.confirmed_at is not null)::int as confirmed,
          count(*) filter (where s.confirmed_at is null)::int as unconfirmed,
          count(*) filter (where s.confirmed_at is not null and s.frequency = 'instant')::int as instant,
          count(*) filter (where s.confirmed_at is not null and s.frequency = 'daily')::int as daily
        from alert_subscriptions s left join locations l on l.id = s.location_id left join complexes c on c.id = s.complex_id
        group by l.name, c.name, s.query
        order by count(*) filter (where s.confirmed_at is not null) desc, count(*) desc, l.name nulls first, s.query
        limit 500`,
  );
}

/** GDPR erasure (issue 22 item 6): how many subscriptions one address has (any case of it). */
export async function countAlertSubscriptionsByEmail(database: Executor, email: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from alert_subscriptions where lower(email) = lower(${email.trim()})`);
  return rows[0]?.n ?? 0;
}

/** GDPR erasure: deletes every subscription of the address with its tokens, items and mails (pending or sent). Returns the subscriptions deleted. */
export async function deleteAlertSubscriptionsByEmail(database: Executor, email: string): Promise<number> {
  const rows = await database
    .delete(alertSubscriptions)
    .where(sql`lower(${alertSubscriptions.email}) = lower(${email.trim()})`)
    .returning({ id: alertSubscriptions.id });
  return rows.length;
}
