import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerText, rawRequest } from "../../scripts/harness/raw-http.mjs";
import { checkRequestHead, guardedRequests, guardedUpgrade, isValidHost, refusalAnswer, type RequestHead } from "./edge-guard.server";

const head = (url: string, headers: http.IncomingHttpHeaders = { host: "example.com" }, httpVersion = "1.1"): RequestHead => ({
  method: "GET",
  url,
  httpVersion,
  headers,
});

/** Node hands the target over as latin1: a UTF-8 target as Node would. */
const rawTarget = (utf8: string) => Buffer.from(utf8, "utf8").toString("latin1");

describe("checkRequestHead", () => {
  it("refuses an empty Host as the very first request too (before any valid Host was seen)", () => {
    expect(checkRequestHead(head("/", { host: "" }))).toEqual({ reason: "host" });
  });

  it("lets ordinary requests through: pages, Cyrillic slugs, searches, API filters", () => {
    for (const url of [
      "/",
      "/bg",
      "/properties?search=%D0%BC%D0%BE%D1%80%D0%B5&page=2",
      "/%D0%B1%D1%83%D1%80%D0%B3%D0%B0%D1%81/%D0%BA%D0%B2%D0%B0%D1%80%D1%82%D0%B8%D1%80%D0%B0",
      "/rest/v1/real_estates?select=*,locations(name)&title=ilike.*sea*&order=order.asc",
      "/properties?q=50%25+off", // an escaped percent sign
      "/properties?q=50%", // a lone % in a query stays itself, as URLSearchParams reads it
      "/a//b",
      "/x?next=//evil", // the query is not a target
    ]) {
      expect(checkRequestHead(head(url)), url).toBeNull();
    }
  });

  it("refuses targets that are not origin-form", () => {
    for (const url of ["http://[::1/x", "http://example.com/", "//[", "//evil.example/x", "*", "", "example.com:80"]) {
      expect(checkRequestHead(head(url)), url).toEqual({ reason: "target" });
    }
  });

  it("refuses a raw backslash in the path (express.static's folder redirect kept it: /\\evil.example/..), not in the query", () => {
    expect(checkRequestHead(head("/\\evil.example/.."))).toEqual({ reason: "target" });
    expect(checkRequestHead(head("/a\\b"))).toEqual({ reason: "target" });
    expect(checkRequestHead(head("/properties?search=a\\b"))).toBeNull();
  });

  it("refuses raw control characters and spaces in the target", () => {
    for (const url of ["/a\u0000b", "/a\u0001", "/a b", "/a\tb", "/a\u007f", "/?q=\u001b"]) {
      expect(checkRequestHead(head(url)), JSON.stringify(url)).toEqual({ reason: "target" });
    }
  });

  it("refuses percent-escapes that decode to NUL, other controls or invalid UTF-8, in the path and in the query", () => {
    for (const url of [
      "/%00",
      "/location%00/property",
      "/bg/%FF",
      "/%C3%28",
      "/%ED%A0%80", // a UTF-16 surrogate, not UTF-8
      "/x%0A",
      "/properties?search=%00",
      "/properties?search=%FF",
      "/bg/properties?search=%C3%28",
      "/rest/v1/locations?name=eq.%00",
      "/properties?search=a%0D%0Ab",
      "/properties?%7F=1",
    ]) {
      expect(checkRequestHead(head(url)), url).toEqual({ reason: "encoding" });
    }
  });

  it("lets a tab through in the query (a search box keeps a pasted tab), not in the path", () => {
    expect(checkRequestHead(head("/properties?search=%D0%B4%D0%BE%D0%BC%09"))).toBeNull();
    expect(checkRequestHead(head("/%09"))).toEqual({ reason: "encoding" });
  });

  it("refuses a malformed percent-escape in the path (no page has one)", () => {
    expect(checkRequestHead(head("/%zz"))).toEqual({ reason: "encoding" });
    expect(checkRequestHead(head("/abc%"))).toEqual({ reason: "encoding" });
  });

  it("reads raw UTF-8 in the target as UTF-8 (a lenient parser could pass it on)", () => {
    expect(checkRequestHead(head(rawTarget("/bg/море")))).toBeNull();
    expect(checkRequestHead(head("/bg/\u00ff"))).toEqual({ reason: "encoding" });
  });

  it("refuses a Host the URL parser rejects, or an empty one in HTTP/1.1; HTTP/1.0 may omit it", () => {
    for (const host of ["[", "a b", "", "a/b", "a@b", "[zz]", "a:b", "a%00b", "a\u00ffb"]) {
      expect(checkRequestHead(head("/", { host })), host).toEqual({ reason: "host" });
    }
    expect(checkRequestHead(head("/", {}))).toEqual({ reason: "host" });
    expect(checkRequestHead(head("/", {}, "1.0"))).toBeNull();
    for (const host of ["example.com", "localhost:9410", "127.0.0.1:80", "[::1]:3000", "xn--80a.example"]) {
      expect(checkRequestHead(head("/", { host })), host).toBeNull();
    }
  });

  it("checks X-Forwarded-Host too (read instead of Host behind a proxy)", () => {
    expect(checkRequestHead(head("/", { host: "example.com", "x-forwarded-host": "[" }))).toEqual({ reason: "host" });
    expect(checkRequestHead(head("/", { host: "example.com", "x-forwarded-host": "site.example, proxy.internal" }))).toBeNull();
  });

  it("checks X-Forwarded-Proto too (req.protocol behind a proxy: the scheme of the page's URL, where `a b` made it throw, a 500)", () => {
    for (const proto of ["a b", "[", "http:", " , https", "https://x", "1http"]) {
      expect(checkRequestHead(head("/", { host: "example.com", "x-forwarded-proto": proto })), proto).toEqual({ reason: "host" });
    }
    for (const proto of ["https", "http", "HTTPS", "wss", "https, http", " https ", ""]) {
      expect(checkRequestHead(head("/", { host: "example.com", "x-forwarded-proto": proto })), proto).toBeNull();
    }
  });

  it("refuses the methods a Web Request cannot carry (TRACE, TRACK, CONNECT), in any case; others pass", () => {
    for (const method of ["TRACE", "track", "CONNECT"]) expect(checkRequestHead({ ...head("/"), method }), method).toEqual({ reason: "method" });
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"])
      expect(checkRequestHead({ ...head("/"), method }), method).toBeNull();
  });

  it("isValidHost", () => {
    expect(isValidHost("example.com:8080")).toBe(true);
    expect(isValidHost("example.com:99999")).toBe(false);
  });
});

