import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { testDbKind } from "../support/test-db";
import { apiRole, encodedPiece, formBody, hostileJson, nastyText, queryOf, readSite, withCommonHeaders, type Site } from "./arbitraries";
import {
  ADMIN_EMAIL,
  ANON_KEY,
  MAX_RESPONSE_BYTES,
  RUNS,
  SEED,
  expectNoFailures,
  runFamily,
  startRobustServer,
  writeReport,
  type FamilyReport,
  type GeneratedRequest,
  type RobustServer,
} from "./harness";

/**
 * Generated requests to the Supabase-compatible API (issue 17, point 8):
 * /rest/v1 reads, writes and RPC (anonymous, administrator, made-up tokens),
 * /auth/v1, /storage/v1 and realtime frames on /realtime/v1/websocket.
 */
let robust: RobustServer;
let site: Site;

beforeAll(async () => {
  // Servers this file starts use ports 9350–9399.
  robust = await startRobustServer([9350, 9399]);
  site = await readSite(robust.baseUrl, robust.adminToken);
}, 600_000);

afterAll(async () => {
  await robust?.close();
});

const TABLES = ["locations", "real_estates", "contact_submissions", "complexes"];
const COLUMNS = [
  "id",
  // Issue 33's complexes.
  "facilities",
  "developer",
  "complex_id",
  "name",
  "name_bg",
  "slug",
  "image",
  "order",
  '"order"',
  "created_at",
  "updated_at",
  "title",
  "title_bg",
  "description",
  "price",
  "area",
  "location_id",
  "images",
  "property_type",
  "bedrooms",
  "year_built",
  "features",
  "search_vector",
  "email",
  "phone",
  "message",
  "isread",
  "property_id",
  "password_hash",
];
const table = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...TABLES) },
  { weight: 1, arbitrary: fc.constantFrom("admins", "sessions", "rate_limit_hits", "pg_catalog.pg_user", "rpc", "", "locations%00", "LOCATIONS") },
  { weight: 1, arbitrary: encodedPiece },
);
const column = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...COLUMNS) }, { weight: 1, arbitrary: encodedPiece });
const filterValue = fc.oneof(
  { weight: 3, arbitrary: encodedPiece },
  { weight: 2, arbitrary: fc.uuid().map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("null", "not_null", "true", "false", "unknown", "(a,b)", "(1,%00)", "()", "*", "1", "-1", "1e999", "2026-01-01", "%25", "%00"),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
);
const filter = fc
  .tuple(
    column,
    fc.constantFrom("", "", "not."),
    fc.constantFrom("eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "in", "is", "cs", "fts", "match", "xx"),
    filterValue,
  )
  .map(([c, not, op, v]) => `${c}=${not}${op}.${v}`);
const select = fc.oneof(
  fc.constantFrom("*", "id", "id,name", "alias:name", "locations(*)", "count()", "name::text", "data->>x", "*,*", ",", ""),
  fc.array(column, { minLength: 1, maxLength: 4 }).map((cs) => cs.join(",")),
);
const order = fc
  .array(
    fc.tuple(column, fc.constantFrom("", ".asc", ".desc", ".xx"), fc.constantFrom("", ".nullsfirst", ".nullslast", ".yy")).map((p) => p.join("")),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(","));
const numberish = fc.oneof(fc.integer({ min: -5, max: 2000 }).map(String), fc.constantFrom("1e9", "99999999999999999999", "abc", "", "%00", "1.5"));
const readQuery = fc
  .record(
    {
      select: select.map((s) => `select=${s}`),
      filters: fc.array(filter, { maxLength: 3 }).map((f) => f.join("&")),
      order: order.map((o) => `order=${o}`),
      limit: numberish.map((n) => `limit=${n}`),
      offset: numberish.map((n) => `offset=${n}`),
      extra: queryOf(["or", "and", "on_conflict", "columns", "apikey"]).map((q) => q.slice(1)),
    },
    { requiredKeys: [] },
  )
  .map((parts) => Object.values(parts).filter(Boolean).join("&"))
  .map((q) => (q ? `?${q}` : ""));
const restHeaders = fc.record(
  {
    range: fc.constantFrom("0-9", "10-", "-5", "a-b", "999999999-", "5-1", "0-0"),
    "range-unit": fc.constantFrom("items", "bytes", "x"),
    prefer: fc.constantFrom(
      "count=exact",
      "count=planned",
      "count=estimated",
      "return=representation",
      "return=minimal",
      "return=headers-only",
      "resolution=merge-duplicates",
      "missing=default",
      "tx=rollback",
      "handling=strict",
      "count=exact, return=representation",
      "garbage",
    ),
    accept: fc.constantFrom("application/json", "application/vnd.pgrst.object+json", "text/csv", "application/geo+json", "application/vnd.pgrst.plan", "*/*"),
    "accept-profile": fc.constantFrom("public", "auth", "pg_catalog"),
    "content-profile": fc.constantFrom("public", "auth"),
  },
  { requiredKeys: [] },
);

/** Real ids (so some writes reach rows), made-up ones and garbage. */
const idValue = () => fc.oneof(fc.constantFrom(...site.propertyIds, ...site.locationIds), fc.uuid().map(String), encodedPiece);

/** A body a client may send to a table: its columns with fitting or hostile values, one object or many. */
function writeBody(): fc.Arbitrary<{ contentType?: string; body: string }> {
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileJson },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "Новая локация",
        "Дом",
        "apartment",
        "house",
        "a@b.co",
        "x@example.com",
        100000,
        "240000",
        0,
        -1,
        1e20,
        [],
        ["a.jpg"],
        "/upload/x.jpg",
        true,
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...site.locationIds) },
  );
  const object = fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...COLUMNS.filter((c) => !c.startsWith('"'))) }, { weight: 1, arbitrary: nastyText }),
    value,
    { maxKeys: 8 },
  );
  const json = fc.oneof(
    { weight: 5, arbitrary: object },
    { weight: 2, arbitrary: fc.array(object, { minLength: 1, maxLength: 30 }) },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.record({ nested: fc.record({ deeper: object }), name: nastyText }) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: json.map((v) => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" })) },
    { weight: 1, arbitrary: json.map((v) => ({ contentType: "application/json", body: (JSON.stringify(v) ?? "").slice(0, -1) })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/vnd.pgrst.object+json", "application/json; charset=latin1"),
          json,
        )
        .map(([contentType, v]) => ({ contentType, body: JSON.stringify(v) ?? "" })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("application/json", "text/csv", undefined), nastyText).map(([contentType, body]) => ({ contentType, body })),
    },
  );
}

