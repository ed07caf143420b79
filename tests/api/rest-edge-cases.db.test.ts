import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LOCATIONS } from "~/models/locations.server";
import { testDbKind } from "../support/test-db";
import { ADMIN_EMAIL, ADMIN_PASSWORD, useApiServer } from "./api-server";

/**
 * The PostgREST conventions at their edges, with raw HTTP: unknown tables and
 * columns, bad operators and values, writes without a filter, single-object
 * requests, ranges and counts, and attempts to get SQL through values,
 * columns and order — every one refused or treated as a plain value.
 */
const api = useApiServer();
let adminToken = "";

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string; admin?: boolean } = {}) {
  const response = await fetch(`${api.url()}${path}`, {
    method: init.method ?? "GET",
    headers: {
      apikey: api.anonKey(),
      Authorization: `Bearer ${init.admin ? adminToken : api.anonKey()}`,
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, body: json as Record<string, unknown> & unknown[], text };
}

async function locationNames(): Promise<string[]> {
  const result = await call("/rest/v1/locations?select=name&order=order");
  return (result.body as unknown as { name: string }[]).map((r) => r.name);
}

beforeAll(async () => {
  const response = await fetch(`${api.url()}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  adminToken = (await response.json()).access_token;
});

function expectError(result: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(result.status, result.text).toBe(status);
  expect(Object.keys(result.body).sort()).toEqual(["code", "details", "hint", "message"]);
  expect(result.body.code).toBe(code);
  // Never SQL or a stack trace in an answer.
  expect(result.text).not.toMatch(/Failed query|select .* from|\bat .*\.(ts|js):\d+/i);
}

describe(`REST edge cases on ${testDbKind()}`, () => {
  it("unknown and unexposed tables answer 404 PGRST205, even to the administrator", async () => {
    for (const table of ["nope", "admins", "sessions", "pg_user", "locations;drop"]) {
      const result = await call(`/rest/v1/${encodeURIComponent(table)}`, { admin: true });
      expectError(result, 404, "PGRST205");
      expect(result.body.message).toContain("Could not find the table");
    }
    expectError(await call("/rest/v1/admins", { method: "POST", body: "{}", admin: true }), 404, "PGRST205");
  });

  it("unknown columns in select, filters and order answer 400 42703", async () => {
    for (const query of [
      "select=name,password_hash",
      "secret=eq.1",
      "order=secret.desc",
      "select=name;drop table locations",
      "order=name;drop table locations",
    ]) {
      expectError(await call(`/rest/v1/locations?${query}`), 400, "42703");
    }
    expect(await locationNames()).toEqual(DEFAULT_LOCATIONS.map((l) => l.name));
  });

  it("bad operators, orders, limits and lists answer 400 PGRST100; embedding and or= are not supported", async () => {
    for (const query of [
      "name=approx.Бургас",
      "name=eq",
      "name=Бургас",
      "order=name.sideways",
      "order=name.asc.desc",
      "limit=-1",
      "limit=ten",
      "offset=1.5",
      "id=in.(1) or 1=1",
      "select=name,real_estates(title)",
      "select=name::int",
      "or=(name.eq.Бургас,name.eq.Равда)",
      "image=gt.x&images=eq.{a}",
      "order=like.%25",
      "order=eq.1", // "order" is the ordering parameter: this orders by a column "eq"
    ]) {
      const result = await call(
        `/rest/v1/locations?${query
          .split("&")
          .map((p) =>
            p
              .split("=")
              .map((s, i) => (i === 0 ? s : encodeURIComponent(s)))
              .join("="),
          )
          .join("&")}`,
      );
      expect([400], `${query}: ${result.text}`).toContain(result.status);
      expect(["PGRST100", "42703"]).toContain(result.body.code);
    }
  });

  it("values are checked against the column type (22P02) and otherwise compared as plain values", async () => {
    expectError(await call("/rest/v1/locations?id=eq.not-a-uuid"), 400, "22P02");
    expectError(await call("/rest/v1/locations?%22order%22=gt.one"), 400, "22P02");
    expectError(await call("/rest/v1/real_estates?price=lt.cheap"), 400, "22P02");
    expectError(await call("/rest/v1/locations?created_at=gt.yesterday"), 400, "22007");
    for (const hostile of ["' or '1'='1", "Бургас'; drop table locations; --", "x\\'; delete from locations; --", "%' --", "$1", "') or true--"]) {
      for (const op of ["eq", "like", "ilike", "neq"]) {
        const result = await call(`/rest/v1/locations?select=name&name=${op}.${encodeURIComponent(hostile)}`);
        expect(result.status, result.text).toBe(200);
        if (op !== "neq") expect(result.body).toEqual([]);
        else expect(result.body).toHaveLength(6);
      }
      const list = await call(`/rest/v1/locations?select=name&name=in.(${encodeURIComponent(`"${hostile}"`)},Равда)`);
      expect(list.body).toEqual([{ name: "Равда" }]);
    }
    expect(await locationNames()).toEqual(DEFAULT_LOCATIONS.map((l) => l.name));
  });

  it('filters: eq neq gt gte lt lte like ilike in is, with not. (the column named order is filtered as "order")', async () => {
    const names = async (query: string) => {
      const result = await call(`/rest/v1/locations?select=name&order=order&${query}`);
      expect(result.status, result.text).toBe(200);
      return (result.body as unknown as { name: string }[]).map((r) => r.name);
    };
    const all = DEFAULT_LOCATIONS.map((l) => l.name);
    expect(await names("%22order%22=eq.2")).toEqual([all[2]]);
    expect(await names("%22order%22=neq.2")).toEqual(all.filter((_, i) => i !== 2));
    expect(await names("%22order%22=gt.3")).toEqual(all.slice(4));
    expect(await names("%22order%22=gte.3")).toEqual(all.slice(3));
    expect(await names("%22order%22=lt.2")).toEqual(all.slice(0, 2));
    expect(await names("%22order%22=lte.2&%22order%22=gt.0")).toEqual(all.slice(1, 3));
    expect(await names(`name=like.${encodeURIComponent("*ор*")}`)).toEqual(all.filter((n) => n.includes("ор")));
    await call("/rest/v1/contact_submissions", { method: "POST", body: JSON.stringify({ name: "Case", email: "Mixed.Case@Example.com", message: "ilike" }) });
    const ilikeHit = await call(`/rest/v1/contact_submissions?select=email&email=ilike.${encodeURIComponent("*mixed.case@*")}`, { admin: true });
    expect(ilikeHit.body).toEqual([{ email: "Mixed.Case@Example.com" }]);
    const likeMiss = await call(`/rest/v1/contact_submissions?select=email&email=like.${encodeURIComponent("*mixed.case@*")}`, { admin: true });
    expect(likeMiss.body).toEqual([]);
    expect(await names(`name=in.(${encodeURIComponent("Равда,Бургас")})`)).toEqual(["Равда", "Бургас"]);
    expect(await names(`name=not.in.(${encodeURIComponent("Равда,Бургас")})`)).toEqual(all.filter((n) => n !== "Равда" && n !== "Бургас"));
    expect(await names("name=in.()")).toEqual([]);
    expect(await names("image=eq.&%22order%22=lt.1")).toEqual([all[0]]);
    expect(await names("id=is.null")).toEqual([]);
    expect(await names("id=not.is.null&%22order%22=lt.1")).toEqual([all[0]]);
    expect(await names("%22order%22=not.eq.0&%22order%22=not.gte.2")).toEqual([all[1]]);
    expectError(await call("/rest/v1/locations?name=is.true"), 400, "PGRST100");
    const unread = await call("/rest/v1/contact_submissions?isread=is.false", { admin: true });
    expect(unread.status).toBe(200);
  });

  it("order by several columns, nullsfirst / nullslast", async () => {
    const [first] = (await call("/rest/v1/locations?select=id&order=order&limit=1")).body as unknown as { id: string }[];
    for (const [title, price, order] of [
      ["Без цены", null, 0],
      ["Дешёвый", 1000, 1],
      ["Дорогой", 9000, 2],
      ["Тоже дешёвый", 1000, 3],
    ] as const) {
      const result = await call("/rest/v1/real_estates", {
        method: "POST",
        admin: true,
        body: JSON.stringify({ title, price, order, description: "Описание", location_id: first!.id }),
      });
      expect(result.status, result.text).toBe(201);
    }
    const titles = async (order: string) =>
      ((await call(`/rest/v1/real_estates?select=title&order=${order}`)).body as unknown as { title: string }[]).map((r) => r.title);
    expect(await titles("price.asc.nullsfirst,order.desc")).toEqual(["Без цены", "Тоже дешёвый", "Дешёвый", "Дорогой"]);
    expect(await titles("price.desc.nullslast,order.asc")).toEqual(["Дорогой", "Дешёвый", "Тоже дешёвый", "Без цены"]);
    expect(await titles("price.asc.nullslast,title")).toEqual(["Дешёвый", "Тоже дешёвый", "Дорогой", "Без цены"]);
    expect(await titles("price.nullsfirst,order")).toEqual(["Без цены", "Дешёвый", "Тоже дешёвый", "Дорогой"]);
  });

  it("limit, offset, Range and Prefer: count=exact give Content-Range (206 for a part)", async () => {
    const plain = await call("/rest/v1/locations?select=name&order=order&limit=2&offset=1");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-range")).toBe("1-2/*");
    expect(plain.body).toHaveLength(2);
    const counted = await call("/rest/v1/locations?select=name&order=order", { headers: { Range: "2-4", Prefer: "count=exact" } });
    expect(counted.status).toBe(206);
    expect(counted.headers.get("content-range")).toBe("2-4/6");
    expect((counted.body as unknown as { name: string }[]).map((r) => r.name)).toEqual(DEFAULT_LOCATIONS.slice(2, 5).map((l) => l.name));
    const whole = await call("/rest/v1/locations?select=name", { headers: { Prefer: "count=exact" } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-range")).toBe("0-5/6");
    const none = await call("/rest/v1/locations?name=eq.x", { headers: { Prefer: "count=exact" } });
    expect(none.headers.get("content-range")).toBe("*/0");
    const head = await fetch(`${api.url()}/rest/v1/locations?select=id`, { method: "HEAD", headers: { Prefer: "count=exact" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-range")).toBe("0-5/6");
    expect(await head.text()).toBe("");
    expectError(await call("/rest/v1/locations", { headers: { Range: "5-2" } }), 416, "PGRST103");
  });

  it("with a count, a page starting past the end is 416 PGRST103, as PostgREST answers; at the end it is an empty 206", async () => {
    const past = await call("/rest/v1/locations?select=name&offset=7&limit=3", { headers: { Prefer: "count=exact" } });
    expectError(past, 416, "PGRST103");
    expect(past.body.details).toBe("An offset of 7 was requested, but there are only 6 rows.");
    expect(past.headers.get("content-range")).toBe("*/6");
    const atEnd = await call("/rest/v1/locations?select=name&offset=6&limit=3", { headers: { Prefer: "count=exact" } });
    expect(atEnd.status).toBe(206);
    expect(atEnd.body).toEqual([]);
    expect(atEnd.headers.get("content-range")).toBe("*/6");
    // Without a count nothing is known about the end: an empty 200.
    const uncounted = await call("/rest/v1/locations?select=name&offset=7");
    expect(uncounted.status).toBe(200);
    expect(uncounted.body).toEqual([]);
    const viaClient = await api.client().from("locations").select("name", { count: "exact" }).range(10, 12);
    expect(viaClient.error?.code).toBe("PGRST103");
    expect(viaClient.status).toBe(416);
  });

  it("Accept: application/vnd.pgrst.object+json gives one object, else 406 PGRST116 before anything is written", async () => {
    const object = { Accept: "application/vnd.pgrst.object+json" };
    const one = await call("/rest/v1/locations?select=name&name=eq.Равда", { headers: object });
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toContain("application/vnd.pgrst.object+json");
    expect(one.body).toEqual({ name: "Равда" });
    expectError(await call("/rest/v1/locations?name=eq.x", { headers: object }), 406, "PGRST116");
    expectError(await call("/rest/v1/locations", { headers: object }), 406, "PGRST116");
    const two = [
      { name: "Первая", image: "/a.jpg" },
      { name: "Вторая", image: "/b.jpg" },
    ];
    expectError(await call("/rest/v1/locations", { method: "POST", admin: true, body: JSON.stringify(two), headers: object }), 406, "PGRST116");
    expectError(
      await call("/rest/v1/locations?%22order%22=lt.2", { method: "PATCH", admin: true, body: JSON.stringify({ name_bg: "x" }), headers: object }),
      406,
      "PGRST116",
    );
    expectError(await call("/rest/v1/locations?%22order%22=lt.2", { method: "DELETE", admin: true, headers: object }), 406, "PGRST116");
    expect(await locationNames()).toEqual(DEFAULT_LOCATIONS.map((l) => l.name));
    const unchanged = await call("/rest/v1/locations?select=name_bg&%22order%22=lt.2");
    expect(unchanged.body).not.toContainEqual({ name_bg: "x" });
  });

  it("POST takes one object or an array; return=minimal answers 201 with no body; bad bodies are refused", async () => {
    const array = await call("/rest/v1/locations?select=name,order", {
      method: "POST",
      admin: true,
      body: JSON.stringify([
        { name: "Несебър", image: "/n.jpg" },
        { name: "Поморие", image: "/p.jpg" },
      ]),
      headers: { Prefer: "return=representation" },
    });
    expect(array.status).toBe(201);
    expect(array.body).toEqual([
      { name: "Несебър", order: 6 },
      { name: "Поморие", order: 7 },
    ]);
    const minimal = await call("/rest/v1/locations", {
      method: "POST",
      admin: true,
      body: JSON.stringify({ name: "Обзор", image: "/o.jpg" }),
      headers: { Prefer: "return=minimal" },
    });
    expect(minimal.status).toBe(201);
    expect(minimal.text).toBe("");
    expectError(await call("/rest/v1/locations", { method: "POST", admin: true, body: "{not json" }), 400, "PGRST102");
    expectError(await call("/rest/v1/locations", { method: "POST", admin: true, body: "[1,2]" }), 400, "PGRST102");
    expectError(
      await call("/rest/v1/locations", { method: "POST", admin: true, body: JSON.stringify({ name: "X", image: "/x.jpg", secret: 1 }) }),
      400,
      "PGRST204",
    );
    expectError(
      await call("/rest/v1/locations", {
        method: "POST",
        admin: true,
        body: JSON.stringify({ name: "X", image: "/x.jpg" }),
        headers: { Prefer: "resolution=merge-duplicates" },
      }),
      400,
      "PGRST100",
    );
    expect((await locationNames()).length).toBe(9);
  });

  it("PATCH and DELETE without any filter are refused (21000) and change nothing", async () => {
    const before = await call("/rest/v1/locations?select=id,name_bg&order=order");
    expectError(await call("/rest/v1/locations", { method: "PATCH", admin: true, body: JSON.stringify({ name_bg: "Всички" }) }), 400, "21000");
    expectError(await call("/rest/v1/locations?order=order", { method: "DELETE", admin: true }), 400, "21000");
    expectError(await call("/rest/v1/contact_submissions?select=id", { method: "DELETE", admin: true }), 400, "21000");
    expect((await call("/rest/v1/locations?select=id,name_bg&order=order")).body).toEqual(before.body);
  });

  it("a PATCH or DELETE matching no row answers an empty list; several rows are all written", async () => {
    const none = await call(`/rest/v1/locations?id=eq.${crypto.randomUUID()}`, {
      method: "PATCH",
      admin: true,
      body: JSON.stringify({ name_bg: "x" }),
      headers: { Prefer: "return=representation" },
    });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const many = await call(`/rest/v1/locations?%22order%22=gte.6&select=name,name_bg`, {
      method: "PATCH",
      admin: true,
      body: JSON.stringify({ name_bg: "Ново" }),
      headers: { Prefer: "return=representation" },
    });
    expect(many.body).toHaveLength(3);
    expect(many.body).toEqual(expect.arrayContaining([{ name: "Несебър", name_bg: "Ново" }]));
    const removed = await call(`/rest/v1/locations?%22order%22=gte.6`, { method: "DELETE", admin: true });
    expect(removed.status).toBe(204);
    expect(await locationNames()).toEqual(DEFAULT_LOCATIONS.map((l) => l.name));
  });

  it("contact submissions change only by being marked read", async () => {
    const sent = await call("/rest/v1/contact_submissions", {
      method: "POST",
      body: JSON.stringify({ name: "Гость", email: "g@example.com", message: "Здравствуйте" }),
      headers: { Prefer: "return=representation" },
    });
    const id = (sent.body as unknown as { id: string }[])[0]!.id;
    expectError(
      await call(`/rest/v1/contact_submissions?id=eq.${id}`, { method: "PATCH", admin: true, body: JSON.stringify({ message: "Изменено" }) }),
      400,
      "23514",
    );
    expectError(
      await call(`/rest/v1/contact_submissions?id=eq.${id}`, { method: "PATCH", admin: true, body: JSON.stringify({ isread: false }) }),
      400,
      "23514",
    );
    const read = await call(`/rest/v1/contact_submissions?id=eq.${id}&select=isread,message`, {
      method: "PATCH",
      admin: true,
      body: JSON.stringify({ isread: true }),
      headers: { Prefer: "return=representation" },
    });
    expect(read.body).toEqual([{ isread: true, message: "Здравствуйте" }]);
  });

  it("RPC: unknown function or parameter 404 PGRST202, GET 405, failures in SPEC's wording", async () => {
    expectError(await call("/rest/v1/rpc/drop_everything", { method: "POST", admin: true, body: "{}" }), 404, "PGRST202");
    expectError(
      await call("/rest/v1/rpc/direct_insert_real_estate", { method: "POST", admin: true, body: JSON.stringify({ p_title: "x", p_sql: "drop" }) }),
      404,
      "PGRST202",
    );
    expectError(await call("/rest/v1/rpc/direct_insert_real_estate?p_title=x", { admin: true }), 405, "25006");
    const failed = await call("/rest/v1/rpc/direct_insert_real_estate", {
      method: "POST",
      admin: true,
      body: JSON.stringify({ p_title: "x", p_description: "y", p_location_id: crypto.randomUUID() }),
    });
    expectError(failed, 409, "23503");
    expect(failed.body.message).toBe("Failed to insert real estate: Выбранная локация не существует");
  });

  it("auth endpoints: unsupported grant, missing fields, /user without a session", async () => {
    const grant = await fetch(`${api.url()}/auth/v1/token?grant_type=magic`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error_code: "unsupported_grant_type" });
    const empty = await fetch(`${api.url()}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    expect(empty.status).toBe(400);
    const anonymous = await fetch(`${api.url()}/auth/v1/user`, { headers: { apikey: api.anonKey(), Authorization: `Bearer ${api.anonKey()}` } });
    expect(anonymous.status).toBe(401);
    const user = await fetch(`${api.url()}/auth/v1/user`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(await user.json()).toMatchObject({ email: ADMIN_EMAIL, aud: "authenticated" });
  });

  it("English columns (issue 31): written by the administrator, read by anyone, filtered, the RPC takes them; anonymous writes refused", async () => {
    const [location] = (await call("/rest/v1/locations?select=id,name_en,slug_en&order=order&limit=1")).body as {
      id: string;
      name_en: string;
      slug_en: string;
    }[];
    expect(location!.name_en).toBe("");
    expect(location!.slug_en).toMatch(/^[a-z0-9-]+$/);
    const created = await call("/rest/v1/real_estates", {
      method: "POST",
      admin: true,
      headers: { Prefer: "return=representation" },
      body: JSON.stringify({
        title: "Квартира для API",
        title_en: "API flat",
        description: "Текст",
        description_en: "English text",
        location_id: location!.id,
      }),
    });
    expect(created.status).toBe(201);
    const row = (created.body as { id: string; title_en: string; slug_en: string }[])[0]!;
    expect(row.title_en).toBe("API flat");
    expect(row.slug_en).toBe("api-flat");
    const read = await call(`/rest/v1/real_estates?select=title_en,description_en&title_en=eq.API%20flat`);
    expect(read.body).toEqual([{ title_en: "API flat", description_en: "English text" }]);
    expect((await call(`/rest/v1/real_estates?id=eq.${row.id}`, { method: "PATCH", body: JSON.stringify({ title_en: "x" }) })).status).toBeGreaterThanOrEqual(
      400,
    );
    const rpc = await call("/rest/v1/rpc/direct_insert_real_estate", {
      method: "POST",
      admin: true,
      body: JSON.stringify({ p_title: "Дом через RPC", p_title_en: "RPC house", p_description: "—", p_location_id: location!.id }),
    });
    expect(rpc.status).toBeLessThan(300);
    const house = await call(`/rest/v1/real_estates?select=title_en&title=eq.${encodeURIComponent("Дом через RPC")}`);
    expect(house.body).toEqual([{ title_en: "RPC house" }]);
  });

  it("cross-site browser writes are refused before the API (DESIGN §7)", async () => {
    const response = await fetch(`${api.url()}/rest/v1/contact_submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ name: "x", email: "x@example.com", message: "x" }),
    });
    expect(response.status).toBe(403);
  });

  it("the admin pages' session cookie also counts as the administrator (same-site only: cross-site writes are refused above)", async () => {
    const withCookie = await fetch(`${api.url()}/rest/v1/contact_submissions?select=id`, {
      headers: { apikey: api.anonKey(), Authorization: `Bearer ${api.anonKey()}`, Cookie: `seaside_session=${adminToken}` },
    });
    expect(withCookie.status).toBe(200);
    const staleCookie = await fetch(`${api.url()}/rest/v1/contact_submissions?select=id`, {
      headers: { Cookie: "seaside_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(staleCookie.status).toBe(401);
    expect(await staleCookie.json()).toMatchObject({ code: "42501" });
  });

  it("a global sign-out ends every session of the administrator", async () => {
    const signIn = async () =>
      (
        await (
          await fetch(`${api.url()}/auth/v1/token?grant_type=password`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          })
        ).json()
      ).access_token as string;
    const [a, b] = [await signIn(), await signIn()];
    const out = await fetch(`${api.url()}/auth/v1/logout?scope=global`, { method: "POST", headers: { Authorization: `Bearer ${a}` } });
    expect(out.status).toBe(204);
    for (const token of [a, b, adminToken]) {
      const result = await fetch(`${api.url()}/rest/v1/contact_submissions`, { headers: { Authorization: `Bearer ${token}` } });
      expect(result.status).toBe(401);
    }
  });
});
