import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { alertQuery } from "~/lib/alerts";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import {
  alertLimitRefusals,
  alertSubscriptionCounts,
  alertTokenHash,
  claimAlertMails,
  composeAlertMails,
  confirmAlertSubscription,
  countAlertSubscriptionsByEmail,
  deleteAlertSubscriptionsByEmail,
  expireUnconfirmedAlerts,
  findAlertToken,
  issueAlertToken,
  matchAlertChanges,
  subscribeToAlerts,
  unsubscribeAlert,
} from "./alerts.server";
import { describeAlertSearch } from "~/i18n/alert-search";
import { createComplex, deleteComplex } from "./complexes.server";
import { createLocation } from "./locations.server";
import { createProperty, updateProperty } from "./real-estates.server";

const test = useEmptyTestDatabase();
const q = () => test.handle().db;

async function subscribe(email: string, query: string, frequency: "instant" | "daily" = "instant") {
  const { query: normalised, filter } = alertQuery(query);
  await subscribeToAlerts({ email, lang: "ru", frequency, query: normalised, filter, consentVersion: PRIVACY_NOTICE_VERSION });
  const [row] = await queryRows<{ id: string }>(q(), sql`select id from alert_subscriptions where lower(email) = lower(${email}) and query = ${normalised}`);
  return row!.id;
}

async function subscribeConfirmed(email: string, query: string, frequency: "instant" | "daily" = "instant") {
  const id = await subscribe(email, query, frequency);
  const token = await issueAlertToken(id, "confirm");
  expect((await confirmAlertSubscription(token)).state).toBe("confirmed");
  return id;
}

async function items(subscriptionId: string) {
  return queryRows<{ real_estate_id: string; kind: string; price: number; pending: boolean }>(
    q(),
    sql`select real_estate_id, kind, price::float8 as price, pending from alert_items where subscription_id = ${subscriptionId} order by updated_at`,
  );
}

async function mails(kind?: string) {
  return queryRows<{ id: number; subscription_id: string; kind: string; items: { id: string; kind: string; price: number }[] }>(
    q(),
    kind ? sql`select * from alert_mails where kind = ${kind} order by id` : sql`select * from alert_mails order by id`,
  );
}

async function place(name = "Созополь") {
  return createLocation({ name, image: "/upload/locations/s.jpg" });
}