describe("refusalAnswer", () => {
  it("pages get the small page in their language, and nothing of the request", () => {
    const ru = refusalAnswer(head("/location%00/<script>"), { reason: "encoding" });
    expect(ru.lang).toBe("ru");
    expect(ru.type).toBe("text/html; charset=utf-8");
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain("Неверный запрос");
    expect(ru.body).not.toContain("script");
    expect(ru.body).not.toContain("location");

    for (const url of ["/bg", "/bg/", "/bg?x=%00", "/bg/properties%FF"]) {
      const bg = refusalAnswer(head(url), { reason: "encoding" });
      expect(bg.lang, url).toBe("bg");
      expect(bg.body).toContain("Невалидна заявка");
      expect(bg.body).toContain('<a href="/bg/properties">Всички имоти</a>');
    }
    expect(refusalAnswer(head("/bgx"), { reason: "encoding" }).lang).toBe("ru");
  });

  it("each API family gets its own error shape", () => {
    const rest = JSON.parse(refusalAnswer(head("/rest/v1/locations?name=eq.%00"), { reason: "encoding" }).body);
    expect(rest).toMatchObject({ code: "PGRST100", details: null, hint: null });
    const auth = JSON.parse(refusalAnswer(head("/auth/v1/token?x=%FF"), { reason: "encoding" }).body);
    expect(auth).toMatchObject({ code: 400, error_code: "validation_failed" });
    const storage = JSON.parse(refusalAnswer(head("/storage/v1/object/images/%00"), { reason: "encoding" }).body);
    expect(storage).toMatchObject({ statusCode: "400", error: "InvalidRequest" });
    const realtime = refusalAnswer(head("/realtime/v1/websocket?%FF"), { reason: "encoding" });
    expect(realtime.type).toBe("text/plain; charset=utf-8");
    expect(realtime.lang).toBeNull();
  });
});

