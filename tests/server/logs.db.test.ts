import { describe, expect, it } from "vitest";
import { useBuiltServer, waitFor } from "../support/built-server";
import { testDbKind } from "../support/test-db";

/**
 * What the production server writes to its log (decision 0019): one JSON
 * access line per request with method, path, status, duration and request
 * id, and nothing a visitor typed (query strings, e-mail addresses, message
 * texts); the X-Request-Id header; a POST to a page without an action
 * logged as one short line, not a stack trace.
 */
const server = useBuiltServer({
  prefix: "seaside-logs-",
  ports: [9440, 9444],
  env: { BACKUP_INTERVAL_HOURS: "0" },
  marker: "Edge guard: request refused",
  timeoutMs: 120_000,
});
const FORM = "application/x-www-form-urlencoded";

type Line = Record<string, unknown>;

/** Every JSON line the server printed so far. */
function lines(): Line[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
}

/** Waits for the access line of the request answered with `reqId`. */
async function accessLine(reqId: string): Promise<Line> {
  const find = () => lines().find((line) => line.msg === "request" && line.reqId === reqId);
  await waitFor(
    () => find() !== undefined,
    5_000,
    () => `the access line of ${reqId}; output:\n${server.output()}`,
  );
  return find()!;
}

describe(`logs of the production server on ${testDbKind()}`, () => {
  it("every line is JSON; a contact form's access line has method, path, status, duration and id, and nothing the visitor typed", async () => {
    const visitor = {
      name: "Секретный Посетитель",
      email: "private.visitor@example.org",
      phone: "+359 88 765 4321",
      message: "Текст сообщения, которого нет в журнале",
      website: "",
    };
    const response = await fetch(`${server.baseUrl}/?index&utm_source=newsletter&email=private.visitor%40example.org`, {
      method: "POST",
      headers: { "Content-Type": FORM, Cookie: "language=ru; tracking=cookie-value-secret" },
      body: new URLSearchParams(visitor),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Спасибо! Ваше сообщение отправлено.");
    const reqId = response.headers.get("x-request-id") ?? "";
    expect(reqId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const line = await accessLine(reqId);
    expect(line).toMatchObject({ level: 30, method: "POST", path: "/", status: 200 });
    expect(typeof line.ms).toBe("number");
    expect(typeof line.time).toBe("string");

    const output = server.output();
    for (const secret of [visitor.email, "private.visitor", visitor.message, visitor.name, visitor.phone, "utm_source", "cookie-value-secret", "?index"]) {
      expect(output).not.toContain(secret);
    }
    // Nothing but JSON lines: a collector can parse all of it.
    const other = output.split("\n").filter((text) => text !== "" && !text.startsWith("{"));
    expect(other).toEqual([]);
  });

  it("a short safe X-Request-Id is kept; an unsafe or long one is replaced by a fresh id", async () => {
    const kept = await fetch(`${server.baseUrl}/healthz`, { headers: { "X-Request-Id": "proxy-id_123" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-id_123");
    expect(await accessLine("proxy-id_123")).toMatchObject({ method: "GET", path: "/healthz", status: 200 });

    for (const unsafe of ["a b", "x".repeat(65), 'id"}{"level":60', "name@example.org"]) {
      const response = await fetch(`${server.baseUrl}/healthz`, { headers: { "X-Request-Id": unsafe } });
      const answered = response.headers.get("x-request-id") ?? "";
      expect(answered).not.toBe(unsafe);
      expect(answered).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    }
    expect(server.output()).not.toContain("name@example.org");
  });

  // Issue 32: answers written before Express (cached pages, their 304s, build files) add the id to their own header list.
  it("a cached page, its 304 and a build file each answer with one request id and have an access line", async () => {
    const page = `${server.baseUrl}/properties`;
    await fetch(page).then((r) => r.arrayBuffer());
    const hit = await fetch(page, { headers: { "X-Request-Id": "cached-page-1", "Accept-Encoding": "br" } });
    await hit.arrayBuffer();
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    const etag = hit.headers.get("etag") ?? "";
    const notModified = await fetch(page, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    const html = await (await fetch(page)).text();
    const script = /\/assets\/[^"]+\.js/.exec(html)?.[0] ?? "";
    const asset = await fetch(`${server.baseUrl}${script}`, { headers: { "X-Request-Id": "build-file-1" } });
    expect(asset.status).toBe(200);
    for (const response of [hit, notModified, asset]) expect(response.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    // One id, not the header twice (fetch would join two with a comma).
    expect(hit.headers.get("x-request-id")).toBe("cached-page-1");
    expect(asset.headers.get("x-request-id")).toBe("build-file-1");
    expect(await accessLine("cached-page-1")).toMatchObject({ method: "GET", path: "/properties", status: 200 });
    expect(await accessLine(notModified.headers.get("x-request-id") ?? "")).toMatchObject({ path: "/properties", status: 304 });
    expect(await accessLine("build-file-1")).toMatchObject({ path: script, status: 200 });
  });

  it("a request the edge guard refuses has an access line and the header too", async () => {
    const response = await fetch(`${server.baseUrl}/%00`);
    expect(response.status).toBe(400);
    const reqId = response.headers.get("x-request-id") ?? "";
    expect(await accessLine(reqId)).toMatchObject({ method: "GET", status: 400 });
  });

  it("a POST to a page without an action: 405 page in the page's language, one short log line without a stack", async () => {
    for (const [target, text] of [
      ["/", "Что-то пошло не так"],
      ["/bg", "Нещо се обърка"],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${target}`, {
        method: "POST",
        headers: { "Content-Type": FORM },
        body: new URLSearchParams({ name: "Иван", email: "ivan@example.com", phone: "", message: "Здравствуйте" }),
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain(text);
      // The router's error is logged before the answer is sent.
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(server.output()).not.toContain("did not provide an `action`");
      const reqId = response.headers.get("x-request-id") ?? "";
      await accessLine(reqId);
      const own = lines().filter((line) => line.reqId === reqId);
      // The access line and at most one short warning, no stack anywhere.
      expect(own.length).toBeLessThanOrEqual(2);
      for (const line of own) expect(line.level).toBeLessThan(50);
    }
    // Read again now that the access lines are in: no stack arrived later either.
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(server.output()).not.toContain("did not provide an `action`");
  });

  // Issue 32: the access log is buffered and written asynchronously; what is still buffered is written at the exit.
  it("the access lines of the last requests before a SIGTERM are all in the log once the server has stopped", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `last-before-stop-${i}`);
    await Promise.all(ids.map((id) => fetch(`${server.baseUrl}/healthz`, { headers: { "X-Request-Id": id } }).then((r) => r.arrayBuffer())));
    const exited = new Promise((resolve) => server.child.once("close", resolve));
    server.child.kill("SIGTERM");
    await exited;
    const logged = new Set(
      lines()
        .filter((line) => line.msg === "request")
        .map((line) => line.reqId),
    );
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
    expect(server.output()).toContain("Stopped.");
  });
});