async function family(name: string, request: fc.Arbitrary<GeneratedRequest>) {
  const report = await runFamily(name, robust, withCommonHeaders(request));
  expect(report.sent).toBeGreaterThanOrEqual(1000);
  expectNoFailures(report);
}

describe(`generated requests on ${testDbKind()}`, () => {
  it("/rest/v1 reads: random select, filters, order, limit/offset, Range and Prefer headers", async () => {
    const request = fc
      .tuple(fc.constantFrom("GET", "GET", "GET", "HEAD"), table, readQuery, apiRole(site), restHeaders)
      .map(([method, t, query, role, headers]): GeneratedRequest => ({ method, path: `/rest/v1/${t}${query}`, headers: { ...headers, ...role.headers } }));
    await family("rest-read", request);
  }, 600_000);

  it("/rest/v1 writes and RPC: random bodies on every table, anonymous, as administrator and with made-up tokens", async () => {
    const request = fc
      .tuple(
        fc.constantFrom("POST", "POST", "POST", "PATCH", "PATCH", "DELETE", "PUT"),
        fc.oneof({ weight: 6, arbitrary: table }, { weight: 2, arbitrary: fc.constantFrom("rpc/direct_insert_real_estate", "rpc/unknown_fn", "rpc/") }),
        apiRole(site),
        writeBody(),
        restHeaders,
        fc.option(
          select.map((s) => `select=${s}`),
          { nil: undefined },
        ),
        fc.oneof(
          idValue().map((v) => `id=eq.${v}`),
          filter,
          fc.constant(""),
        ),
        fc.uuid(),
      )
      .map(([method, t, role, { contentType, body }, headers, sel, where, madeUp]): GeneratedRequest => {
        // An administrator's DELETE is aimed at a made-up id only, so the catalogue the other requests aim at stays.
        const target = method === "DELETE" && role.role === "admin" ? `id=eq.${madeUp}` : where;
        const query = [sel, target].filter(Boolean).join("&");
        const rpcBody = t.startsWith("rpc") ? body.replace(/"(title|price|location_id|name)"/g, '"p_$1"') : body;
        return {
          method,
          path: `/rest/v1/${t}${query ? `?${query}` : ""}`,
          headers: { ...headers, ...(contentType ? { "content-type": contentType } : {}), ...role.headers },
          body: rpcBody,
        };
      });
    await family("rest-write", request);
  }, 600_000);

  it("/auth/v1: token grants with random bodies, user and logout with random tokens", async () => {
    const token = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.constantFrom(ANON_KEY, "", "null", "Bearer"), encodedPiece);
    const body = formBody(
      fc.record(
        {
          email: fc.oneof(nastyText, fc.constantFrom(ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase(), ` ${ADMIN_EMAIL} `)),
          password: nastyText,
          refresh_token: token,
          gotrue_meta_security: fc.constant("{}"),
        },
        { requiredKeys: [] },
      ),
    );
    const request = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .tuple(
            fc.oneof(fc.constantFrom("password", "refresh_token", "id_token", "pkce", ""), encodedPiece),
            body,
            fc.constantFrom("POST", "POST", "GET", "PUT"),
          )
          .map(([grant, { contentType, body: b }, method]): GeneratedRequest => ({
            method,
            path: `/auth/v1/token?grant_type=${grant}`,
            headers: { apikey: ANON_KEY, ...(contentType ? { "content-type": contentType } : {}) },
            body: b,
          })),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.constantFrom("/auth/v1/user", "/auth/v1/logout", "/auth/v1/logout?scope=global", "/auth/v1/logout?scope=local", "/auth/v1/logout?scope=others"),
            token,
            fc.constantFrom("GET", "POST", "PUT", "DELETE"),
            fc.oneof(fc.constant(""), queryOf(["scope"])),
          )
          .map(([path, t, method, extra]): GeneratedRequest => ({
            method,
            path: `${path}${extra.replace(/^\?/, path.includes("?") ? "&" : "?")}`,
            headers: { apikey: ANON_KEY, authorization: `Bearer ${t}` },
            body: method === "GET" ? undefined : "{}",
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom("GET", "POST", "DELETE"), fc.array(encodedPiece, { maxLength: 3 }))
          .map(([method, segments]): GeneratedRequest => ({ method, path: `/auth/v1/${segments.join("/")}`, headers: { apikey: ANON_KEY } })),
      },
    );
    await family("auth", request);
  }, 600_000);

  it("/storage/v1: random keys, methods, bodies and content types, anonymous and as administrator", async () => {
    const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const bucket = fc.oneof({ weight: 6, arbitrary: fc.constant("images") }, { weight: 1, arbitrary: encodedPiece });
    const key = fc
      .array(
        fc.oneof(
          { weight: 3, arbitrary: encodedPiece },
          { weight: 2, arbitrary: fc.constantFrom("properties", "locations", "robust.png", "a.txt", "..", ".", "", "%2e%2e") },
          { weight: 1, arbitrary: fc.integer({ min: 200, max: 600 }).map((n) => "k".repeat(n)) },
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts) => parts.join("/"));
    const upload = fc.oneof(
      fc.constant({ type: "image/png", body: PNG }),
      fc.constant({ type: "image/jpeg", body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]) }),
      fc.constant({ type: "image/gif", body: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1") }),
      fc.constant({ type: "text/html", body: Buffer.from("<html><script>alert(1)</script></html>") }),
      fc.constant({ type: "image/svg+xml", body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') }),
      fc
        .tuple(
          fc.constantFrom("image/png", "text/plain", "application/octet-stream", "multipart/form-data; boundary=x", "", "garbage"),
          fc.uint8Array({ maxLength: 2048 }),
        )
        .map(([type, bytes]) => ({ type, body: Buffer.from(bytes) })),
      nastyText.map((t) => ({ type: "text/plain;charset=UTF-8", body: Buffer.from(t) })),
    );
    const json = (v: unknown) => ({ type: "application/json", body: Buffer.from(JSON.stringify(v) ?? "") });
    const listBody = fc
      .record(
        {
          prefix: fc.oneof(nastyText, fc.constantFrom("properties", "", "../", "/")),
          limit: fc.oneof(fc.integer(), hostileJson),
          offset: fc.oneof(fc.integer(), hostileJson),
          search: nastyText,
          sortBy: hostileJson,
        },
        { requiredKeys: [] },
      )
      .map(json);
    const bucketBody = fc
      .record(
        { id: nastyText, name: fc.oneof(nastyText, fc.constant("images")), public: hostileJson, file_size_limit: hostileJson, allowed_mime_types: hostileJson },
        { requiredKeys: [] },
      )
      .map(json);
    const removeBody = fc
      .record(
        { prefixes: fc.oneof(fc.array(fc.oneof(nastyText, fc.constantFrom("robust.png", "../x", "/properties")), { maxLength: 5 }), hostileJson) },
        { requiredKeys: [] },
      )
      .map(json);
    const anything = fc.oneof(upload, listBody, bucketBody, removeBody);
    const shapes: fc.Arbitrary<{ method: string; path: string; content?: { type: string; body: Buffer } }> = fc.oneof(
      fc
        .tuple(fc.constantFrom("POST", "PUT"), bucket, key, upload)
        .map(([method, b, k, content]) => ({ method, path: `/storage/v1/object/${b}/${k}`, content })),
      fc
        .tuple(
          fc.constantFrom("GET", "HEAD", "DELETE"),
          fc.constantFrom("/object/", "/object/public/", "/object/authenticated/", "/object/info/", "/object/sign/"),
          bucket,
          key,
        )
        .map(([method, prefix, b, k]) => ({ method, path: `/storage/v1${prefix}${b}/${k}` })),
      fc.tuple(bucket, listBody).map(([b, content]) => ({ method: "POST", path: `/storage/v1/object/list/${b}`, content })),
      fc.tuple(bucket, removeBody).map(([b, content]) => ({ method: "DELETE", path: `/storage/v1/object/${b}`, content })),
      fc
        .tuple(
          fc.constantFrom("GET", "POST", "PUT", "DELETE"),
          fc.constantFrom("/bucket", "/bucket/images", "/bucket/images/empty", "/bucket/other"),
          bucketBody,
        )
        .map(([method, p, content]) => ({ method, path: `/storage/v1${p}`, content: method === "GET" ? undefined : content })),
      fc
        .tuple(fc.constantFrom("GET", "POST", "PATCH", "DELETE", "OPTIONS"), fc.array(encodedPiece, { maxLength: 4 }), fc.option(anything, { nil: undefined }))
        .map(([method, segments, content]) => ({ method, path: `/storage/v1/${segments.join("/")}`, content })),
    );
    const extra = fc.record(
      {
        "x-upsert": fc.constantFrom("true", "false", "yes", ""),
        "cache-control": fc.constantFrom("max-age=3600", "no-cache", "max-age=-1", "max-age=99999999999999", "garbage"),
      },
      { requiredKeys: [] },
    );
    const request = fc.tuple(shapes, apiRole(site), extra).map(([s, role, headers]): GeneratedRequest => ({
      method: s.method,
      path: s.path,
      headers: { ...headers, ...role.headers, ...(s.content?.type ? { "content-type": s.content.type } : {}) },
      body: s.content?.body,
    }));
    await family("storage", request);
  }, 600_000);

  it("realtime frames on /realtime/v1/websocket: random frames, JSON, topics, events and sequences", async () => {
    const report = await realtimeFamily();
    expect(report.sent).toBeGreaterThanOrEqual(1000);
    expectNoFailures(report);
  }, 600_000);
});

