import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type RealtimePostgresChangesPayload, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ws from "ws";
import { ensureBuild, expectLogged, startBuiltServer, waitFor, type BuiltServer } from "../support/built-server";
import { testDbKind } from "../support/test-db";

/**
 * supabase-js realtime channels (SPEC §7 "Realtime", §9) against the
 * production server (`node server/main.js`, the build): the official client
 * with `ws` as transport, unchanged, on /realtime/v1/websocket
 * (app/api/realtime). Changes are made through the REST API.
 */
const ADMIN_EMAIL = "realtime-client@example.com";
const ADMIN_PASSWORD = "realtime client test password";
const ANON_KEY = "seaside-anon-key";
let server: BuiltServer | undefined;
let baseUrl = "";
const output = () => server!.output();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-realtime-client-"));
const clients: SupabaseClient[] = [];

type Payload = RealtimePostgresChangesPayload<Record<string, unknown>>;

beforeAll(async () => {
  await ensureBuild("/realtime/v1/websocket");
  server = await startBuiltServer({
    // Servers this file starts use ports 9900–9949.
    ports: [9900, 9949],
    dataDir: path.join(tmp, "data"),
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, BACKUP_INTERVAL_HOURS: "0" },
  });
  baseUrl = server.baseUrl;
}, 600_000);