describe("subscriptions", () => {
  it("normalises the query: map area, page, sort and view dropped, filters in a stable order", () => {
    expect(alertQuery("?sort=price-asc&type=house&page=3&view=map&bbox=27,42,28,43&price_max=200000&junk=1").query).toBe("type=house&price_max=200000");
    expect(alertQuery("price_min=300000&price_max=100000").query).toBe("price_min=100000&price_max=300000");
    expect(alertQuery("").query).toBe("");
  });

  it("queues one confirmation; the same address and query again adds no second one while it waits, nor a second subscription", async () => {
    await subscribe("Anna@Example.com", "type=house");
    await subscribe("anna@example.com", "?type=house&sort=newest");
    expect(await queryRows(q(), sql`select 1 from alert_subscriptions`)).toHaveLength(1);
    expect(await mails("confirm")).toHaveLength(1);
    // Once that one went, asking again sends a new one (still unconfirmed).
    await q().execute(sql`update alert_mails set sent_at = now()`);
    await subscribe("anna@example.com", "type=house");
    expect(await mails("confirm")).toHaveLength(2);
  });

  it("limits confirmations per address whatever the query, and for the whole site an hour; refusals are counted for the dashboard", async () => {
    const limits = { recipientEveryMs: 10 * 60_000, recipientPerDay: 3, sitePerHour: 6 };
    const t0 = new Date();
    const add = (email: string, query: string, at = t0) =>
      subscribeToAlerts({ email, lang: "ru", frequency: "instant", ...alertQuery(query), consentVersion: PRIVACY_NOTICE_VERSION }, limits, at);
    // One victim, twenty distinct queries (as from four addresses): three subscriptions and three mails, ten minutes apart.
    for (let i = 0; i < 20; i++) expect(await add(i % 2 ? "Victim@example.com" : "victim@example.com", `price_max=${100000 + i}`)).toBe(true);
    const due = await queryRows<{ at: string }>(q(), sql`select next_attempt_at::text as at from alert_mails where kind = 'confirm' order by next_attempt_at`);
    expect(due).toHaveLength(3);
    expect(Date.parse(due[1]!.at) - Date.parse(due[0]!.at)).toBeGreaterThanOrEqual(10 * 60_000);
    expect(await claimAlertMails(new Date(t0.getTime() + 1000), 60_000, 10)).toHaveLength(1);
    expect(await countAlertSubscriptionsByEmail(q(), "victim@example.com")).toBe(3);
    // The whole site: six an hour, the seventh address is answered alike and nothing is stored for it.
    for (let i = 0; i < 3; i++) expect(await add(`other${i}@example.com`, "")).toBe(true);
    expect(await mails("confirm")).toHaveLength(6);
    expect(await add("late@example.com", "")).toBe(true);
    expect(await countAlertSubscriptionsByEmail(q(), "late@example.com")).toBe(0);
    expect(await mails("confirm")).toHaveLength(6);
    // An hour later the site may send again.
    expect(await add("late@example.com", "", new Date(t0.getTime() + 61 * 60_000))).toBe(true);
    expect(await countAlertSubscriptionsByEmail(q(), "late@example.com")).toBe(1);
    const refusals = await alertLimitRefusals(new Date(t0.getTime() + 62 * 60_000));
    expect(refusals.recipient.count).toBe(17);
    expect(refusals.site.count).toBe(1);
    expect(refusals.site.last).toBe(t0.toISOString());
  });

  it("refuses an unknown location without storing anything", async () => {
    const { query, filter } = alertQuery("location=00000000-0000-4000-8000-000000000000");
    expect(await subscribeToAlerts({ email: "a@example.com", lang: "bg", frequency: "daily", query, filter, consentVersion: PRIVACY_NOTICE_VERSION })).toBe(
      false,
    );
    expect(await queryRows(q(), sql`select 1 from alert_subscriptions`)).toHaveLength(0);
  });

  it("stores tokens only hashed; unknown, malformed, wrong-purpose and expired tokens are told apart from good ones", async () => {
    const id = await subscribe("b@example.com", "");
    const token = await issueAlertToken(id, "confirm");
    const stored = await queryRows<{ hash: string }>(q(), sql`select hash from alert_tokens`);
    expect(stored).toEqual([{ hash: alertTokenHash(token) }]);
    expect(JSON.stringify(await queryRows(q(), sql`select * from alert_tokens`))).not.toContain(token);
    expect((await findAlertToken("x".repeat(43), "confirm")).state).toBe("unknown");
    expect((await findAlertToken("../../etc", "confirm")).state).toBe("unknown");
    expect((await findAlertToken(token, "unsubscribe")).state).toBe("unknown");
    const eightDays = new Date(Date.now() + 8 * 24 * 3600_000);
    expect((await confirmAlertSubscription(token, eightDays)).state).toBe("expired");
    expect((await confirmAlertSubscription(token)).state).toBe("confirmed");
    expect((await confirmAlertSubscription(token)).state).toBe("already");
  });

  it("deletes unconfirmed subscriptions after 7 days, confirmed ones stay", async () => {
    await subscribe("c@example.com", "");
    await subscribeConfirmed("d@example.com", "");
    expect(await expireUnconfirmedAlerts(new Date(Date.now() + 6 * 24 * 3600_000))).toBe(0);
    expect(await expireUnconfirmedAlerts(new Date(Date.now() + 8 * 24 * 3600_000))).toBe(1);
    expect(await queryRows(q(), sql`select email from alert_subscriptions`)).toEqual([{ email: "d@example.com" }]);
  });

  it("unsubscribes by token (its items and mails go with it); the token then is unknown", async () => {
    const id = await subscribeConfirmed("e@example.com", "");
    const token = await issueAlertToken(id, "unsubscribe");
    expect((await unsubscribeAlert(token))?.id).toBe(id);
    expect(await unsubscribeAlert(token)).toBeNull();
    expect(await queryRows(q(), sql`select 1 from alert_mails`)).toHaveLength(0);
  });

  it("erases every subscription of an address (any case) with its mails, counting first", async () => {
    await subscribe("f@example.com", "");
    await subscribeConfirmed("F@example.com", "type=house");
    await subscribe("g@example.com", "");
    expect(await countAlertSubscriptionsByEmail(q(), " f@EXAMPLE.com ")).toBe(2);
    expect(await q().transaction((tx) => deleteAlertSubscriptionsByEmail(tx, "f@example.com"))).toBe(2);
    expect(await countAlertSubscriptionsByEmail(q(), "f@example.com")).toBe(0);
    expect(await queryRows(q(), sql`select s.email from alert_mails m join alert_subscriptions s on s.id = m.subscription_id`)).toEqual([
      { email: "g@example.com" },
    ]);
  });

  it("counts subscriptions per location and query for the admin", async () => {
    const loc = await place();
    await subscribeConfirmed("h@example.com", `location=${loc.id}&type=house`);
    await subscribeConfirmed("i@example.com", `location=${loc.id}&type=house`, "daily");
    await subscribe("j@example.com", "");
    const counts = await alertSubscriptionCounts();
    expect(counts[0]).toMatchObject({ location: "Созополь", query: `location=${loc.id}&type=house`, confirmed: 2, unconfirmed: 0, instant: 1, daily: 1 });
    expect(counts[1]).toMatchObject({ location: null, query: "", confirmed: 0, unconfirmed: 1 });
  });
});

