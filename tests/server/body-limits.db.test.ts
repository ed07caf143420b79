import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { rawRequest, type RawAnswer } from "../../scripts/harness/raw-http.mjs";
import { useBuiltServer } from "../support/built-server";
import { testDbKind } from "../support/test-db";

/**
 * Request bodies over each route's limit (server/body-limits.ts,
 * docs/limits.md), sent to the production server with a Content-Length and
 * chunked: refused with 413 in the page's language (or the API's JSON),
 * with a small answer, before any administrator check, and nothing stored.
 * A JSON body sent to a form route is a 415, not a 5xx; a maximal valid
 * contact form in Cyrillic still gets through.
 */
const ADMIN_EMAIL = "owner@example.com";
const ADMIN_PASSWORD = "body limits test password";
const server = useBuiltServer({
  prefix: "seaside-bodies-",
  ports: [9550, 9599],
  env: { ADMIN_EMAIL, ADMIN_PASSWORD },
  // A name in the limits table: a build from before it is rebuilt.
  marker: "contact form (property page)",
  timeoutMs: 180_000,
});

const FORM = "application/x-www-form-urlencoded";

/**
 * A POST over a raw socket: the head, then the body in 16 KB pieces —
 * declared with a Content-Length of `total`, or chunked. Unless `finish`
 * is set, writing stops as soon as the server answers and the body is never
 * completed: a server that waited for the whole body would never answer (the
 * test times out). `finish` sends it all, for routers that answer only once
 * the body is in.
 */
