import { describe, expect, it } from "vitest";
import { DEFAULT_LOCATIONS } from "~/models/locations.server";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/**
 * SPEC §7's calls made exactly as the site's client makes them: through the
 * official @supabase/supabase-js client, unchanged, against the API over HTTP.
 */
const api = useApiServer();

async function signedIn() {
  const client = api.client();
  const { data, error } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(error).toBeNull();
  expect(data.session?.access_token).toBeTruthy();
  return client;
}

describe(`supabase-js against the API on ${testDbKind()}`, () => {
  it("signs in with e-mail and password (GoTrue shapes), reads the user, refuses bad credentials alike", async () => {
    const client = api.client();
    const { data, error } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", refresh_token: expect.any(String) });
    expect(data.session!.expires_in).toBeGreaterThan(3600);
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(data.user).toMatchObject({ email: ADMIN_EMAIL, aud: "authenticated", role: "authenticated" });
    const user = await client.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(ADMIN_EMAIL);
    const session = await client.auth.getSession();
    expect(session.data.session?.access_token).toBe(data.session!.access_token);

    for (const [email, password] of [
      [ADMIN_EMAIL, "wrong password here"],
      ["nobody@example.com", "wrong password here"],
    ] as const) {
      const failed = await api.client().auth.signInWithPassword({ email, password });
      expect(failed.data.session).toBeNull();
      expect(failed.error?.status).toBe(400);
      expect(failed.error?.code).toBe("invalid_credentials");
      expect(failed.error?.message).toBe("Invalid login credentials");
    }
  });

  it("refreshes the session (the old token ends) and signs out (the token stops working)", async () => {
    const client = await signedIn();
    const before = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const after = refreshed.data.session!;
    expect(after.access_token).not.toBe(before.access_token);
    expect((await client.auth.getUser()).data.user?.email).toBe(ADMIN_EMAIL);
    const old = await fetch(`${api.url()}/auth/v1/user`, { headers: { Authorization: `Bearer ${before.access_token}`, apikey: api.anonKey() } });
    expect(old.status).toBe(403);
    // Admin rights follow the new token.
    const { error } = await client.from("contact_submissions").select("id");
    expect(error).toBeNull();

    expect((await client.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    const gone = await fetch(`${api.url()}/rest/v1/locations`, { headers: { Authorization: `Bearer ${after.access_token}` } });
    expect(gone.status).toBe(401);
    expect(await gone.json()).toMatchObject({ code: "PGRST301" });
    const reuse = await api.client().auth.refreshSession({ refresh_token: after.refresh_token });
    expect(reuse.error?.code).toBe("refresh_token_not_found");
  });

  it("reads locations ordered by order, as anonymous", async () => {
    const client = api.client();
    const { data, error, status } = await client.from("locations").select("*").order("order");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((l) => l.name)).toEqual(DEFAULT_LOCATIONS.map((l) => l.name));
    expect(data!.map((l) => l.order)).toEqual([0, 1, 2, 3, 4, 5]);
    const desc = await client.from("locations").select("id, name").order("order", { ascending: false });
    expect(desc.data!.map((l) => l.name)).toEqual(DEFAULT_LOCATIONS.map((l) => l.name).reverse());
    expect(Object.keys(desc.data![0]!).sort()).toEqual(["id", "name"]);
    // SPEC §3: existence checked by selecting one id with limit 1.
    const one = await client.from("locations").select("id").limit(1);
    expect(one.data).toHaveLength(1);
  });

  it(".single() on zero and on two rows answers PGRST116; maybeSingle on zero gives null", async () => {
    const client = api.client();
    const zero = await client.from("locations").select("*").eq("name", "Нет такой").single();
    expect(zero.data).toBeNull();
    expect(zero.error?.code).toBe("PGRST116");
    expect(zero.status).toBe(406);
    const two = await client.from("locations").select("*").in("name", ["Равда", "Бургас"]).single();
    expect(two.error?.code).toBe("PGRST116");
    expect(two.error?.details).toContain("2 rows");
    const exactlyOne = await client.from("locations").select("name").eq("name", "Равда").single();
    expect(exactlyOne.error).toBeNull();
    expect(exactlyOne.data).toEqual({ name: "Равда" });
    const maybe = await client.from("locations").select("*").eq("name", "Нет такой").maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it("counts exactly with a range (Content-Range), and HEAD counts without rows", async () => {
    const client = api.client();
    const page = await client.from("locations").select("name", { count: "exact" }).order("order").range(1, 3);
    expect(page.error).toBeNull();
    expect(page.count).toBe(6);
    expect(page.data!.map((l) => l.name)).toEqual(DEFAULT_LOCATIONS.slice(1, 4).map((l) => l.name));
    const head = await client.from("locations").select("*", { count: "exact", head: true }).like("name", "*р*");
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(DEFAULT_LOCATIONS.filter((l) => l.name.includes("р")).length);
  });

  it("creates, updates and deletes a location as administrator; anonymous is refused", async () => {
    const admin = await signedIn();
    const anon = api.client();
    // SPEC §7: insert {name, other fields, id, created_at}, return single row.
    const created = await admin
      .from("locations")
      .insert({ name: "Несебър", name_bg: "Несебър", image: "/upload/locations/a.jpg", id: crypto.randomUUID(), created_at: new Date().toISOString() })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: "Несебър", order: 6, image: "/upload/locations/a.jpg" });

    const duplicate = await admin.from("locations").insert({ name: "Несебър", image: "/upload/locations/b.jpg" }).select().single();
    expect(duplicate.error).toMatchObject({ code: "23505", message: "Такая локация уже существует" });
    expect(duplicate.status).toBe(409);
    const invalid = await admin.from("locations").insert({ name: "  ", image: "" }).select().single();
    expect(invalid.error?.code).toBe("22P02");
    expect(invalid.status).toBe(400);
    expect(invalid.error?.message).toBe("Название обязательно");

    // SPEC §7: update by id with fields plus updated_at, return single row.
    const updated = await admin
      .from("locations")
      .update({ name_bg: "Несебър (BG)", updated_at: new Date().toISOString() })
      .eq("id", created.data!.id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ id: created.data!.id, name_bg: "Несебър (BG)" });

    const anonInsert = await anon.from("locations").insert({ name: "Аноним", image: "/x.jpg" }).select().single();
    expect(anonInsert.error?.code).toBe("42501");
    expect(anonInsert.status).toBe(401);
    const anonUpdate = await anon.from("locations").update({ name: "Взлом" }).eq("id", created.data!.id);
    expect(anonUpdate.error?.code).toBe("42501");
    const anonDelete = await anon.from("locations").delete().eq("id", created.data!.id);
    expect(anonDelete.error?.code).toBe("42501");

    const deleted = await admin.from("locations").delete().eq("id", created.data!.id);
    expect(deleted.error).toBeNull();
    expect(deleted.status).toBe(204);
    const left = await anon.from("locations").select("id").eq("id", created.data!.id);
    expect(left.data).toEqual([]);
  });

  it("creates, reads, updates and deletes real estates; the RPC direct_insert_real_estate returns the row", async () => {
    const admin = await signedIn();
    const anon = api.client();
    const { data: location } = await anon.from("locations").select("id").eq("name", "Равда").single();
    const locationId = location!.id as string;

    const rpc = await admin.rpc("direct_insert_real_estate", {
      p_title: "Квартира у моря",
      p_title_bg: "Апартамент до морето",
      p_description: "Две спальни, вид на море",
      p_description_bg: "",
      p_price: 125000,
      p_area: 68.5,
      p_location_id: locationId,
      p_images: ["/upload/properties/p1.jpg"],
      p_property_type: "apartment",
      p_order: 0,
    });
    expect(rpc.error).toBeNull();
    expect(rpc.data).toMatchObject({ title: "Квартира у моря", price: 125000, area: 68.5, location_id: locationId, images: ["/upload/properties/p1.jpg"] });

    const failed = await admin.rpc("direct_insert_real_estate", { p_title: "Без описания", p_location_id: locationId });
    expect(failed.error?.message).toBe("Failed to insert real estate: Description is required");
    const anonRpc = await anon.rpc("direct_insert_real_estate", { p_title: "x", p_description: "y", p_location_id: locationId });
    expect(anonRpc.error?.code).toBe("42501");

    // SPEC §7: insert {title, …, order, created_at}, return single row.
    const created = await admin
      .from("real_estates")
      .insert({
        title: "Дом с садом",
        title_bg: "Къща с градина",
        description: "Дом в тихом месте",
        description_bg: "",
        price: "240000",
        area: "",
        location_id: locationId,
        images: "/upload/properties/h1.jpg",
        property_type: "house",
        order: 1,
        created_at: new Date().toISOString(),
      })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ title: "Дом с садом", price: 240000, area: null, images: ["/upload/properties/h1.jpg"], property_type: "house" });
    const missing = await admin.from("real_estates").insert({ title: "x", description: "y", location_id: crypto.randomUUID() }).select().single();
    expect(missing.error).toMatchObject({ code: "23503", message: "Выбранная локация не существует" });
    expect(missing.status).toBe(409);

    const list = await anon.from("real_estates").select("*").order("order");
    expect(list.error).toBeNull();
    expect(list.data!.map((r) => r.title)).toEqual(["Квартира у моря", "Дом с садом"]);
    const filtered = await anon.from("real_estates").select("title").gte("price", 200000).eq("property_type", "house");
    expect(filtered.data).toEqual([{ title: "Дом с садом" }]);
    const byPrice = await anon.from("real_estates").select("title").order("price", { ascending: false, nullsFirst: false });
    expect(byPrice.data!.map((r) => r.title)).toEqual(["Дом с садом", "Квартира у моря"]);

    const updated = await admin.from("real_estates").update({ price: 230000, title_bg: "Къща" }).eq("id", created.data!.id).select().single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ price: 230000, title_bg: "Къща", title: "Дом с садом" });
    const badUpdate = await admin.from("real_estates").update({ price: -5 }).eq("id", created.data!.id).select().single();
    expect(badUpdate.error?.code).toBe("22P02");
    expect(badUpdate.error?.message).toBe("Пожалуйста, введите действительную цену");

    const anonInsert = await anon.from("real_estates").insert({ title: "x", description: "y", location_id: locationId });
    expect(anonInsert.error?.code).toBe("42501");
    const anonDelete = await anon.from("real_estates").delete().eq("id", created.data!.id);
    expect(anonDelete.error?.code).toBe("42501");

    const deleted = await admin.from("real_estates").delete().eq("id", created.data!.id).select("id");
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: created.data!.id }]);
    const rest = await anon.from("real_estates").select("title, order");
    expect(rest.data).toEqual([{ title: "Квартира у моря", order: 0 }]);
  });

  it("the seaside facts (issue 20): anyone reads and filters them, the administrator writes them, checked with Russian messages", async () => {
    const admin = await signedIn();
    const anon = api.client();
    const { data: location } = await anon.from("locations").select("id, name_ru_in").eq("name", "Созополь").single();
    expect(location!.name_ru_in).toBe("в Созополе");
    const facts = {
      status: "reserved",
      reference: "SZ-API-1",
      sea_distance_m: 120,
      sea_line: 1,
      sea_view: true,
      floor: 2,
      floors_total: 5,
      construction_stage: "act15",
      completion_quarter: "2027-Q3",
      maintenance_fee_eur_m2: 12.5,
      furnished: "full",
      pool: true,
      parking: false,
      complex_name: "Marina Bay",
      featured: true,
    };
    const created = await admin
      .from("real_estates")
      .insert({ title: "Студия у пляжа", description: "Первая линия", price: 80000, area: 40, location_id: location!.id, ...facts })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ ...facts, price_per_m2: 2000, price_reduced_from: null });

    const cut = await admin
      .from("real_estates")
      .update({ price: 72000, status: "sold" })
      .eq("id", created.data!.id)
      .select("price, status, price_reduced_from, price_per_m2")
      .single();
    expect(cut.data).toEqual({ price: 72000, status: "sold", price_reduced_from: 80000, price_per_m2: 1800 });

    const read = await anon
      .from("real_estates")
      .select("reference, sea_view, construction_stage")
      .eq("status", "sold")
      .eq("sea_line", 1)
      .lte("sea_distance_m", 200);
    expect(read.data).toEqual([{ reference: "SZ-API-1", sea_view: true, construction_stage: "act15" }]);

    const taken = await admin
      .from("real_estates")
      .insert({ title: "Другая", description: "x", location_id: location!.id, reference: "SZ-API-1" })
      .select()
      .single();
    expect(taken.error?.message).toBe("Объект с таким номером уже есть");
    const badFee = await admin.from("real_estates").update({ maintenance_fee_eur_m2: 5000 }).eq("id", created.data!.id).select().single();
    expect(badFee.error?.message).toBe("Плата за обслуживание — число от 0 до 1 000 € за м² в год");
    const anonWrite = await anon.from("real_estates").update({ status: "available" }).eq("id", created.data!.id);
    expect(anonWrite.error?.code).toBe("42501");
    expect((await anon.from("real_estates").select("status").eq("id", created.data!.id).single()).data).toEqual({ status: "sold" });
    expect((await admin.from("real_estates").delete().eq("id", created.data!.id)).error).toBeNull();
  });

  it("a property's point (issue 21): the administrator reads and writes the real one; anonymous reads, filters and realtime see only the public one", async () => {
    const admin = await signedIn();
    const anon = api.client();
    const { data: location } = await anon.from("locations").select("id, map_lat, map_lng, map_zoom").eq("name", "Приморско").single();
    expect(location).toMatchObject({ map_lat: 42.267, map_lng: 27.758, map_zoom: 14 });
    const real = { lat: 42.265432, lng: 27.757654 };
    const created = await admin
      .from("real_estates")
      .insert({ title: "Дом у леса", description: "Тихо", location_id: location!.id, ...real, location_precision: "approximate" })
      .select("id, lat, lng, public_lat, public_lng, location_precision")
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ ...real, location_precision: "approximate" });
    const shown = { lat: created.data!.public_lat as number, lng: created.data!.public_lng as number };
    expect(shown).not.toEqual(real);
    const read = await anon.from("real_estates").select("lat, lng, public_lat").eq("id", created.data!.id).single();
    expect(read.data).toEqual({ ...shown, public_lat: shown.lat });
    // A filter or an order on the point works on the public one: no search narrows down the real point.
    const narrowed = await anon.from("real_estates").select("id").eq("id", created.data!.id).eq("lat", real.lat);
    expect(narrowed.data).toEqual([]);
    const found = await anon.from("real_estates").select("id").eq("id", created.data!.id).eq("lat", shown.lat).gte("lng", shown.lng);
    expect(found.data).toEqual([{ id: created.data!.id }]);
    const half = await admin.from("real_estates").update({ lat: 42.3 }).eq("id", created.data!.id).select().single();
    expect(half.error?.message).toBe("Координаты: широта от −90 до 90 и долгота от −180 до 180, обе вместе");
    expect((await admin.from("real_estates").delete().eq("id", created.data!.id)).error).toBeNull();
  });

  it("contact submissions: anonymous may only send one; the administrator lists, marks read and deletes", async () => {
    const admin = await signedIn();
    const anon = api.client();
    // SPEC §7: insert {name, email, phone, message}, return single row.
    const sent = await anon
      .from("contact_submissions")
      .insert({ name: "Иван", email: "ivan@example.com", phone: "+359 88 123 4567", message: "Интересует квартира" })
      .select()
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ name: "Иван", isread: false });
    const invalid = await anon.from("contact_submissions").insert({ name: "Иван", email: "not-an-email", message: "x" }).select().single();
    expect(invalid.error?.code).toBe("22P02");
    expect(invalid.error?.message).toBe("Пожалуйста, введите действительный email");
    const sneaky = await anon.from("contact_submissions").insert({ name: "Иван", email: "ivan@example.com", message: "x", isread: true });
    expect(sneaky.error?.code).toBe("42501");
    expect(sneaky.status).toBe(401);

    const anonRead = await anon.from("contact_submissions").select("*");
    expect(anonRead.error?.code).toBe("42501");
    expect(anonRead.data).toBeNull();

    await anon.from("contact_submissions").insert({ name: "Мария", email: "maria@example.com", message: "Второе сообщение" });
    // SPEC §7: select all, newest first by created_at.
    const list = await admin.from("contact_submissions").select("*").order("created_at", { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data!.map((s) => s.name)).toEqual(["Мария", "Иван"]);

    const read = await admin.from("contact_submissions").update({ isread: true }).eq("id", sent.data!.id).select().single();
    expect(read.error).toBeNull();
    expect(read.data?.isread).toBe(true);
    const anonMark = await anon.from("contact_submissions").update({ isread: true }).eq("id", sent.data!.id);
    expect(anonMark.error?.code).toBe("42501");
    const unread = await admin.from("contact_submissions").select("name").eq("isread", false);
    expect(unread.data).toEqual([{ name: "Мария" }]);

    const anonDelete = await anon.from("contact_submissions").delete().eq("id", sent.data!.id);
    expect(anonDelete.error?.code).toBe("42501");
    const deleted = await admin.from("contact_submissions").delete().eq("id", sent.data!.id);
    expect(deleted.error).toBeNull();
    const after = await admin.from("contact_submissions").select("id", { count: "exact", head: true });
    expect(after.count).toBe(1);
  });
});
