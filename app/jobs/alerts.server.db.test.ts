import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy";
import { createLocation } from "~/models/locations.server";
import { createProperty, updateProperty } from "~/models/real-estates.server";
import { alertConfirmPage, alertUnsubscribeAction, alertUnsubscribePage, handleAlertSubscribe } from "~/web/alerts.server";
import { decodeMail, startSmtpFixture } from "../../tests/support/smtp-fixture";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import { createAlertJob, type AlertJob } from "./alerts.server";

/**
 * The alert chain end to end against a real SMTP server on 127.0.0.1
 * (issue 22): the form's handler → the confirmation mail → its link → a new
 * property → the alert mail with RFC 8058 headers → price drop, dedup,
 * daily digest → unsubscribe by the header's one-click POST and by the link;
 * and a mail server that is down, then back (delivered once).
 */

const test = useEmptyTestDatabase();
const PUBLIC_URL = "https://www.sea.example";
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
// The job's clock runs ahead of the real one by `clock` ms (back-off and digest waits without sleeping).
let clock = 0;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpFixture();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  clock = 0;
});

function job(options: { digestEveryMs?: number } = {}): AlertJob {
  return createAlertJob({
    smtpUrl: smtp.url,
    from: "Море и Дом <no-reply@sea.example>",
    publicUrl: PUBLIC_URL,
    retryBaseMs: 1000,
    timeoutMs: 3000,
    now: () => new Date(Date.now() + clock),
    ...options,
  });
}