describe("matching", () => {
  it("queues nothing while no subscription is confirmed", async () => {
    const loc = await place();
    await subscribe("k@example.com", "");
    await createProperty({ title: "Дом", description: "У моря", location_id: loc.id, price: 100000 });
    expect(await queryRows(q(), sql`select 1 from alert_changes`)).toHaveLength(0);
  });

  it("matches a new property against each subscription's filters in SQL", async () => {
    const loc = await place();
    const other = await place("Несебр");
    const all = await subscribeConfirmed("l@example.com", "");
    const houses = await subscribeConfirmed("m@example.com", `location=${loc.id}&type=house&price_max=200000&bedrooms_min=2&sea_view=1`);
    const flats = await subscribeConfirmed("n@example.com", "type=apartment");
    const elsewhere = await subscribeConfirmed("o@example.com", `location=${other.id}`);
    const words = await subscribeConfirmed("p@example.com", "search=бассейн");
    const cheap = await subscribeConfirmed("r@example.com", "price_max=100000");
    const house = await createProperty({
      title: "Дом с бассейном",
      description: "Вид на море",
      location_id: loc.id,
      property_type: "house",
      price: 150000,
      bedrooms: 3,
      sea_view: true,
    });
    expect(await matchAlertChanges()).toEqual({ changes: 1, items: 3 });
    expect((await items(all)).map((i) => i.real_estate_id)).toEqual([house.id]);
    expect(await items(houses)).toEqual([{ real_estate_id: house.id, kind: "new", price: 150000, pending: true }]);
    expect((await items(words)).map((i) => i.kind)).toEqual(["new"]);
    for (const id of [flats, elsewhere, cheap]) expect(await items(id)).toEqual([]);
    // The queue is consumed.
    expect(await matchAlertChanges()).toEqual({ changes: 0, items: 0 });
  });

  it("announces a property once; a price drop is news only below the last price announced; a rise is none", async () => {
    const loc = await place();
    const sub = await subscribeConfirmed("s@example.com", "price_max=150000");
    const p = await createProperty({ title: "Студия", description: "У моря", location_id: loc.id, price: 200000 });
    await matchAlertChanges();
    expect(await items(sub)).toEqual([]);
    // Now cheap enough to match: a price drop of a property never announced.
    await updateProperty(p.id, { price: 140000 });
    await matchAlertChanges();
    expect(await items(sub)).toEqual([{ real_estate_id: p.id, kind: "price_drop", price: 140000, pending: true }]);
    expect(await composeAlertMails()).toBe(1);
    // Up, then back down to the announced price: nothing new.
    await updateProperty(p.id, { price: 145000 });
    await updateProperty(p.id, { price: 140000 });
    await matchAlertChanges();
    expect((await items(sub))[0]!.pending).toBe(false);
    expect(await composeAlertMails()).toBe(0);
    // Lower than announced: news again, once.
    await updateProperty(p.id, { price: 130000 });
    await matchAlertChanges();
    expect(await items(sub)).toEqual([{ real_estate_id: p.id, kind: "price_drop", price: 130000, pending: true }]);
    expect(await composeAlertMails()).toBe(1);
    const sent = await mails("alert");
    expect(sent.map((m) => m.items.map((i) => i.price))).toEqual([[140000], [130000]]);
    // Each cut carries the price before it, for the mail's struck-through old price.
    expect(sent.map((m) => m.items.map((i) => (i as { was?: number }).was))).toEqual([[200000], [140000]]);
  });

  it("ignores sold properties", async () => {
    const loc = await place();
    const sub = await subscribeConfirmed("t@example.com", "");
    await createProperty({ title: "Продано", description: "—", location_id: loc.id, price: 1000, status: "sold" });
    await matchAlertChanges();
    expect(await items(sub)).toEqual([]);
  });
});

