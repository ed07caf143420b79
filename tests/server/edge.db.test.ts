import { describe, expect, it } from "vitest";
import { rawRequest } from "../../scripts/harness/raw-http.mjs";
import { useBuiltServer } from "../support/built-server";
import { testDbKind } from "../support/test-db";

/**
 * Hostile request heads against the production server (`node server/main.js`),
 * sent byte for byte over a socket as a scanner would: malformed request
 * lines, targets that are not origin-form, upgrades with bad targets, bad Host
 * headers, percent-escapes that decode to NUL or invalid UTF-8 — on pages, on
 * /bg pages and on the API. Each gets a 4xx (the page in its language, or the
 * API's error), and the process lives on: /healthz answers afterwards
 * (app/web/edge-guard.server.ts, app/web/client-error.server.ts).
 */
const ADMIN = { email: "edge@example.com", password: "edge test password" };
const FEEDS_TOKEN = "edge-feeds-token-0123456789abcdef";
const server = useBuiltServer({
  prefix: "seaside-edge-",
  ports: [9950, 9999],
  env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BACKUP_INTERVAL_HOURS: "0", FEEDS_TOKEN },
  // A build that cuts off bodies that arrive too slowly (the HTTP/1.0 Host and `.data` fixes came with it).
  marker: "Request body not received in time",
  timeoutMs: 120_000,
});

/** Sends `request` as raw bytes (latin1: one char, one byte) and reads until the server closes (or 10 s). */
const raw = (request: string) => rawRequest(server.port, request);

