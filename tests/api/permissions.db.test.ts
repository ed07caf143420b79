import { beforeAll, describe, expect, it } from "vitest";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/**
 * Row-level-like permissions (SPEC §6, DESIGN §8), every table × method ×
 * role with raw HTTP: anonymous may read locations, real_estates and complexes and
 * insert contact_submissions; an administrator may do everything; an unknown
 * bearer token is refused outright. A refused write changes nothing.
 */
const api = useApiServer();
let adminToken = "";
let locationId = "";

type Role = "none" | "anon" | "admin" | "bad-token";
type Method = "GET" | "POST" | "PATCH" | "DELETE";
const TABLES = ["locations", "real_estates", "contact_submissions", "complexes"] as const;
type Table = (typeof TABLES)[number];

function headers(role: Role): Record<string, string> {
  const anon = api.anonKey();
  switch (role) {
    case "none":
      return {};
    case "anon":
      return { apikey: anon, Authorization: `Bearer ${anon}` };
    case "admin":
      return { apikey: anon, Authorization: `Bearer ${adminToken}` };
    case "bad-token":
      return { apikey: anon, Authorization: "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" };
  }
}

let counter = 0;
function newRow(table: Table): Record<string, unknown> {
  counter++;
  switch (table) {
    case "locations":
      return { name: `Матрица ${counter}`, image: "/upload/locations/m.jpg" };
    case "real_estates":
      return { title: `Объект ${counter}`, description: "Описание", location_id: locationId };
    case "contact_submissions":
      return { name: "Гость", email: "guest@example.com", message: `Сообщение ${counter}` };
    case "complexes":
      return { name: `Комплекс ${counter}`, location_id: locationId };
  }
}

const CHANGE: Record<Table, Record<string, unknown>> = {
  locations: { name_bg: "Променено" },
  real_estates: { title_bg: "Променено" },
  contact_submissions: { isread: true },
  complexes: { name_bg: "Променено" },
};

