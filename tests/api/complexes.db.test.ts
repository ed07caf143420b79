import { describe, expect, it } from "vitest";
import { COMPLEX_MESSAGES } from "~/schemas/complex";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/**
 * /rest/v1/complexes (issue 33) through supabase-js: the same rules as the
 * other tables — administrators write through the model, anonymous callers
 * read (an approximate complex's public point only) and write nothing — and
 * units linked by complex_id or by complex_name.
 */
const api = useApiServer();

async function signedIn() {
  const client = api.client();
  const { error } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(error).toBeNull();
  return client;
}

describe(`complexes through the API on ${testDbKind()}`, () => {
  it("an administrator creates, updates and deletes a complex; deleting unlinks its units", async () => {
    const admin = await signedIn();
    const { data: location } = await admin.from("locations").select("id").eq("name", "Созополь").single();
    const created = await admin
      .from("complexes")
      .insert({ name: "Green Life", location_id: location!.id, facilities: ["pool", "gym"], maintenance_fee_eur_m2: 11, construction_stage: "act16" })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ name: "Green Life", slug: "green-life", slug_en: "green-life", facilities: ["pool", "gym"] });
    const id = created.data!.id as string;

    // Units: one by the complex's id, one by its name typed another way.
    const byId = await admin.from("real_estates").insert({ title: "Студия", description: "x", location_id: location!.id, complex_id: id }).select().single();
    expect(byId.data).toMatchObject({ complex_id: id, complex_name: "Green Life" });
    const byName = await admin
      .from("real_estates")
      .insert({ title: "Двушка", description: "x", location_id: location!.id, complex_name: "green  life" })
      .select()
      .single();
    expect(byName.data).toMatchObject({ complex_id: id, complex_name: "Green Life" });

    const renamed = await admin.from("complexes").update({ name: "Green Life Sozopol" }).eq("id", id).select().single();
    expect(renamed.data).toMatchObject({ slug: "green-life-sozopol" });
    const units = await admin.from("real_estates").select("complex_name").eq("complex_id", id);
    expect(units.data).toEqual([{ complex_name: "Green Life Sozopol" }, { complex_name: "Green Life Sozopol" }]);

    const bad = await admin
      .from("complexes")
      .update({ facilities: ["casino"] })
      .eq("id", id)
      .select();
    expect(bad.error?.message).toBe(COMPLEX_MESSAGES.facilitiesInvalid);
    expect((await admin.from("complexes").select("facilities").eq("id", id).single()).data).toEqual({ facilities: ["pool", "gym"] });

    const deleted = await admin.from("complexes").delete().eq("id", id);
    expect(deleted.error).toBeNull();
    const left = await admin.from("real_estates").select("title, complex_id, complex_name").in("id", [byId.data!.id, byName.data!.id]).order("title");
    expect(left.data).toEqual([
      { title: "Двушка", complex_id: null, complex_name: null },
      { title: "Студия", complex_id: null, complex_name: null },
    ]);
  });

  it("anonymous callers read complexes, an approximate one's public point only, and cannot write", async () => {
    const admin = await signedIn();
    const { data: location } = await admin.from("locations").select("id").eq("name", "Бургас").single();
    const real = { lat: 42.5012, lng: 27.4723 };
    const created = await admin
      .from("complexes")
      .insert({ name: "Тихий двор", location_id: location!.id, ...real, location_precision: "approximate" })
      .select("id, lat, lng, public_lat, public_lng")
      .single();
    expect(created.data).toMatchObject(real);
    const shown = { lat: created.data!.public_lat as number, lng: created.data!.public_lng as number };
    expect(shown).not.toEqual(real);

    const anon = api.client();
    const read = await anon.from("complexes").select("name, lat, lng").eq("id", created.data!.id).single();
    expect(read.data).toEqual({ name: "Тихий двор", ...shown });
    // A filter on the real point finds nothing the public point does not.
    const probe = await anon.from("complexes").select("id").eq("lat", real.lat);
    expect(probe.data).toEqual([]);

    const insert = await anon.from("complexes").insert({ name: "Чужой", location_id: location!.id });
    expect(insert.error).not.toBeNull();
    const update = await anon.from("complexes").update({ name: "Взломан" }).eq("id", created.data!.id).select();
    expect(update.error).not.toBeNull();
    const remove = await anon.from("complexes").delete().eq("id", created.data!.id);
    expect(remove.error).not.toBeNull();
    expect((await admin.from("complexes").select("name").eq("id", created.data!.id).single()).data).toEqual({ name: "Тихий двор" });
  });
});