async function rawPost(
  target: string,
  options: { type?: string; total: number; chunked: boolean; finish?: boolean; headers?: Record<string, string> },
): Promise<RawAnswer> {
  const head = [
    `POST ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    ...(options.type ? [`Content-Type: ${options.type}`] : []),
    options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${options.total}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
  ];
  const piece = Buffer.alloc(16 * 1024, "a");
  const send = (socket: Socket, answered: () => boolean) => {
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    // Without `finish`, never the whole body: one piece short of it.
    const limit = options.finish ? options.total : options.total - piece.length;
    let sent = 0;
    const writeMore = () => {
      while (sent < limit && (options.finish || !answered()) && !socket.destroyed) {
        const data = piece.subarray(0, Math.min(piece.length, limit - sent));
        sent += data.length;
        const ok = socket.write(options.chunked ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]) : data);
        if (!ok) return void socket.once("drain", writeMore);
      }
      if (options.finish && options.chunked && !socket.destroyed) socket.write("0\r\n\r\n");
    };
    writeMore();
  };
  const answer = await rawRequest(server.port, send, { timeoutMs: 0 });
  if (!answer.headEnded) throw new Error(`no answer to ${target}: ${answer.headers.slice(0, 200)}`);
  return answer;
}

let token = "";
async function adminToken(): Promise<string> {
  if (token) return token;
  const response = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  token = ((await response.json()) as { access_token: string }).access_token;
  return token;
}

/** How many contact requests are stored (the administrator's REST read). */
async function storedRequests(): Promise<number> {
  const response = await fetch(`${server.baseUrl}/rest/v1/contact_submissions?select=id`, { headers: { Authorization: `Bearer ${await adminToken()}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** A small refusal page in `lang`, nothing of the body in it. */
function expectRefusalPage(answer: RawAnswer, status: number, lang: "ru" | "bg", title: RegExp) {
  expect(answer.status, answer.headers).toBe(status);
  expect(answer.headers).toMatch(/content-type: text\/html/i);
  expect(answer.body).toContain(`<html lang="${lang}">`);
  expect(answer.body).toMatch(title);
  expect(answer.size).toBeLessThan(4096);
  expect(answer.body).not.toContain("aaaa");
}

const TOO_LARGE = { ru: /Слишком большой запрос/, bg: /Заявката е твърде голяма/ };
const UNSUPPORTED = { ru: /Неподдерживаемый формат/, bg: /Неподдържан формат/ };

describe(`request bodies over the limit on ${testDbKind()}`, () => {
  it("contact forms: 413 in the page's language, Content-Length or chunked, and nothing stored", async () => {
    const before = await storedRequests();
    const cases = [
      { target: "/?index", lang: "ru" as const },
      { target: "/bg?index", lang: "bg" as const },
      { target: "/sozopol/villa-more", lang: "ru" as const },
      { target: "/bg/sozopol/villa-more", lang: "bg" as const },
      // React Router's data requests (the form with JavaScript).
      { target: "/_.data?index", lang: "ru" as const },
      { target: "/bg/_.data?index", lang: "bg" as const },
    ];
    for (const { target, lang } of cases) {
      for (const chunked of [false, true]) {
        const answer = await rawPost(target, { type: FORM, total: 64 * 1024 * 1024, chunked });
        expectRefusalPage(answer, 413, lang, TOO_LARGE[lang]);
      }
    }
    expect(await storedRequests()).toBe(before);
  });

  it("the sign-in page and the diagnostics pages without a session: 413 before anything else", async () => {
    for (const target of ["/admin/login", "/testsupabase", "/test-storage", "/admin/upload", "/admin/locations/add"]) {
      for (const chunked of [false, true]) {
        const answer = await rawPost(target, { type: FORM, total: 64 * 1024 * 1024, chunked });
        expectRefusalPage(answer, 413, "ru", TOO_LARGE.ru);
      }
    }
    // A forged session cookie does not buy the administrator's larger limit.
    const forged = await rawPost("/testsupabase", {
      type: "multipart/form-data; boundary=x",
      total: 1024 * 1024,
      chunked: true,
      headers: { Cookie: `seaside_session=${"A".repeat(43)}` },
    });
    expectRefusalPage(forged, 413, "ru", TOO_LARGE.ru);
  });

  it("a body that is not a form, sent to a form route: 415 (or 400 for a broken form), never a 5xx", async () => {
    const before = await storedRequests();
    const send = (target: string, type: string, body: string) =>
      fetch(`${server.baseUrl}${target}`, { method: "POST", headers: { "Content-Type": type }, body, redirect: "manual" });
    for (const [target, lang] of [
      ["/?index", "ru"],
      ["/bg?index", "bg"],
      ["/bg/sozopol/villa-more", "bg"],
      ["/admin/login", "ru"],
      ["/testsupabase", "ru"],
    ] as const) {
      for (const type of ["application/json", "text/plain"]) {
        const response = await send(target, type, JSON.stringify({ name: "Иван", email: "ivan@example.com", message: "Здравствуйте" }));
        expect(response.status, `${type} to ${target}`).toBe(415);
        const html = await response.text();
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toMatch(UNSUPPORTED[lang]);
        expect(html).not.toContain("ivan@example.com");
      }
      const broken = await send(target, "multipart/form-data; boundary=xyz", "--xyz\r\nnot a part");
      expect(broken.status, `broken multipart to ${target}`).toBe(400);
      expect(await broken.text()).toContain(`<html lang="${lang}">`);
      // An empty multipart body, or one without a usable boundary: 400 as well (found by the generated-input layer).
      for (const type of ["multipart/form-data; boundary=", "multipart/form-data; boundary=xyz", "multipart/form-data"]) {
        const empty = await send(target, type, "");
        expect(empty.status, `empty ${type} to ${target}`).toBe(400);
      }
    }
    // A POST with no body at all is an empty form: the form's own messages, not a 5xx.
    const none = await fetch(`${server.baseUrl}/?index`, { method: "POST" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Имя обязательно");
    // But a body with no type is not a form.
    const untyped = await fetch(`${server.baseUrl}/?index`, { method: "POST", body: new Uint8Array(Buffer.from("name=x")) });
    expect(untyped.status).toBe(415);
    expect(await storedRequests()).toBe(before);
  });

  it("the API routers: 413 in their own JSON shape, declared or chunked", async () => {
    const before = await storedRequests();
    const json = "application/json";
    const rest = [
      await rawPost("/rest/v1/contact_submissions", { type: json, total: 2 * 1024 * 1024, chunked: false }),
      await rawPost("/rest/v1/contact_submissions", { type: json, total: 2 * 1024 * 1024, chunked: true, finish: true }),
    ];
    for (const answer of rest) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "PGRST102", message: "Payload too large" });
    }
    const auth = await rawPost("/auth/v1/token?grant_type=password", { type: json, total: 1024 * 1024, chunked: false });
    expect(auth.status).toBe(413);
    expect(JSON.parse(auth.body)).toMatchObject({ code: 413, error_code: "request_too_large" });
    const authChunked = await rawPost("/auth/v1/token?grant_type=password", { type: json, total: 1024 * 1024, chunked: true, finish: true });
    expect(authChunked.status).toBe(413);
    expect(JSON.parse(authChunked.body)).toMatchObject({ code: 413, error_code: "request_too_large" });
    // Refused before the administrator check (which would be a 403).
    const storage = await rawPost("/storage/v1/object/images/properties/big.jpg", { type: "image/jpeg", total: 11 * 1024 * 1024, chunked: false });
    expect(storage.status).toBe(413);
    expect(JSON.parse(storage.body)).toMatchObject({ statusCode: "413", error: "Payload too large" });
    for (const answer of [...rest, auth, authChunked, storage]) expect(answer.size).toBeLessThan(2048);
    expect(await storedRequests()).toBe(before);
  });
});

describe(`chunked API bodies that never end on ${testDbKind()}`, () => {
  it("are refused (413, in the API's shape) as soon as they pass the limit, while the client is still sending", async () => {
    const json = "application/json";
    // rawPost waits for an answer before sending the last piece: without an early refusal it would never resolve.
    const rest = await rawPost("/rest/v1/contact_submissions", { type: json, total: 4 * 1024 * 1024, chunked: true });
    expect(rest.status).toBe(413);
    expect(JSON.parse(rest.body)).toMatchObject({ code: "PGRST102", message: "Payload too large" });
    const auth = await rawPost("/auth/v1/token?grant_type=password", { type: json, total: 1024 * 1024, chunked: true });
    expect(auth.status).toBe(413);
    expect(JSON.parse(auth.body)).toMatchObject({ code: 413, error_code: "request_too_large" });
    const storage = await rawPost("/storage/v1/object/images/properties/endless.jpg", {
      type: "image/jpeg",
      total: 16 * 1024 * 1024,
      chunked: true,
      headers: { Authorization: `Bearer ${await adminToken()}` },
    });
    expect(storage.status).toBe(413);
    expect(JSON.parse(storage.body)).toMatchObject({ statusCode: "413", error: "Payload too large" });
    for (const answer of [rest, auth, storage]) {
      expect(answer.headers).toMatch(/connection: close/i);
      expect(answer.size).toBeLessThan(2048);
    }
    // The server goes on answering, and a refused body is no error of its own (no stack trace in the log).
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/too large|PayloadTooLargeError|(\n|\\n)\s+at /i);
  });
});