describe("on a server", () => {
  let server: http.Server;
  let port: number;
  const thrown: unknown[] = [];

  beforeAll(async () => {
    server = http.createServer(
      guardedRequests(
        (req, res) => {
          if (req.url === "/throws") throw new Error("thrown before any handler");
          res.end("ok");
        },
        (error) => thrown.push(error),
      ),
    );
    server.on(
      "upgrade",
      guardedUpgrade(
        (req, socket) => {
          // A listener that parses the target the way the realtime one did, and then fails.
          new URL(req.url ?? "/", "http://localhost");
          if (req.url === "/boom") throw new Error("boom");
          socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        },
        (error) => thrown.push(error),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends raw bytes (UTF-8), returns everything the server answered before closing. */
  const raw = async (request: string) => answerText(await rawRequest(port, Buffer.from(request, "utf8"), { timeoutMs: 0 }));

  it("answers a refused request 400 and closes the connection; HEAD gets no body", async () => {
    const answer = await raw("GET /bg/%00 HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain("Невалидна заявка");
    const headAnswer = await raw("HEAD /%00 HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(headAnswer).toMatch(/^HTTP\/1\.1 400 /);
    expect(headAnswer.split("\r\n\r\n")[1]).toBe("");
    expect(await raw("GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/ok$/);
  });

  it("a listener that throws gets 500, not the end of the process", async () => {
    expect(await raw("GET /throws HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(thrown.splice(0)).toHaveLength(1);
    expect(await raw("GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/ok$/);
  });

  it("upgrades: a bad target gets 400, a throwing listener 500, and the process lives on", async () => {
    const upgrade = (target: string) => `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`;
    expect(await raw(upgrade("//["))).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await raw(upgrade("http://[::1/realtime/v1/websocket"))).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await raw(upgrade("/boom"))).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(thrown).toHaveLength(1);
    expect(await raw(upgrade("/other"))).toMatch(/^HTTP\/1\.1 404 /);
  });
});

describe("HTTP/1.0 without Host, and request bodies that arrive too slowly", () => {
  let server: http.Server;
  let port: number;
  const GRACE_MS = 400;

  beforeAll(async () => {
    server = http.createServer(
      guardedRequests(
        (req, res) => {
          // Reads the whole body (as a form or the API would), then says what it saw.
          const chunks: Buffer[] = [];
          req.on("data", (chunk: Buffer) => chunks.push(chunk));
          req.on("end", () => res.end(`host=${req.headers.host} body=${Buffer.concat(chunks).length}`));
        },
        () => undefined,
        { defaultHost: "seaside.example", bodyGraceMs: GRACE_MS },
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("an HTTP/1.0 request without Host is for PUBLIC_URL's host; one that names a Host keeps it", async () => {
    expect((await rawRequest(port, "GET /properties HTTP/1.0\r\n\r\n")).body).toBe("host=seaside.example body=0");
    expect((await rawRequest(port, "GET / HTTP/1.0\r\nHost: 127.0.0.1:9000\r\n\r\n")).body).toBe("host=127.0.0.1:9000 body=0");
  });

  /** Declares `length` bytes, then sends one every `everyMs` (until the server closes); the answer and when it came. */
  async function trickle(target: string, length: number, everyMs: number) {
    const started = Date.now();
    const answer = await rawRequest(
      port,
      (socket, answered) => {
        socket.write(`POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`);
        const timer = setInterval(() => (answered() || socket.destroyed ? clearInterval(timer) : socket.write("a")), everyMs);
        socket.on("close", () => clearInterval(timer));
      },
      { timeoutMs: 5000 },
    );
    return { answer, ms: Date.now() - started };
  }

  it("a body trickled a byte at a time gets 408 after the grace, in the page's language or the API's shape, and the connection closes", async () => {
    const page = await trickle("/?index", 1000, 50);
    expect(page.answer.status).toBe(408);
    expect(page.answer.headers).toMatch(/\r\nconnection: close/i);
    expect(page.answer.body).toContain("Время ожидания истекло");
    expect(page.ms).toBeGreaterThanOrEqual(GRACE_MS);
    expect(page.ms).toBeLessThan(GRACE_MS + 1500);
    expect((await trickle("/bg/x/y", 1000, 50)).answer.body).toContain("Времето за изчакване изтече");
    const api = await trickle("/rest/v1/contact_submissions", 1000, 50);
    expect(api.answer.status).toBe(408);
    expect(JSON.parse(api.answer.body)).toMatchObject({ message: "Request body not received in time" });
  });

  it("a body that keeps a steady pace is read whole, even when it takes longer than the grace", async () => {
    // 48 KB in 32 KB pieces every 300 ms: ~100 KB/s, well above the slowest pace allowed.
    const piece = Buffer.alloc(32 * 1024, 0x61);
    const answer = await rawRequest(
      port,
      (socket) => {
        socket.write(`POST /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${piece.length * 3}\r\n\r\n`);
        let sent = 0;
        const timer = setInterval(() => {
          socket.write(piece);
          if (++sent === 3) clearInterval(timer);
        }, 300);
      },
      { timeoutMs: 5000 },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(`host=x body=${piece.length * 3}`);
  });
});