afterAll(async () => {
  for (const client of clients) client.realtime.disconnect();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function newClient(options: { accessToken?: () => Promise<string> } = {}): SupabaseClient {
  const client = createClient(baseUrl, ANON_KEY, {
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false },
    ...options,
  });
  clients.push(client);
  return client;
}

async function signedIn(): Promise<SupabaseClient> {
  const client = newClient();
  const { error } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(error).toBeNull();
  return client;
}

interface Listening {
  events: Payload[];
  times: number[];
}

/** A channel with one postgres_changes binding, once SUBSCRIBED (fails on any other status). */
async function listen(
  client: SupabaseClient,
  name: string,
  filter: { event: "*" | "INSERT" | "UPDATE" | "DELETE"; schema: string; table?: string },
): Promise<Listening> {
  const listening: Listening = { events: [], times: [] };
  const statuses: string[] = [];
  client
    .channel(name)
    .on("postgres_changes", filter as never, (payload: Payload) => {
      listening.events.push(payload);
      listening.times.push(Date.now());
    })
    .subscribe((status) => statuses.push(status));
  await waitFor(
    () => statuses.length > 0,
    10_000,
    () => `channel ${name} to subscribe; output:\n${output()}`,
  );
  expect(statuses[0]).toBe("SUBSCRIBED");
  return listening;
}

const idsOf = (events: Payload[]) => events.map((e) => (e.eventType === "DELETE" ? e.old.id : e.new.id));

describe(`supabase-js realtime channels on ${testDbKind()}`, () => {
  it("a channel on the public schema subscribes; a location created through the REST API arrives as an INSERT with the row the API returns; UPDATE and DELETE follow", async () => {
    const admin = await signedIn();
    const watcher = newClient();
    const all = await listen(watcher, "everything", { event: "*", schema: "public" });

    const created = await admin.from("locations").insert({ name: "Созопол-RT", image: "/upload/locations/rt.jpg" }).select().single();
    expect(created.error).toBeNull();
    const row = created.data as Record<string, unknown>;
    await waitFor(() => all.events.length >= 1, 5000, "the INSERT");
    const insert = all.events[0]!;
    expect(insert).toMatchObject({ eventType: "INSERT", schema: "public", table: "locations", errors: null, old: {} });
    expect(insert.new).toEqual(row);
    expect(typeof insert.commit_timestamp).toBe("string");
    expect(String(row.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);

    const updated = await admin.from("locations").update({ name: "Созопол-RT 2" }).eq("id", row.id).select().single();
    expect(updated.error).toBeNull();
    await waitFor(() => all.events.length >= 2, 5000, "the UPDATE");
    expect(all.events[1]).toMatchObject({ eventType: "UPDATE", table: "locations", old: { id: row.id } });
    expect(all.events[1]!.new).toEqual(updated.data);

    expect((await admin.from("locations").delete().eq("id", row.id)).error).toBeNull();
    await waitFor(() => all.events.length >= 3, 5000, "the DELETE");
    expect(all.events[2]).toMatchObject({ eventType: "DELETE", table: "locations", new: {} });
    expect(all.events[2]!.old).toEqual({ id: row.id });
    expect(all.events).toHaveLength(3);

    await expectLogged(() => output(), /Realtime: connection \d+ opened/);
    await expectLogged(() => output(), /Realtime: connection \d+ joined realtime:everything as anonymous: \* public\.\*/);
  });

  it("a binding with a table and an event gets only those changes (other tables, other events are not sent to it)", async () => {
    const admin = await signedIn();
    const watcher = newClient();
    const inserts = await listen(watcher, "location-inserts", { event: "INSERT", schema: "public", table: "locations" });
    const estates = await listen(watcher, "estates", { event: "*", schema: "public", table: "real_estates" });

    const first = await admin.from("locations").insert({ name: "Фильтр-1", image: "/upload/locations/f.jpg" }).select().single();
    expect(first.error).toBeNull();
    expect((await admin.from("locations").update({ name: "Фильтр-1б" }).eq("id", first.data!.id)).error).toBeNull();
    expect((await admin.from("contact_submissions").insert({ name: "Фильтр", email: "filter@example.com", message: "Проверка фильтра" })).error).toBeNull();
    const second = await admin.from("locations").insert({ name: "Фильтр-2", image: "/upload/locations/f.jpg" }).select().single();
    expect(second.error).toBeNull();

    await waitFor(() => inserts.events.length >= 2, 5000, "the two INSERTs");
    await new Promise((r) => setTimeout(r, 300));
    expect(inserts.events.map((e) => [e.eventType, e.table])).toEqual([
      ["INSERT", "locations"],
      ["INSERT", "locations"],
    ]);
    expect(idsOf(inserts.events)).toEqual([first.data!.id, second.data!.id]);
    expect(estates.events).toEqual([]);
  });

  it("anonymous channels get no contact_submissions changes; an administrator signed in with signInWithPassword gets them", async () => {
    const anonClient = newClient();
    const anon = await listen(anonClient, "anon-all", { event: "*", schema: "public" });
    const anonInbox = await listen(anonClient, "anon-inbox", { event: "*", schema: "public", table: "contact_submissions" });
    const admin = await signedIn();
    const inbox = await listen(admin, "admin-inbox", { event: "*", schema: "public", table: "contact_submissions" });

    // A visitor's contact request, through the REST API as the contact form's supabase-js call.
    const sent = await newClient()
      .from("contact_submissions")
      .insert({ name: "Мария", email: "maria@example.com", message: "Интересует квартира" })
      .select()
      .single();
    expect(sent.error).toBeNull();
    await waitFor(() => inbox.events.length >= 1, 5000, "the administrator's INSERT");
    expect(inbox.events[0]).toMatchObject({ eventType: "INSERT", table: "contact_submissions" });
    expect(inbox.events[0]!.new).toEqual(sent.data);

    // A location change afterwards reaches the anonymous channel: anything before it would have too.
    const marker = await admin.from("locations").insert({ name: "Маркер", image: "/upload/locations/m.jpg" }).select().single();
    await waitFor(() => anon.events.some((e) => e.eventType === "INSERT" && e.new.id === marker.data!.id), 5000, "the marker INSERT");
    expect(anon.events.map((e) => e.table)).toEqual(["locations"]);
    expect(anonInbox.events).toEqual([]);
    await expectLogged(() => output(), /joined realtime:admin-inbox as administrator realtime-client@example\.com/);
  });

  it("an approximate property's real point reaches administrators only: anonymous channels get the public one (issue 21)", async () => {
    const anon = await listen(newClient(), "anon-points", { event: "INSERT", schema: "public", table: "real_estates" });
    const admin = await signedIn();
    const watching = await listen(admin, "admin-points", { event: "INSERT", schema: "public", table: "real_estates" });
    const { data: location } = await admin.from("locations").select("id").limit(1).single();
    const real = { lat: 42.41, lng: 27.69 };
    const created = await admin
      .from("real_estates")
      .insert({ title: "Дом с точкой", description: "x", location_id: location!.id, ...real, location_precision: "approximate" })
      .select()
      .single();
    expect(created.error).toBeNull();
    await waitFor(() => anon.events.length >= 1 && watching.events.length >= 1, 5000, "the INSERTs");
    expect(watching.events[0]!.new).toMatchObject(real);
    expect(anon.events[0]!.new).toMatchObject({ lat: created.data!.public_lat, lng: created.data!.public_lng });
    expect((anon.events[0]!.new as { lat: number }).lat).not.toBe(real.lat);
    expect((await admin.from("real_estates").delete().eq("id", created.data!.id)).error).toBeNull();
  });

  it("a burst of 30 inserts: every one arrives, in order, at most 10 a second", async () => {
    const admin = await signedIn();
    const watcher = newClient();
    const burst = await listen(watcher, "burst", { event: "INSERT", schema: "public", table: "locations" });
    const rows = Array.from({ length: 30 }, (_, i) => ({ name: `Всплеск ${i}`, image: "/upload/locations/b.jpg" }));
    const started = Date.now();
    const inserted = await admin.from("locations").insert(rows).select("id");
    expect(inserted.error).toBeNull();
    await waitFor(
      () => burst.events.length >= 30,
      15_000,
      () => `30 events (got ${burst.events.length})`,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(burst.events).toHaveLength(30);
    expect(new Set(idsOf(burst.events))).toEqual(new Set(inserted.data!.map((r) => r.id)));
    // The server sends the 11th a second after the 1st, the 21st a second after the 11th… Arrival times here
    // also carry this busy machine's delivery jitter (a few hundred ms seen), hence the margins: without the
    // limit, ten events would arrive within a few tens of milliseconds.
    for (let i = 10; i < burst.times.length; i++) expect(burst.times[i]! - burst.times[i - 10]!, `event ${i}`).toBeGreaterThanOrEqual(500);
    expect(burst.times[29]! - burst.times[0]!).toBeGreaterThanOrEqual(1700);
    expect(burst.times[29]! - started).toBeGreaterThanOrEqual(1800);
  });

  it("refuses an unknown access token (a join with it: CHANNEL_ERROR; a channel that switches to it is closed) and any upgrade outside /realtime/v1/websocket", async () => {
    // supabase-js hands its accessToken callback's token to realtime once it resolves; a channel joined after that sends it.
    const bogus = newClient({ accessToken: async () => "x".repeat(43) });
    await new Promise((r) => setTimeout(r, 100));
    const statuses: string[] = [];
    const errors: string[] = [];
    const channel = bogus
      .channel("bogus")
      .on("postgres_changes", { event: "*", schema: "public" }, () => undefined)
      .subscribe((status, error) => {
        statuses.push(status);
        if (error) errors.push(error.message);
      });
    await waitFor(() => statuses.length > 0, 10_000, "the bogus channel's status");
    expect(statuses[0]).toBe("CHANNEL_ERROR");
    expect(errors[0]).toMatch(/^Invalid token/);
    await bogus.removeChannel(channel);
    await expectLogged(() => output(), /refused realtime:bogus: unknown token/);

    // A joined channel whose token is replaced by an unknown one is closed (system error, then phx_close), like Supabase's.
    const raw = new ws(`${baseUrl.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=2.0.0`);
    await new Promise((resolve, reject) => raw.once("open", resolve).once("error", reject));
    const received: unknown[] = [];
    raw.on("message", (data) => received.push(JSON.parse(String(data))));
    raw.send(
      JSON.stringify(["1", "1", "realtime:raw", "phx_join", { config: { postgres_changes: [{ event: "*", schema: "public" }] }, access_token: ANON_KEY }]),
    );
    await waitFor(() => received.length >= 2, 5000, "the join reply and the system message");
    expect(received[0]).toEqual([
      "1",
      "1",
      "realtime:raw",
      "phx_reply",
      { status: "ok", response: { postgres_changes: [{ event: "*", schema: "public", id: expect.any(Number) }] } },
    ]);
    expect(received[1]).toEqual([
      "1",
      null,
      "realtime:raw",
      "system",
      { channel: "raw", extension: "postgres_changes", message: "Subscribed to PostgreSQL", status: "ok" },
    ]);
    raw.send(JSON.stringify(["1", "2", "realtime:raw", "access_token", { access_token: "y".repeat(43) }]));
    await waitFor(() => received.length >= 4, 5000, "the channel to be closed");
    expect(received[2]).toMatchObject(["1", null, "realtime:raw", "system", { extension: "system", status: "error" }]);
    expect(received[3]).toEqual(["1", "1", "realtime:raw", "phx_close", {}]);
    raw.close();

    const host = baseUrl.replace(/^http/, "ws");
    for (const bad of ["/realtime/v1/other", "/rest/v1/locations", "/", `/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=9.9.9`]) {
      const socket = new ws(`${host}${bad}`);
      const error = await new Promise<Error>((resolve) => {
        socket.on("error", resolve);
        socket.on("open", () => resolve(new Error("opened")));
      });
      expect(error.message, bad).toMatch(/Unexpected server response: (404|400)/);
    }
  });

  it("a session signed out elsewhere ends its channel at once: CLOSED, and no contact request after it; another session's channel keeps receiving", async () => {
    const leaving = await signedIn();
    const staying = await signedIn();
    const statuses: string[] = [];
    const after: Payload[] = [];
    leaving
      .channel("leaving-inbox")
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "contact_submissions" }, (payload: Payload) => after.push(payload))
      .subscribe((status) => statuses.push(status));
    await waitFor(() => statuses.length > 0, 10_000, "the channel to subscribe");
    expect(statuses[0]).toBe("SUBSCRIBED");
    const control = await listen(staying, "staying-inbox", { event: "INSERT", schema: "public", table: "contact_submissions" });

    // Signed out from another place (the admin page, another device): this client is not told, the server must act.
    const { data } = await leaving.auth.getSession();
    const out = await fetch(`${baseUrl}/auth/v1/logout?scope=local`, {
      method: "POST",
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(out.status).toBe(204);
    await waitFor(
      () => statuses.includes("CLOSED"),
      5000,
      () => `the channel to close within 5 s (statuses: ${statuses.join(", ")})`,
    );
    const sent = await staying
      .from("contact_submissions")
      .insert({ name: "После выхода", email: "after@example.com", message: "Пришло после выхода" })
      .select()
      .single();
    expect(sent.error).toBeNull();
    await waitFor(() => control.events.length >= 1, 5000, "the request on the other session's channel");
    expect(after).toEqual([]);
  });

  it("speaks the Phoenix wire formats: heartbeat on topic phoenix (vsn 2.0.0 arrays), join reply with the binding ids (vsn 1.0.0 objects)", async () => {
    const host = baseUrl.replace(/^http/, "ws");
    const v2 = new ws(`${host}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=2.0.0`);
    await new Promise((resolve, reject) => v2.once("open", resolve).once("error", reject));
    const reply = new Promise<unknown>((resolve) => v2.once("message", (data) => resolve(JSON.parse(String(data)))));
    v2.send(JSON.stringify([null, "7", "phoenix", "heartbeat", {}]));
    expect(await reply).toEqual([null, "7", "phoenix", "phx_reply", { status: "ok", response: {} }]);
    v2.close();

    const v1 = new ws(`${host}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
    await new Promise((resolve, reject) => v1.once("open", resolve).once("error", reject));
    const joined = new Promise<Record<string, unknown>>((resolve) => v1.once("message", (data) => resolve(JSON.parse(String(data)))));
    const binding = { event: "UPDATE", schema: "public", table: "real_estates", filter: "location_id=eq.00000000-0000-4000-8000-000000000000" };
    v1.send(
      JSON.stringify({
        join_ref: "1",
        ref: "1",
        topic: "realtime:raw",
        event: "phx_join",
        payload: { config: { postgres_changes: [binding] }, access_token: ANON_KEY },
      }),
    );
    const message = await joined;
    expect(message).toMatchObject({ join_ref: "1", ref: "1", topic: "realtime:raw", event: "phx_reply", payload: { status: "ok" } });
    const [server] = (message.payload as { response: { postgres_changes: Record<string, unknown>[] } }).response.postgres_changes;
    expect(server).toEqual({ ...binding, id: expect.any(Number) });
    v1.close();
  });

  it("server shutdown (SIGTERM) closes open realtime sockets promptly", async () => {
    for (const client of clients) client.realtime.disconnect();
    const watcher = newClient();
    await listen(watcher, "until-shutdown", { event: "*", schema: "public" });
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => server!.child.once("exit", resolve));
    server!.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await expectLogged(() => output(), "Stopped.");
    watcher.realtime.disconnect();
  });
});
