import type { AuthChangeEvent, SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/**
 * The rows of SPEC §7's table that supabase-client.db.test.ts does not walk
 * through completely, made through @supabase/supabase-js exactly as the
 * site's client makes them (docs/api.md maps every row to its test): the
 * delete and move sequences of SPEC §4, the direct insert's fallback, the
 * read flag, the auth state events and global sign-out, what the opaque
 * access tokens mean for the JWT-decoding calls (docs/decisions/0008).
 * Realtime channels need the WebSocket of the whole server:
 * realtime-client.db.test.ts.
 */
const api = useApiServer();

async function signedIn(): Promise<SupabaseClient> {
  const client = api.client();
  const { error } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(error).toBeNull();
  return client;
}

async function newLocation(admin: SupabaseClient, name: string): Promise<string> {
  const { data, error } = await admin.from("locations").insert({ name, image: "/upload/locations/x.jpg" }).select().single();
  expect(error).toBeNull();
  return data!.id as string;
}

async function newProperty(admin: SupabaseClient, locationId: string, title: string): Promise<{ id: string; order: number }> {
  const { data, error } = await admin
    .from("real_estates")
    .insert({ title, description: "Описание", price: 100000, location_id: locationId, images: ["/upload/properties/p.jpg"] })
    .select()
    .single();
  expect(error).toBeNull();
  return data as { id: string; order: number };
}

describe(`SPEC §7 calls through supabase-js on ${testDbKind()}`, () => {
  it("create location: the id and created_at the client sends are not used; the returned row carries the real ones", async () => {
    const admin = await signedIn();
    const sentId = crypto.randomUUID();
    const sentAt = "2001-01-01T00:00:00.000Z";
    const { data, error, status } = await admin
      .from("locations")
      .insert({ name: "Поморие", image: "/upload/locations/p.jpg", id: sentId, created_at: sentAt })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data!.id).not.toBe(sentId);
    expect(data!.created_at).not.toBe(sentAt);
    const byReturnedId = await admin.from("locations").select("name").eq("id", data!.id).single();
    expect(byReturnedId.data).toEqual({ name: "Поморие" });
    expect((await admin.from("locations").delete().eq("id", data!.id)).error).toBeNull();
  });

  it("delete location (SPEC §4): its properties by location_id, then the location; the rest renumbered 0..n-1; a location with properties also goes at once", async () => {
    const admin = await signedIn();
    const anon = api.client();
    const first = await newLocation(admin, "Несебър тест");
    const second = await newLocation(admin, "Обзор тест");
    const before = await anon.from("locations").select("id").order("order");
    const count = before.data!.length;
    for (const title of ["Первый", "Второй"]) await newProperty(admin, first, title);
    await newProperty(admin, second, "Третий");

    // The client's own sequence: the properties first, then the location.
    const props = await admin.from("real_estates").delete().eq("location_id", first);
    expect(props.error).toBeNull();
    expect(props.status).toBe(204);
    const loc = await admin.from("locations").delete().eq("id", first);
    expect(loc.error).toBeNull();
    expect((await anon.from("real_estates").select("id").eq("location_id", first)).data).toEqual([]);

    // Deleting a location that still has properties removes them too (the model's cascade).
    expect((await admin.from("locations").delete().eq("id", second)).error).toBeNull();
    expect((await anon.from("real_estates").select("id").eq("location_id", second)).data).toEqual([]);

    const after = await anon.from("locations").select("order").order("order");
    expect(after.data!.map((l) => l.order)).toEqual([...Array(count - 2).keys()]);
    // Deleting what is no longer there is no error (the client returns true on no error).
    const again = await admin.from("locations").delete().eq("id", first);
    expect(again.error).toBeNull();
  });

  it("moves (SPEC §4): swapping order with the neighbour by two updates, for locations and for properties", async () => {
    const admin = await signedIn();
    const anon = api.client();
    const { data: all } = await anon.from("locations").select("id, name, order").order("order");
    const [a, b] = [all![0]!, all![1]!];
    for (const [row, order] of [
      [a, b.order],
      [b, a.order],
    ] as const) {
      const { data, error } = await admin.from("locations").update({ order, updated_at: new Date().toISOString() }).eq("id", row.id).select().single();
      expect(error).toBeNull();
      expect(data!.order).toBe(order);
    }
    const swapped = await anon.from("locations").select("name").order("order").limit(2);
    expect(swapped.data!.map((l) => l.name)).toEqual([b.name, a.name]);

    const locationId = await newLocation(admin, "Свети Влас тест");
    const p0 = await newProperty(admin, locationId, "Нулевой");
    const p1 = await newProperty(admin, locationId, "Первый");
    expect([p0.order, p1.order]).toEqual([0, 1]);
    await admin.from("real_estates").update({ order: 1 }).eq("id", p0.id);
    await admin.from("real_estates").update({ order: 0 }).eq("id", p1.id);
    const props = await anon.from("real_estates").select("title, order").eq("location_id", locationId).order("order");
    expect(props.data).toEqual([
      { title: "Первый", order: 0 },
      { title: "Нулевой", order: 1 },
    ]);
    await admin.from("locations").delete().eq("id", locationId);
  });

  it("direct insert of a real estate: tried first, and on failure the regular create (SPEC §7)", async () => {
    const admin = await signedIn();
    const locationId = await newLocation(admin, "Ахелой тест");
    const params = {
      p_title: "Студия",
      p_title_bg: "",
      p_description: "У моря",
      p_description_bg: "",
      p_price: "85000",
      p_area: "",
      p_location_id: locationId,
      p_images: "/upload/properties/s.jpg",
      p_property_type: "apartment",
      p_order: 0,
    };
    // POST (supabase-js's default): the created row.
    const direct = await admin.rpc("direct_insert_real_estate", params).single();
    expect(direct.error).toBeNull();
    expect(direct.data).toMatchObject({ title: "Студия", price: 85000, area: null, images: ["/upload/properties/s.jpg"] });

    // GET (rpc(…, { get: true })): an insert cannot run in a read-only call — 405, as PostgREST answers.
    const viaGet = await admin.rpc("direct_insert_real_estate", { ...params, p_title: "Через GET" }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe("25006");
    const fallback = await admin
      .from("real_estates")
      .insert({
        title: "Через GET",
        description: "У моря",
        price: 85000,
        location_id: locationId,
        images: ["/upload/properties/s.jpg"],
        created_at: new Date().toISOString(),
      })
      .select()
      .single();
    expect(fallback.error).toBeNull();
    const titles = await admin.from("real_estates").select("title").eq("location_id", locationId).order("order");
    expect(titles.data).toEqual([{ title: "Студия" }, { title: "Через GET" }]);
    await admin.from("locations").delete().eq("id", locationId);
  });

  it("update contact submission: the read flag, returning the row (with or without .single()); isRead is not a column", async () => {
    const admin = await signedIn();
    const anon = api.client();
    const sent = await anon.from("contact_submissions").insert({ name: "Пётр", email: "petr@example.com", message: "Перезвоните" }).select().single();
    expect(sent.error).toBeNull();
    const id = sent.data!.id as string;
    const rows = await admin.from("contact_submissions").update({ isread: true }).eq("id", id).select();
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([expect.objectContaining({ id, isread: true, created_at: sent.data!.created_at })]);
    const camel = await admin.from("contact_submissions").update({ isRead: true }).eq("id", id).select();
    expect(camel.error?.code).toBe("PGRST204");
    expect(camel.status).toBe(400);
    const gone = await admin.from("contact_submissions").delete().eq("id", id);
    expect(gone.error).toBeNull();
    expect(gone.status).toBe(204);
  });

  it('timestamps come as PostgREST writes them (ISO 8601, "T", full offset) from reads, writes and the RPC, and filter back', async () => {
    const admin = await signedIn();
    const anon = api.client();
    const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d:\d\d$/;
    const sent = await anon
      .from("contact_submissions")
      .insert({ name: "Анна", email: "anna@example.com", message: "Когда можно посмотреть?" })
      .select()
      .single();
    expect(sent.data!.created_at).toMatch(ISO);
    const id = sent.data!.id as string;
    const listed = await admin.from("contact_submissions").select("id, at:created_at").eq("id", id).single();
    expect(listed.data).toEqual({ id, at: sent.data!.created_at });
    const byTime = await admin.from("contact_submissions").select("id").eq("created_at", sent.data!.created_at).eq("id", id);
    expect(byTime.data).toEqual([{ id }]);
    const marked = await admin.from("contact_submissions").update({ isread: true }).eq("id", id).select("created_at").single();
    expect(marked.data!.created_at).toBe(sent.data!.created_at);
    expect(Math.abs(Date.parse(sent.data!.created_at as string) - Date.now())).toBeLessThan(60_000);

    const { data: loc } = await anon.from("locations").select("created_at, updated_at").limit(1).single();
    expect(loc!.created_at).toMatch(ISO);
    expect(loc!.updated_at).toMatch(ISO);
    const locationId = await newLocation(admin, "Царево тест");
    const rpc = await admin.rpc("direct_insert_real_estate", { p_title: "Дом", p_description: "Тихо", p_price: 1, p_location_id: locationId });
    expect(rpc.error).toBeNull();
    expect((rpc.data as { created_at: string }).created_at).toMatch(ISO);
    expect((rpc.data as { updated_at: string }).updated_at).toMatch(ISO);
    await admin.from("contact_submissions").delete().eq("id", id);
    await admin.from("locations").delete().eq("id", locationId);
  });

  it("auth state changes: INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT; getSession follows", async () => {
    const client = api.client();
    const events: [AuthChangeEvent, string | null][] = [];
    const { data: sub } = client.auth.onAuthStateChange((event, session) => {
      events.push([event, session?.access_token ?? null]);
    });
    const signIn = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(signIn.error).toBeNull();
    expect((await client.auth.getSession()).data.session?.access_token).toBe(signIn.data.session!.access_token);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await client.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    sub.subscription.unsubscribe();
    expect(events.map(([event]) => event)).toEqual(["INITIAL_SESSION", "SIGNED_IN", "TOKEN_REFRESHED", "SIGNED_OUT"]);
    expect(events[1]![1]).toBe(signIn.data.session!.access_token);
    expect(events[2]![1]).toBe(refreshed.data.session!.access_token);
    expect(events[3]![1]).toBeNull();
  });

  it("signOut() (scope global, supabase-js's default) ends the administrator's other sessions too; their client then drops its session", async () => {
    const one = await signedIn();
    const two = await signedIn();
    const token = (await two.auth.getSession()).data.session!.access_token;
    expect((await two.from("contact_submissions").select("id")).error).toBeNull();
    expect((await one.auth.signOut()).error).toBeNull();
    // GET /auth/v1/user answers 403 session_not_found, which supabase-js reads as
    // AuthSessionMissingError: it removes the session, as with GoTrue.
    const user = await two.auth.getUser();
    expect(user.data.user).toBeNull();
    expect(user.error?.name).toBe("AuthSessionMissingError");
    expect((await two.auth.getSession()).data.session).toBeNull();
    // The client is anonymous again; the revoked token itself is refused (401 PGRST301).
    const read = await two.from("contact_submissions").select("id");
    expect(read.error?.code).toBe("42501");
    const raw = await fetch(`${api.url()}/rest/v1/locations?select=id`, { headers: { apikey: api.anonKey(), Authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ code: "PGRST301" });
    expect((await two.auth.signOut()).error).toBeNull();
  });

  it("access tokens are opaque, not JWTs: getUser works; setSession and getClaims (which decode a JWT) fail with AuthInvalidJwtError", async () => {
    const client = await signedIn();
    const session = (await client.auth.getSession()).data.session!;
    expect(session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.refresh_token).toBe(session.access_token);
    expect((await client.auth.getUser()).data.user?.email).toBe(ADMIN_EMAIL);

    const claims = await client.auth.getClaims();
    expect(claims.data).toBeNull();
    expect(claims.error?.name).toBe("AuthInvalidJwtError");

    const other = api.client();
    const set = await other.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(set.data.session).toBeNull();
    expect(set.error?.name).toBe("AuthInvalidJwtError");
    // The token itself still works as a bearer for any other client (SPEC §1's REST endpoint with the session's token).
    const raw = await fetch(`${api.url()}/rest/v1/contact_submissions?select=id`, {
      headers: { apikey: api.anonKey(), Authorization: `Bearer ${session.access_token}` },
    });
    expect(raw.status).toBe(200);
  });
});