interface RealtimeCase {
  query: string;
  vsn: "1.0.0" | "2.0.0";
  frames: { binary: boolean; data: string | Buffer }[];
}

/**
 * Realtime: each generated case opens a socket (random apikey, vsn and
 * query), sends 4–8 generated frames, then a heartbeat that must be answered
 * while the socket is open. A failure: an upgrade answered 5xx, a reply
 * "internal error", a close with 1011 (server error), an unanswered
 * heartbeat on an open socket, a message over the bound.
 */
async function realtimeFamily(): Promise<FamilyReport> {
  const seed = SEED + 4242;
  const topic = fc.oneof(
    fc.constantFrom("phoenix", "realtime:public", "realtime:any", "realtime:", "realtime:*"),
    nastyText.map((t) => `realtime:${t}`),
    nastyText,
  );
  const event = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom("phx_join", "phx_leave", "heartbeat", "access_token", "broadcast", "presence", "postgres_changes", "phx_reply", "phx_close"),
    },
    { weight: 1, arbitrary: nastyText },
  );
  const binding = fc.record(
    {
      event: fc.oneof(fc.constantFrom("*", "INSERT", "UPDATE", "DELETE"), nastyText),
      schema: fc.oneof(fc.constantFrom("public", "auth", "*"), nastyText),
      table: fc.oneof(fc.constantFrom("locations", "real_estates", "contact_submissions", "admins", "sessions"), nastyText),
      filter: fc.oneof(fc.constantFrom("id=eq.1", "name=in.(a,b)", "price=gt.5", "x=yy.z", "=", "order=eq.%00"), nastyText),
    },
    { requiredKeys: [] },
  );
  const token = fc.oneof(fc.constant(site.adminToken), fc.constant(ANON_KEY), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), nastyText, hostileJson);
  const payload = fc.oneof(
    fc.record(
      {
        config: fc.oneof(
          fc.record(
            {
              postgres_changes: fc.oneof(fc.array(binding, { maxLength: 4 }), hostileJson),
              broadcast: hostileJson,
              presence: hostileJson,
              private: hostileJson,
            },
            { requiredKeys: [] },
          ),
          hostileJson,
        ),
        access_token: token,
      },
      { requiredKeys: [] },
    ),
    hostileJson,
  );
  const ref = fc.oneof(fc.integer({ min: 0, max: 1000 }).map(String), fc.constant(null), hostileJson);
  const message = fc.tuple(ref, ref, topic, event, payload);
  const frame = (vsn: "1.0.0" | "2.0.0") =>
    fc.oneof(
      {
        weight: 8,
        arbitrary: message.map(([joinRef, r, t, e, p]) => ({
          binary: false,
          data: JSON.stringify(vsn === "2.0.0" ? [joinRef, r, t, e, p] : { join_ref: joinRef, ref: r, topic: t, event: e, payload: p }),
        })),
      },
      { weight: 1, arbitrary: hostileJson.map((v) => ({ binary: false, data: JSON.stringify(v) ?? "" })) },
      { weight: 1, arbitrary: nastyText.map((t) => ({ binary: false, data: t })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => ({ binary: true, data: Buffer.from(b) })) },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 1000, max: 70_000 })
          .map((n) => ({ binary: false, data: JSON.stringify([null, "1", "realtime:big", "phx_join", { pad: "x".repeat(n) }]) })),
      },
    );
  const realtimeCase: fc.Arbitrary<RealtimeCase> = fc
    .tuple(
      fc.constantFrom<"1.0.0" | "2.0.0">("2.0.0", "2.0.0", "1.0.0"),
      fc.oneof(fc.constant(ANON_KEY), encodedPiece),
      fc.oneof(
        fc.constant(""),
        queryOf(["vsn", "apikey", "log_level"]).map((q) => q.replace("?", "&")),
      ),
    )
    .chain(([vsn, apikey, extra]) =>
      fc.array(frame(vsn), { minLength: 4, maxLength: 8 }).map((frames) => ({ vsn, frames, query: `apikey=${apikey}&vsn=${vsn}${extra}` })),
    );
  // Enough cases for at least RUNS frames (4 or more each).
  const cases = fc.sample(realtimeCase, { seed, numRuns: Math.ceil(RUNS / 4) });
  const report: FamilyReport = { family: "realtime", database: testDbKind(), seed, sent: 0, serverErrors: 0, acceptedWrites: 0, failures: [] };
  const wsBase = robust.baseUrl.replace(/^http/, "ws");
  const before = await robust.snapshot();

  const runCase = (c: RealtimeCase, index: number) =>
    new Promise<void>((resolve) => {
      const describeCase = () =>
        `WS /realtime/v1/websocket?${c.query.slice(0, 120)} frames: ${c.frames.map((f) => (f.binary ? `<binary ${f.data.length}>` : String(f.data).slice(0, 120))).join(" | ")}`;
      const fail = (problem: string, status = 0) => report.failures.push({ index, request: describeCase(), status, problem });
      const socket = new WebSocket(`${wsBase}/realtime/v1/websocket?${c.query}`, { maxPayload: MAX_RESPONSE_BYTES });
      report.sent++; // the upgrade
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        socket.terminate();
        resolve();
      };
      const timer = setTimeout(() => {
        fail("the heartbeat after the frames was not answered within 15 s on an open socket");
        finish();
      }, 15_000);
      socket.on("unexpected-response", (_req, res) => {
        if ((res.statusCode ?? 0) >= 500) {
          report.serverErrors++;
          fail(`upgrade answered ${res.statusCode}`, res.statusCode);
        }
        finish();
      });
      socket.on("error", (error) => {
        if (!finished && !/Unexpected server response|Max payload/.test(error.message)) fail(`socket error: ${error.message}`);
        finish();
      });
      socket.on("close", (code) => {
        if (code === 1011) {
          report.serverErrors++;
          fail("closed with 1011 (server error)", 1011);
        }
        finish();
      });
      socket.on("message", (data: Buffer, isBinary: boolean) => {
        const text = isBinary ? "" : data.toString();
        if (text.includes('"internal error"')) {
          report.serverErrors++;
          fail(`reply: ${text.slice(0, 200)}`, 500);
        }
        if (text.includes('"hb-robust"')) finish();
      });
      socket.on("open", () => {
        for (const f of c.frames) {
          socket.send(f.data, { binary: f.binary });
          report.sent++;
        }
        const heartbeat =
          c.vsn === "2.0.0"
            ? [null, "hb-robust", "phoenix", "heartbeat", {}]
            : { join_ref: null, ref: "hb-robust", topic: "phoenix", event: "heartbeat", payload: {} };
        socket.send(JSON.stringify(heartbeat));
      });
    });

  for (let start = 0; start < cases.length; start += 4) {
    await Promise.all(cases.slice(start, start + 4).map((c, i) => runCase(c, start + i)));
    if (start % 40 === 0 && !(await robust.healthy())) {
      report.failures.push({ index: start, request: `(after case ${start})`, status: 0, problem: "/healthz did not answer 200" });
      break;
    }
  }
  if (!(await robust.healthy())) report.failures.push({ index: cases.length, request: "(end of family)", status: 0, problem: "/healthz did not answer 200" });
  const after = await robust.snapshot();
  if (JSON.stringify(after) !== JSON.stringify(before))
    report.failures.push({
      index: cases.length,
      request: "(realtime frames cannot write)",
      status: 0,
      problem: `rows changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    });
  writeReport(report);
  return report;
}