const get = (target: string, headers = "Host: 127.0.0.1\r\n") => raw(`GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
const upgrade = (target: string, protocol = "websocket") =>
  raw(
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: ${protocol}\r\n` +
      `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
  );

const RU_PAGE = "Неверный запрос";
const BG_PAGE = "Невалидна заявка";

/** The process still runs and answers. */
async function expectAlive() {
  expect(server.child.exitCode, server.output()).toBeNull();
  const health = await fetch(`${server.baseUrl}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function contactRequests(token: string): Promise<unknown[]> {
  const response = await fetch(`${server.baseUrl}/rest/v1/contact_submissions?select=id`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

describe(`the edge on ${testDbKind()}`, () => {
  it("upgrades with bad targets get 400 and never end the process (//[, absolute-form, /realtime and other paths); good ones still open", async () => {
    for (const [target, protocol] of [
      ["//[", "x"],
      ["http://[::1/realtime/v1/websocket", "websocket"],
      ["http://127.0.0.1/realtime/v1/websocket?vsn=1.0.0", "websocket"],
      ["/realtime/v1/websocket?vsn=1.0.0&apikey=%00", "websocket"],
      ["/realtime/v1/websocket?vsn=%FF", "websocket"],
      ["//realtime/v1/websocket", "websocket"],
      ["*", "x"],
    ]) {
      const answer = await upgrade(target!, protocol);
      expect(answer.status, target).toBe(400);
      await expectAlive();
    }
    // A page path upgraded: the page's language.
    const bg = await upgrade("/bg/%00", "x");
    expect(bg.status).toBe(400);
    expect(bg.body).toContain(BG_PAGE);
    await expectAlive();

    // A well-formed realtime upgrade still opens the socket.
    const opened = await rawRequest(
      server.port,
      "GET /realtime/v1/websocket?vsn=1.0.0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
      { headOnly: true },
    );
    expect(opened.headers).toMatch(/^HTTP\/1\.1 101 /);
  });

  it("targets that are not origin-form get 400 and the Russian page", async () => {
    for (const target of ["http://[::1/x", "http://127.0.0.1/properties", "//[", "//properties", "*"]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).toContain(RU_PAGE);
    }
    await expectAlive();
  });

  it("malformed request lines and headers get 400: the page in its language when the line is a page's", async () => {
    const bad = await raw("GET /bg/properties HTTP/1.1\r\nHost: 127.0.0.1\r\nBad header line\r\n\r\n");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(BG_PAGE);
    const control = await raw("GET /properties\u0001 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(control.status).toBe(400);
    expect(control.body).toContain(RU_PAGE);
    for (const request of ["NOT HTTP AT ALL\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "\u0000\u0001\u0002\r\n\r\n"]) {
      expect((await raw(request)).status, JSON.stringify(request)).toBe(400);
    }
    await expectAlive();
  });

  it("NUL, control characters and invalid UTF-8 in the path or query of a page: 400 in the page's language; other odd slugs 404", async () => {
    for (const target of [
      "/%00",
      "/%D0%B1%D1%83%D1%80%D0%B3%D0%B0%D1%81%00/x",
      "/properties?search=%00",
      "/properties?search=%FF",
      "/properties?page=%C3%28",
      "/properties?search=a%0Ab",
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(400);
      expect(answer.headers, target).toMatch(/content-type: text\/html; charset=utf-8/i);
      expect(answer.body, target).toContain('<html lang="ru">');
      expect(answer.body, target).toContain(RU_PAGE);
    }
    for (const target of ["/bg/%00", "/bg/properties?search=%FF", "/bg/properties?search=%C3%28", "/bg?x=%00"]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).toContain('<html lang="bg">');
      expect(answer.body, target).toContain(BG_PAGE);
    }
    // Slugs with other odd characters are no error: they still get the 404 page.
    for (const target of ["/%E2%80%AE/x", "/'%22%3Cscript%3E/x", "/x/%F0%9F%98%80", "/%EF%BF%BF/%20", "/bg/%E2%80%8B/x"]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.headers, target).toMatch(/content-type: text\/html/i);
    }
    await expectAlive();
  });

  it("a Host the URL parser rejects, or an empty one, gets 400 on pages and the API", async () => {
    for (const host of ["[", "a b", "", "a/b"]) {
      const page = await get("/properties", `Host: ${host}\r\n`);
      expect(page.status, host).toBe(400);
      expect(page.body, host).toContain(RU_PAGE);
      const bg = await get("/bg/properties", `Host: ${host}\r\n`);
      expect(bg.body, host).toContain(BG_PAGE);
      const api = await get("/rest/v1/locations", `Host: ${host}\r\n`);
      expect(api.status, host).toBe(400);
      expect(JSON.parse(api.body), host).toMatchObject({ code: "PGRST100" });
    }
    await expectAlive();
  });

  it("the API: NUL or invalid UTF-8 in a filter gets 400 in the API's error shape", async () => {
    for (const target of ["/rest/v1/locations?name=eq.%00", "/rest/v1/real_estates?slug=eq.%FF", "/rest/v1/locations?select=%C3%28"]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(400);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.body), target).toMatchObject({ code: "PGRST100", details: null, hint: null });
    }
    const auth = await get("/auth/v1/settings?x=%00");
    expect(auth.status).toBe(400);
    expect(JSON.parse(auth.body)).toMatchObject({ code: 400, error_code: "validation_failed" });
    const storage = await get("/storage/v1/object/public/images/a%00.jpg");
    expect(storage.status).toBe(400);
    expect(JSON.parse(storage.body)).toMatchObject({ statusCode: "400" });
    await expectAlive();
  });

  it("bodies that are not valid UTF-8 (JSON to the APIs, a form's escapes) get 400 instead of being stored with U+FFFD", async () => {
    const token = await adminToken();
    const before = await contactRequests(token);
    const badJson = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b","email":"anna@mail.bg","message":"Здравейте"}')]);
    for (const path of ["/rest/v1/contact_submissions", "/auth/v1/token?grant_type=password"]) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: new Uint8Array(badJson),
      });
      expect(response.status, path).toBe(400);
    }
    for (const [page, lang] of [
      ["/?index", "ru"],
      ["/bg?index", "bg"],
    ] as const) {
      const form = await fetch(`${server.baseUrl}${page}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
        body: "name=%ff%fe&email=anna%40mail.bg&message=hello",
      });
      expect(form.status, page).toBe(400);
      expect(await form.text(), page).toContain(`<html lang="${lang}">`);
    }
    expect(await contactRequests(token)).toEqual(before);
    await expectAlive();
  });

  it("NUL in JSON bodies and form fields never reaches SQL: 400, nothing stored", async () => {
    const token = await adminToken();
    const before = await contactRequests(token);

    const rest = await fetch(`${server.baseUrl}/rest/v1/contact_submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Анна\u0000", email: "anna@mail.bg", message: "Здравейте" }),
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: "22P02", details: "name: Текст содержит недопустимые символы" });

    const location = await fetch(`${server.baseUrl}/rest/v1/locations`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "Равда", image: "https://cdn.example/\u0000.jpg" }),
    });
    expect(location.status).toBe(400);

    const signIn = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `${ADMIN.email}\u0000`, password: ADMIN.password }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ error_code: "invalid_credentials" });

    for (const [page, message] of [
      ["/?index", "Текст содержит недопустимые символы"],
      ["/bg?index", "Текстът съдържа недопустими символи"],
    ] as const) {
      const form = await fetch(`${server.baseUrl}${page}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
        body: "name=Anna&email=anna%40mail.bg&message=hello%00world",
      });
      expect(form.status, page).toBe(400);
      expect(await form.text(), page).toContain(message);
    }

    const login = await fetch(`${server.baseUrl}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body: `email=${encodeURIComponent(ADMIN.email)}%00&password=x`,
      redirect: "manual",
    });
    expect(login.status).toBe(400);
    expect(await login.text()).toContain("Текст содержит недопустимые символы");

    expect(await contactRequests(token)).toEqual(before);
    await expectAlive();
  });
  it("TRACE, TRACK and CONNECT (methods a Web Request cannot carry) get 405 with Allow, in the page's language; never a 500", async () => {
    for (const [method, target, text] of [
      ["TRACE", "/properties", "Метод не поддерживается"],
      ["TRACE", "/bg/properties", "Методът не се поддържа"],
    ] as const) {
      const answer = await raw(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer.status, `${method} ${target}`).toBe(405);
      expect(answer.headers).toMatch(/\r\nAllow: GET, HEAD, POST/);
      expect(answer.body).toContain(text);
    }
    // Node's parser does not know TRACK: its own 400 (the bad-request page), still no 500.
    const track = await raw("TRACK / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(track.status).toBe(400);
    const api = await raw("TRACE /rest/v1/locations HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(api.status).toBe(405);
    expect(JSON.parse(api.body)).toMatchObject({ message: "Method not allowed" });
    // Node hands CONNECT to a 'connect' listener, or closes the connection: no answer, no crash.
    const connect = await raw("CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n");
    expect(connect.status === 0 || (connect.status >= 400 && connect.status < 500)).toBe(true);
    await expectAlive();
  });

  /** One address of every route family: public pages (ru, bg), admin, the API, feeds, sitemaps, RSS, GeoJSON, manifests, files, health. */
  const ROUTES = [
    "/", "/bg", "/properties", "/bg/properties", "/properties?search=%D0%BC%D0%BE%D1%80%D0%B5", "/properties/1", "/locations/1",
    "/favorites", "/bg/compare", "/privacy", "/alerts", "/bg/alerts", "/alerts/confirm/x", "/alerts/unsubscribe/x", "/nowhere/x",
    "/admin", "/admin/login", "/admin/real-estates", "/admin/upload", "/admin/events", "/admin/logout",
    "/rest/v1/locations", "/auth/v1/settings", "/auth/v1/user", "/storage/v1/bucket", "/storage/v1/object/public/images/x.jpg",
    "/realtime/v1/websocket", "/feeds/kyero.xml", `/feeds/homesoverseas.xml?token=${FEEDS_TOKEN}`, "/feeds/listings.csv",
    "/sitemap.xml", "/sitemaps/pages.xml", "/rss.xml", "/bg/rss.xml", "/robots.txt", "/properties.geojson", "/properties.geojson?bbox=27,42,28,43",
    "/app-data.json", "/file-manifest.json", "/exported-files.json", "/testsupabase", "/bg/test-storage", "/set-language?lang=bg&to=/",
    "/upload/properties/x.jpg", "/upload/properties/.directory", "/img/x", "/img/jpeg/upload/x.png.jpg", "/favicon.ico", "/assets/x.js",
    "/healthz",
    "/_.data", "/bg/_.data", "/properties.data", "/admin/login.data", "/alerts.data", "/sitemap.xml.data", "/rss.xml.data",
    `/feeds/kyero.xml.data?token=${FEEDS_TOKEN}`, "/properties.geojson.data", "/robots.txt.data", "/app-data.json.data",
  ]; // prettier-ignore

  it("HTTP/1.0 without Host: every route family answers as for PUBLIC_URL's host (2xx, 3xx, 4xx), never 5xx", async () => {
    const answers: string[] = [];
    for (const target of ROUTES) {
      for (const request of [`GET ${target} HTTP/1.0\r\n\r\n`, `HEAD ${target} HTTP/1.0\r\n\r\n`]) {
        const answer = await raw(request);
        answers.push(`${answer.status} ${request.split(" ").slice(0, 2).join(" ")}`);
      }
    }
    for (const target of [
      "/?index",
      "/bg/alerts",
      "/admin/login",
      "/rest/v1/contact_submissions",
      "/auth/v1/token?grant_type=password",
      "/admin/logout.data",
    ]) {
      const answer = await raw(`POST ${target} HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\n\r\nname=a&`);
      answers.push(`${answer.status} POST ${target}`);
    }
    const failed = answers.filter((line) => !/^[234]\d\d /.test(line));
    expect(failed, answers.join("\n")).toEqual([]);
    // Served, not merely refused: what a load balancer's HTTP/1.0 health check and an old client see.
    expect((await raw("GET /healthz HTTP/1.0\r\n\r\n")).status).toBe(200);
    const home = await raw("GET / HTTP/1.0\r\n\r\n");
    expect(home.status).toBe(200);
    expect(home.body).toContain('<html lang="ru"');
    const login = await raw("GET /admin/login HTTP/1.0\r\n\r\n");
    expect(login.status).toBe(200);
    expect((await raw("GET /sitemap.xml HTTP/1.0\r\n\r\n")).body).toContain("<sitemapindex");
    await expectAlive();
  });

  it("`.data` of a resource route (feeds, sitemap, RSS, GeoJSON, robots, manifests) is 404 and runs nothing; pages' `.data` still answers", async () => {
    for (const target of [
      `/feeds/kyero.xml.data?token=${FEEDS_TOKEN}`,
      `/feeds/homesoverseas.xml.data?token=${FEEDS_TOKEN}`,
      "/feeds/listings.csv.data",
      "/sitemap.xml.data",
      "/sitemaps/pages.xml.data",
      "/rss.xml.data",
      "/bg/rss.xml.data",
      "/properties.geojson.data",
      "/properties.geojson.data?bbox=27,42,28,43",
      "/robots.txt.data",
      "/app-data.json.data",
      "/file-manifest.json.data",
      "/set-language.data?lang=bg&to=/",
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toMatch(/<\?xml|FeatureCollection|Sitemap:|token|"files"/);
    }
    // The resources themselves, and a page's data (client navigation), are unchanged.
    expect((await get(`/feeds/kyero.xml?token=${FEEDS_TOKEN}`)).status).toBe(200);
    expect((await get("/rss.xml")).status).toBe(200);
    const data = await get("/properties.data");
    expect(data.status).toBe(200);
    expect(data.headers).toMatch(/\r\nx-remix-response: yes/i);
    await expectAlive();
  });

  it("a request body trickled a byte at a time is cut off with 408 after about 30 s, not held for 5 minutes", async () => {
    const started = Date.now();
    const answer = await rawRequest(
      server.port,
      (socket, answered) => {
        socket.write("POST /?index HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nname=");
        const timer = setInterval(() => (answered() || socket.destroyed ? clearInterval(timer) : socket.write("a")), 2000);
        socket.on("close", () => clearInterval(timer));
      },
      { timeoutMs: 90_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    expect(answer.status).toBe(408);
    expect(answer.body).toContain("Время ожидания истекло");
    expect(seconds).toBeGreaterThanOrEqual(29);
    expect(seconds).toBeLessThan(45);
    await expectAlive();
  }, 100_000);
});