describe("digests and the outbox", () => {
  it("mails instant subscriptions at once and daily ones as one digest a day", async () => {
    const loc = await place();
    const instant = await subscribeConfirmed("u@example.com", "");
    const daily = await subscribeConfirmed("v@example.com", "", "daily");
    await createProperty({ title: "Один", description: "—", location_id: loc.id, price: 1 });
    await createProperty({ title: "Два", description: "—", location_id: loc.id, price: 2 });
    await matchAlertChanges();
    expect(await composeAlertMails()).toBe(1);
    expect((await mails("alert")).map((m) => [m.subscription_id, m.items.length])).toEqual([[instant, 2]]);
    // A day after confirmation the digest is due: one mail with both.
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 1000);
    expect(await composeAlertMails(tomorrow)).toBe(1);
    expect((await mails("alert")).map((m) => [m.subscription_id, m.items.length])).toEqual([
      [instant, 2],
      [daily, 2],
    ]);
    // Another property the same day waits for the next day's digest.
    await createProperty({ title: "Три", description: "—", location_id: loc.id, price: 3 });
    await matchAlertChanges();
    expect(await composeAlertMails(new Date(tomorrow.getTime() + 3600_000))).toBe(1); // the instant one only
    expect(await composeAlertMails(new Date(tomorrow.getTime() + 24 * 3600_000 + 1000))).toBe(1);
    expect((await mails("alert")).filter((m) => m.subscription_id === daily)).toHaveLength(2);
  });

  it("two senders never claim the same mail", async () => {
    for (let i = 0; i < 30; i++) await subscribe(`w${i}@example.com`, "");
    const now = new Date(Date.now() + 1000);
    const other = test.url() ? (await import("~/db/client.server")).openDatabase({ kind: "postgres", url: test.url()! }) : null;
    const second = other ? (await other).db : q();
    try {
      const [a, b] = await Promise.all([
        (async () => {
          const got = [];
          for (let i = 0; i < 5; i++) got.push(...(await claimAlertMails(now, 60_000, 4, q())));
          return got;
        })(),
        (async () => {
          const got = [];
          for (let i = 0; i < 5; i++) got.push(...(await claimAlertMails(now, 60_000, 4, second)));
          return got;
        })(),
      ]);
      const ids = [...a, ...b].map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(30);
      // Leased: nobody gets them again until the lease ends.
      expect(await claimAlertMails(now, 60_000, 10)).toEqual([]);
      expect(await claimAlertMails(new Date(now.getTime() + 61_000), 60_000, 50)).toHaveLength(30);
    } finally {
      if (other) await (await other).close();
    }
  });
});

describe("complexes (issue 33)", () => {
  it("keeps the complex in the saved query and its column, refuses an unknown one, and matches only that complex's units", async () => {
    const loc = await place();
    const cascadas = await createComplex({ name: "Cascadas", location_id: loc.id });
    const other = await createComplex({ name: "Sunrise", location_id: loc.id });
    expect(alertQuery(`sort=newest&complex=${cascadas.id.toUpperCase()}&type=apartment`).query).toBe(`complex=${cascadas.id}&type=apartment`);
    const unknown = alertQuery("complex=00000000-0000-4000-8000-000000000000");
    expect(
      await subscribeToAlerts({
        email: "u@example.com",
        lang: "ru",
        frequency: "instant",
        query: unknown.query,
        filter: unknown.filter,
        consentVersion: PRIVACY_NOTICE_VERSION,
      }),
    ).toBe(false);
    const sub = await subscribeConfirmed("v@example.com", `complex=${cascadas.id}`);
    const [stored] = await queryRows<{ complex_id: string | null }>(q(), sql`select complex_id from alert_subscriptions where id = ${sub}`);
    expect(stored!.complex_id).toBe(cascadas.id);
    const all = await subscribeConfirmed("w@example.com", "");
    const unit = await createProperty({ title: "Студия", description: "У моря", location_id: loc.id, price: 90000, complex_id: cascadas.id });
    const neighbour = await createProperty({ title: "Студия", description: "У моря", location_id: loc.id, price: 90000, complex_id: other.id });
    const alone = await createProperty({ title: "Дом", description: "Сад", location_id: loc.id, price: 90000 });
    await matchAlertChanges();
    expect((await items(sub)).map((i) => i.real_estate_id)).toEqual([unit.id]);
    expect((await items(all)).map((i) => i.real_estate_id).sort()).toEqual([unit.id, neighbour.id, alone.id].sort());
    // The admin's count names the complex (its name, for /admin/alerts to say «в комплексе Cascadas»).
    expect((await alertSubscriptionCounts()).find((r) => r.query === `complex=${cascadas.id}`)).toMatchObject({ complex: "Cascadas", confirmed: 1 });
    // Deleting the complex ends the subscription that watched it.
    await deleteComplex(cascadas.id);
    expect(await queryRows(q(), sql`select 1 from alert_subscriptions where id = ${sub}`)).toHaveLength(0);
  });

  it("describes the complex in words in the subscriber's language", () => {
    const { filter } = alertQuery("complex=6f1c3c5e-8a7b-4c1d-9e2f-0a1b2c3d4e5f&type=apartment");
    expect(describeAlertSearch(filter, "ru", "Созополь", "Cascadas")).toBe("Созополь · в комплексе Cascadas · Квартира");
    expect(describeAlertSearch(filter, "bg", "Созопол", "Cascadas")).toBe("Созопол · в комплекс Cascadas · Апартамент");
    expect(describeAlertSearch(filter, "en", "Sozopol", "Cascadas")).toMatch(/^Sozopol · in the Cascadas complex · /);
  });
});