async function call(role: Role, method: Method, path: string, body?: unknown) {
  const response = await fetch(`${api.url()}/rest/v1/${path}`, {
    method,
    headers: { ...headers(role), "Content-Type": "application/json", Prefer: "return=representation" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A row made by the administrator, to be the target of an update or delete. */
async function adminRow(table: Table): Promise<Record<string, unknown>> {
  const created = await call("admin", "POST", table, newRow(table));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body[0];
}

async function readAsAdmin(table: Table, id: unknown) {
  return (await call("admin", "GET", `${table}?id=eq.${id}`)).body as Record<string, unknown>[];
}

beforeAll(async () => {
  const response = await fetch(`${api.url()}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: api.anonKey() },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  adminToken = (await response.json()).access_token;
  const locations = await call("anon", "GET", "locations?select=id&order=order&limit=1");
  locationId = locations.body[0].id;
});

const ALLOWED: Record<Exclude<Role, "bad-token">, Record<Method, Table[]>> = {
  none: { GET: ["locations", "real_estates", "complexes"], POST: ["contact_submissions"], PATCH: [], DELETE: [] },
  anon: { GET: ["locations", "real_estates", "complexes"], POST: ["contact_submissions"], PATCH: [], DELETE: [] },
  admin: { GET: [...TABLES], POST: [...TABLES], PATCH: [...TABLES], DELETE: [...TABLES] },
};

describe(`permissions on ${testDbKind()}: every table × method × role`, () => {
  for (const table of TABLES) {
    for (const role of ["none", "anon", "admin"] as const) {
      it(`${role} on ${table}`, async () => {
        const allowed = (method: Method) => ALLOWED[role][method].includes(table);
        const refused = { status: role === "admin" ? 403 : 401, body: expect.objectContaining({ code: "42501" }) };

        const get = await call(role, "GET", `${table}?select=id&limit=1`);
        if (allowed("GET")) expect(get.status).toBe(200);
        else expect(get).toMatchObject(refused);

        const post = await call(role, "POST", table, newRow(table));
        if (allowed("POST")) {
          expect(post.status, JSON.stringify(post.body)).toBe(201);
          expect(post.body).toHaveLength(1);
        } else {
          expect(post).toMatchObject(refused);
        }

        const target = await adminRow(table);
        const patch = await call(role, "PATCH", `${table}?id=eq.${target.id}`, CHANGE[table]);
        const afterPatch = await readAsAdmin(table, target.id);
        if (allowed("PATCH")) {
          expect(patch.status).toBe(200);
          expect(afterPatch[0]).toMatchObject(CHANGE[table]);
        } else {
          expect(patch).toMatchObject(refused);
          expect(afterPatch[0]).toEqual(target);
        }

        const del = await call(role, "DELETE", `${table}?id=eq.${target.id}`);
        const afterDelete = await readAsAdmin(table, target.id);
        if (allowed("DELETE")) {
          expect(del.status).toBe(200);
          expect(del.body).toHaveLength(1);
          expect(afterDelete).toEqual([]);
        } else {
          expect(del).toMatchObject(refused);
          expect(afterDelete).toHaveLength(1);
          await call("admin", "DELETE", `${table}?id=eq.${target.id}`);
        }
      });
    }

    it(`an unknown or signed-out bearer token is refused on ${table} (401 PGRST301), whatever the method`, async () => {
      const target = await adminRow(table);
      for (const method of ["GET", "POST", "PATCH", "DELETE"] as const) {
        const path = method === "POST" ? table : `${table}?id=eq.${target.id}`;
        const result = await call(
          "bad-token",
          method,
          path,
          method === "GET" || method === "DELETE" ? undefined : method === "POST" ? newRow(table) : CHANGE[table],
        );
        expect(result.status, `${method} ${table}`).toBe(401);
        expect(result.body.code).toBe("PGRST301");
      }
      expect(await readAsAdmin(table, target.id)).toEqual([target]);
    });
  }

  it("anonymous inserts carry only name, email, phone, message (42501 for any other column)", async () => {
    for (const extra of [{ isread: true }, { id: crypto.randomUUID() }, { created_at: "2020-01-01T00:00:00Z" }, { property_id: null }, { property_ids: [] }]) {
      const result = await call("anon", "POST", "contact_submissions", { name: "Гость", email: "g@example.com", message: "Привет", ...extra });
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ code: "42501", message: 'new row violates row-level security policy for table "contact_submissions"' });
    }
  });

  it("a shortlist's property_ids (issue 22): the administrator reads, filters and writes them; a bad list is 400 and stores nothing", async () => {
    const property = await adminRow("real_estates");
    const row = await call("admin", "POST", "contact_submissions", { ...newRow("contact_submissions"), property_ids: [property.id, crypto.randomUUID()] });
    expect(row.status, JSON.stringify(row.body)).toBe(201);
    // An id not in the catalogue is dropped, as for property_id.
    expect(row.body[0].property_ids).toEqual([property.id]);
    expect((await readAsAdmin("contact_submissions", row.body[0].id))[0]!.property_ids).toEqual([property.id]);
    const selected = await call("admin", "GET", `contact_submissions?select=id,property_ids&id=eq.${row.body[0].id}`);
    expect(selected.body).toEqual([{ id: row.body[0].id, property_ids: [property.id] }]);
    expect((await call("anon", "GET", "contact_submissions?select=property_ids")).status).toBe(401);
    for (const bad of ["nope", ["nope"], Array.from({ length: 31 }, () => crypto.randomUUID())]) {
      const message = `Сообщение ${crypto.randomUUID()}`;
      const refused = await call("admin", "POST", "contact_submissions", { name: "Гость", email: "g@example.com", message, property_ids: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "22P02", message: "Неверный список объектов: нужны номера объектов, не больше 30." });
      expect((await call("admin", "GET", `contact_submissions?message=eq.${encodeURIComponent(message)}`)).body).toEqual([]);
    }
  });

  it("the RPC is for administrators only", async () => {
    const params = { p_title: "RPC", p_description: "Описание", p_location_id: locationId };
    for (const role of ["none", "anon"] as const) {
      const result = await call(role, "POST", "rpc/direct_insert_real_estate", params);
      expect(result.status).toBe(401);
      expect(result.body.code).toBe("42501");
    }
    const ok = await call("admin", "POST", "rpc/direct_insert_real_estate", params);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: "RPC", location_id: locationId });
  });
});