describe(`contact forms within the limit on ${testDbKind()}`, () => {
  /** SPEC §5's longest valid form, every character Cyrillic (6 bytes each once percent-encoded). */
  const maximal = {
    name: "Я".repeat(100),
    // A local part of 64 octets (RFC 5321: 32 Cyrillic letters), a long domain: 219 characters.
    email: `${"я".repeat(32)}@${"д".repeat(60)}.${"е".repeat(60)}.${"ж".repeat(60)}.бг`,
    phone: "+359 (88) 123-45-67",
    message: "Ж".repeat(5000),
    website: "",
  };

  it("a maximal valid form in Cyrillic is stored, declared or chunked", async () => {
    const before = await storedRequests();
    const body = new URLSearchParams(maximal).toString();
    expect(body.length).toBeGreaterThan(30 * 1024);
    const declared = await fetch(`${server.baseUrl}/?index`, { method: "POST", headers: { "Content-Type": FORM }, body });
    expect(declared.status).toBe(200);
    expect(await declared.text()).toContain("Спасибо! Ваше сообщение отправлено.");
    // The same form chunked, to the Bulgarian page, as React Router's data request.
    const chunked = await fetch(`${server.baseUrl}/bg/_.data?index`, {
      method: "POST",
      headers: { "Content-Type": FORM },
      body: new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(body);
          for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.subarray(i, i + 4096));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(await chunked.text()).toContain("Благодарим! Съобщението ви е изпратено.");
    expect(await storedRequests()).toBe(before + 2);
  });

  it("a refused form shows back at most what each field may hold", async () => {
    const before = await storedRequests();
    const response = await fetch(`${server.baseUrl}/?index`, {
      method: "POST",
      headers: { "Content-Type": FORM },
      body: new URLSearchParams({ name: "", email: "ivan@example.com", phone: "", message: "ю".repeat(9000) }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Имя обязательно");
    expect(html).toContain("ю".repeat(5000));
    expect(html).not.toContain("ю".repeat(5001));
    expect(await storedRequests()).toBe(before);
  });
});