async function post(fields: Record<string, string>, lang: "ru" | "bg" = "ru") {
  const body = new URLSearchParams({ lang, frequency: "instant", consent: PRIVACY_NOTICE_VERSION, query: "", ...fields });
  const request = new Request("http://localhost/alerts", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  const answer = await handleAlertSubscribe(request, lang, `198.51.100.${++ipCounter}`);
  return { status: answer.init?.status ?? 200, ...answer.data };
}

function linkIn(raw: string, action: "confirm" | "unsubscribe"): string {
  const match = decodeMail(raw).match(new RegExp(`https://www\\.sea\\.example(?:/bg)?/alerts/${action}/([A-Za-z0-9_-]{43})`));
  expect(match, `a ${action} link in the mail`).not.toBeNull();
  return match![1]!;
}

async function subscribeAndConfirm(email: string, fields: Record<string, string> = {}, lang: "ru" | "bg" = "ru") {
  expect((await post({ email, ...fields }, lang)).ok).toBe(true);
  const j = job();
  await j.tick();
  await j.stop();
  const mail = smtp.received.at(-1)!;
  expect(mail.to).toEqual([email]);
  const page = await alertConfirmPage(linkIn(mail.raw, "confirm"), lang);
  expect(page.data.state).toBe("confirmed");
  smtp.received.length = 0;
}

describe("alerts end to end", () => {
  it("double opt-in: nothing but the confirmation before the link; then a new property is mailed once, with photo, price, facts, link and one-click unsubscribe", async () => {
    const loc = await createLocation({ name: "Созополь", name_bg: "Созопол", image: "/upload/locations/s.jpg" });
    expect((await post({ email: "anna@example.com", query: `location=${loc.id}&type=house&sort=newest` }, "bg")).ok).toBe(true);
    // Before confirmation: a new matching property sends nothing but the confirmation.
    await createProperty({ title: "Ранний дом", description: "—", location_id: loc.id, property_type: "house", price: 1 });
    const j = job();
    await j.tick();
    expect(smtp.received).toHaveLength(1);
    const confirmMail = decodeMail(smtp.received[0]!.raw);
    expect(confirmMail).toContain("Потвърдете абонамента");
    // The search in words, in the mail's language (the location's Bulgarian name), not only its ids.
    expect(confirmMail).toContain("Созопол · Къща");
    expect(confirmMail).toContain(`https://www.sea.example/bg/properties?location=${loc.id}&type=house`);
    const token = linkIn(smtp.received[0]!.raw, "confirm");
    expect((await alertConfirmPage(token, "bg")).data.state).toBe("confirmed");
    smtp.received.length = 0;

    const house = await createProperty({
      title: "Дом у моря",
      title_bg: "Къща до морето",
      description: "—",
      location_id: loc.id,
      property_type: "house",
      price: 185000,
      area: 120,
      bedrooms: 3,
      sea_distance_m: 350,
      images: ["/upload/properties/house.jpg"],
    });
    // A flat does not match the subscription's type.
    await createProperty({ title: "Квартира", description: "—", location_id: loc.id, price: 90000 });
    clock += 1000;
    await j.tick();
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]!.raw;
    const mail = decodeMail(raw);
    expect(mail).toMatch(/List-Unsubscribe: <https:\/\/www\.sea\.example\/bg\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}>/);
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail).toContain("Къща до морето");
    expect(mail).toMatch(/185\s000/);
    expect(mail).toContain("120 м²");
    expect(mail).toContain("https://www.sea.example/upload/properties/house.jpg");
    expect(mail).toContain(`https://www.sea.example/bg/${encodeURIComponent(loc.slug)}/${encodeURIComponent(house.slug)}`);
    expect(mail).not.toContain("Ранний дом");
    expect(mail).not.toContain("Квартира");

    // Nothing more without a change; the same price again is no news.
    await updateProperty(house.id, { price: 185000 });
    clock += 1000;
    await j.tick();
    expect(smtp.received).toHaveLength(1);

    // A price drop: one mail; the same price again after a rise: none.
    await updateProperty(house.id, { price: 170000 });
    clock += 1000;
    await j.tick();
    expect(smtp.received).toHaveLength(2);
    expect(decodeMail(smtp.received[1]!.raw)).toContain("Намалена цена");
    expect(decodeMail(smtp.received[1]!.raw)).toMatch(/170\s000/);
    await updateProperty(house.id, { price: 180000 });
    await updateProperty(house.id, { price: 170000 });
    clock += 1000;
    await j.tick();
    expect(smtp.received).toHaveLength(2);

    // One-click unsubscribe with the header's link (what a mail provider POSTs).
    const unsubscribe = linkIn(smtp.received[1]!.raw, "unsubscribe");
    expect((await alertUnsubscribePage(unsubscribe, "bg")).data.state).toBe("ask");
    const done = await alertUnsubscribeAction(unsubscribe, "bg");
    expect([done.init?.status, done.data.state]).toEqual([200, "unsubscribed"]);
    expect((await alertUnsubscribeAction(unsubscribe, "bg")).init?.status).toBe(404);
    await createProperty({ title: "Ещё дом", description: "—", location_id: loc.id, property_type: "house", price: 2 });
    clock += 1000;
    await j.tick();
    await j.stop();
    expect(smtp.received).toHaveLength(2);
    expect(await queryRows(test.handle().db, sql`select 1 from alert_subscriptions`)).toHaveLength(0);
  });

  it("answers alike for a new and an already subscribed address, and refuses bad input with 4xx in the page's language", async () => {
    const first = await post({ email: "same@example.com" });
    const again = await post({ email: "same@example.com" });
    expect(again).toEqual(first);
    expect((await post({ email: "x@example.com\r\nBcc: victim@example.com" })).status).toBe(400);
    expect((await post({ email: "x@example.com\nBcc:v@example.com" }, "bg")).message).toBe("Моля, въведете валиден имейл");
    expect((await post({ email: `${"a".repeat(250)}@example.com` })).status).toBe(400);
    expect((await post({ email: "Name <x@example.com>" })).status).toBe(400);
    expect((await post({ email: "x@example.com", query: "a=".repeat(1500) })).status).toBe(400);
    expect((await post({ email: "x@example.com", lang: "de" })).status).toBe(400);
    expect((await post({ email: "x@example.com", frequency: "hourly" })).message).toBe("Выберите, как часто присылать письма: сразу или раз в день.");
    expect((await post({ email: "x@example.com", consent: "" })).status).toBe(400);
    expect((await post({ email: "x@example.com", query: "location=00000000-0000-4000-8000-000000000000" })).status).toBe(400);
    // The honeypot: answered like a success, nothing stored.
    expect((await post({ email: "bot@example.com", website: "http://spam" })).ok).toBe(true);
    const rows = await queryRows<{ email: string }>(test.handle().db, sql`select email from alert_subscriptions`);
    expect(rows).toEqual([{ email: "same@example.com" }]);
    expect((await alertConfirmPage("not-a-token", "ru")).init?.status).toBe(404);
    // A confirmation link of a subscription left unconfirmed for more than 7 days: 410, and the job deletes it.
    const j = job();
    await j.tick();
    const expiring = linkIn(smtp.received.at(-1)!.raw, "confirm");
    await test.handle().db.execute(sql`update alert_subscriptions set created_at = now() - interval '8 days'`);
    const gone = await alertConfirmPage(expiring, "ru");
    expect([gone.init?.status, gone.data.state]).toEqual([410, "expired"]);
    expect((await j.tick()).expired).toBe(1);
    await j.stop();
    expect((await alertConfirmPage(expiring, "ru")).init?.status).toBe(404);
    expect((await alertUnsubscribePage("A".repeat(43), "bg")).init?.status).toBe(404);
  });

  it("a daily subscription gets one digest a day with every new property", async () => {
    const loc = await createLocation({ name: "Несебр", image: "/upload/locations/n.jpg" });
    await subscribeAndConfirm("daily@example.com", { frequency: "daily" });
    await createProperty({ title: "Первая", description: "—", location_id: loc.id, price: 100000 });
    await createProperty({ title: "Вторая", description: "—", location_id: loc.id, price: 120000 });
    const j = job({ digestEveryMs: 60_000 });
    await j.tick();
    expect(smtp.received).toHaveLength(0);
    clock += 61_000;
    await j.tick();
    await j.stop();
    expect(smtp.received).toHaveLength(1);
    const mail = decodeMail(smtp.received[0]!.raw);
    expect(mail).toContain("Первая");
    expect(mail).toContain("Вторая");
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("keeps mails while the mail server is down and delivers each once when it is back, also by another sender after a restart", async () => {
    const loc = await createLocation({ name: "Равда", image: "/upload/locations/r.jpg" });
    await subscribeAndConfirm("down@example.com");
    await smtp.down();
    await createProperty({ title: "Пока сервер спит", description: "—", location_id: loc.id, price: 1 });
    const first = job();
    const report = await first.tick();
    expect(report).toMatchObject({ sent: 0, queued: 1 });
    // The process "restarts": a new sender, the server back, the back-off waited out.
    await first.stop();
    await smtp.up();
    clock += 500;
    const second = job();
    expect((await second.tick()).sent).toBe(0);
    clock += 1000;
    expect((await second.tick()).sent).toBe(1);
    clock += 60_000;
    expect((await second.tick()).sent).toBe(0);
    await second.stop();
    expect(smtp.received).toHaveLength(1);
    expect(decodeMail(smtp.received[0]!.raw)).toContain("Пока сервер спит");
  });

  it("two senders at once send every mail exactly once", async () => {
    const loc = await createLocation({ name: "Поморие", image: "/upload/locations/p.jpg" });
    for (let i = 0; i < 6; i++) await subscribeAndConfirm(`pair${i}@example.com`);
    for (let i = 0; i < 3; i++) await createProperty({ title: `Объект ${i}`, description: "—", location_id: loc.id, price: 1000 + i });
    const a = job();
    const b = job();
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `pair${i}@example.com`));
  });
});
