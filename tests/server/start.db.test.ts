import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { expectLogged, useBuiltServer } from "../support/built-server";
import { testDbKind } from "../support/test-db";

/**
 * The production server itself, started as `node server/main.js` on the
 * database of this project (a temporary PGlite folder, or a fresh PostgreSQL
 * database): it serves the six default locations, answers /healthz, and stops
 * cleanly on SIGTERM.
 */
const server = useBuiltServer({
  prefix: "seaside-server-",
  ports: [9700, 9714],
  // The shipped defaults, apart from the first administrator.
  env: { ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "server test password" },
  timeoutMs: 120_000,
});
const { dataDir } = server;
let baseUrl = "";
const output = () => server.output();

/** A GET whose body stays as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

beforeAll(() => {
  baseUrl = server.baseUrl;
});

describe(`npm start on ${testDbKind()}`, () => {
  it("server-renders the six default locations", async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of ["Созополь", "Черноморец", "Равда", "Бургас", "Каблешково", "Приморско"]) {
      expect(html).toContain(name);
    }
    expect(html.match(/0 объектов/g)).toHaveLength(6);
  });

  it("answers repeated page views from its cache, with ETag revalidation", async () => {
    const first = await fetch(`${baseUrl}/properties`);
    const second = await fetch(`${baseUrl}/properties`);
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    // A cached page is sent byte for byte: no nonce; its policy allows exactly its inline scripts by hash.
    const html = await second.text();
    expect(html).toBe(await first.text());
    expect(html).not.toContain("nonce=");
    const policy = second.headers.get("content-security-policy") ?? "";
    expect(policy).toBe(first.headers.get("content-security-policy"));
    const scriptSrc = policy.split(";").find((d) => d.startsWith("script-src"))!;
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map((script) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`);
    expect(scriptSrc).toBe(`script-src 'self' ${[...new Set(hashes)].join(" ")}`);
    // Images: the site, inline data and exactly the map's tile host (issue 21) — not any https: origin.
    expect(policy.split(";").find((d) => d.startsWith("img-src"))).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    // Compressed once: the brotli and gzip copies decode to the same page.
    for (const encoding of ["br", "gzip"]) {
      const raw = await rawGet(`${baseUrl}/properties`, { "Accept-Encoding": encoding });
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(raw.headers["x-page-cache"]).toBe("HIT");
      expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      const decoded = encoding === "br" ? zlib.brotliDecompressSync(raw.body) : zlib.gunzipSync(raw.body);
      expect(decoded.toString("utf8")).toBe(html);
    }
    const etag = second.headers.get("etag")!;
    const revalidated = await fetch(`${baseUrl}/properties`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    // The browser keeps its copy, and the policy that goes with it.
    expect(revalidated.headers.get("content-security-policy")).toBe(policy);
    // An administrator's requests (session cookie) are never served from the cache …
    const withSession = await fetch(`${baseUrl}/properties`, { headers: { Cookie: "_ga=1; seaside_session=x" } });
    expect(withSession.headers.get("x-page-cache")).toBeNull();
    // … while a cookie no public page reads (a proxy's, analytics) gets the kept page.
    const withOtherCookie = await fetch(`${baseUrl}/properties`, { headers: { Cookie: "_ga=GA1.1.1" } });
    expect(withOtherCookie.headers.get("x-page-cache")).toBe("HIT");
    expect(await withOtherCookie.text()).toBe(html);
    // A page with a query string is kept from its second render: a one-off search takes no room.
    const search = `${baseUrl}/properties?search=${encodeURIComponent("вид на море")}`;
    const states = [];
    for (let i = 0; i < 3; i++) states.push((await fetch(search)).headers.get("x-page-cache"));
    expect(states).toEqual(["MISS", "MISS", "HIT"]);
  });

  it("compresses a page rendered once and not kept for the encoding the client takes (issue 32)", async () => {
    // Each address new: rendered, not kept (a query string is kept from its second render).
    for (const [i, encoding] of ["br", "gzip", "identity"].entries()) {
      const raw = await rawGet(`${baseUrl}/properties?price_max=${777_000 + i}`, { "Accept-Encoding": encoding });
      expect(raw.headers["x-page-cache"]).toBe("MISS");
      expect(raw.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(raw.headers.vary).toContain("Accept-Encoding");
      const html = (encoding === "br" ? zlib.brotliDecompressSync(raw.body) : encoding === "gzip" ? zlib.gunzipSync(raw.body) : raw.body).toString("utf8");
      expect(html).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      expect(html).toContain(`price_max=${777_000 + i}`);
    }
  });

  it("serves resized WebP copies of uploaded images at the fixed widths only", async () => {
    const folder = path.join(dataDir, "upload", "properties");
    fs.mkdirSync(folder, { recursive: true });
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3399cc" } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(folder, "properties-1700000000000-test0001.jpg"), jpeg);
    fs.writeFileSync(path.join(folder, "properties-1700000000000-text0001.jpg"), "not an image");
    const url = `${baseUrl}/img/640/upload/properties/properties-1700000000000-test0001.jpg`;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 427]);
    }
    for (const bad of [
      "/img/641/upload/properties/properties-1700000000000-test0001.jpg",
      "/img/640/upload/properties/missing.jpg",
      "/img/640/upload/properties/properties-1700000000000-text0001.jpg",
      "/img/640/upload/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      expect((await fetch(`${baseUrl}${bad}`)).status, bad).toBe(404);
    }
  });

  it("sends build assets precompressed with brotli, immutable", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const br = await fetch(`${baseUrl}${asset}`, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toContain("immutable");
    const plain = await fetch(`${baseUrl}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await br.text()).toBe(await plain.text());
    // The build's other files, found by their extension (a page's address never looks at the file system).
    for (const [file, type] of [
      ["/favicon.svg", "image/svg+xml"],
      ["/images/hero-800.webp", "image/webp"],
    ]) {
      const response = await fetch(`${baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toContain(type!);
    }
  });

  it("keeps shared links working through the page cache: 301 after a rename, 410 after a delete (issue 20)", async () => {
    const token = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", apikey: "seaside-anon-key" },
      body: JSON.stringify({ email: "owner@example.com", password: "server test password" }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const rest = (method: string, query: string, body?: unknown) =>
      fetch(`${baseUrl}/rest/v1/real_estates${query}`, {
        method,
        headers: { apikey: "seaside-anon-key", Authorization: `Bearer ${token}`, "Content-Type": "application/json", Prefer: "return=representation" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, rows: (await r.json().catch(() => [])) as { id: string; slug: string }[] }));
    const location = (
      await (await fetch(`${baseUrl}/rest/v1/locations?select=id,slug&name=eq.Равда`, { headers: { apikey: "seaside-anon-key" } })).json()
    )[0] as {
      id: string;
      slug: string;
    };
    const created = await rest("POST", "", { title: "Квартира для ссылки", description: "У моря", location_id: location.id, price: 70000 });
    expect(created.status).toBe(201);
    const { id, slug } = created.rows[0]!;
    const path = (s: string) => `/${encodeURIComponent(location.slug)}/${encodeURIComponent(s)}`;
    // Cached under its first address (once the cache has seen the creation's new content version: up to half a second)…
    expect((await fetch(`${baseUrl}${path(slug)}`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${baseUrl}${path(slug)}`)).headers.get("x-page-cache"), { timeout: 10_000, interval: 250 }).toBe("HIT");
    // …renamed: the old address now leads to the new one, permanently.
    const renamed = await rest("PATCH", `?id=eq.${id}`, { title: "Студия для ссылки" });
    // The cache checks the content version every half second (app/page-cache): a visitor sees a change after that
    // (asked again until then: on a busy machine the check itself may come late).
    const fetchMoved = () => fetch(`${baseUrl}${path(slug)}?utm_source=viber`, { redirect: "manual" });
    await expect.poll(async () => (await fetchMoved()).status, { timeout: 10_000, interval: 250 }).toBe(301);
    const moved = await fetchMoved();
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${path(renamed.rows[0]!.slug)}?utm_source=viber`);
    // Deleted: gone, with a page in the visitor's language that leads on.
    expect((await rest("DELETE", `?id=eq.${id}`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${baseUrl}${path(slug)}`, { redirect: "manual" })).status, { timeout: 10_000, interval: 250 }).toBe(410);
    for (const [prefix, title] of [
      ["", "Объект снят с продажи"],
      ["/bg", "Имотът вече не се предлага"],
    ] as const) {
      for (const address of [path(slug), path(renamed.rows[0]!.slug)]) {
        const gone = await fetch(`${baseUrl}${prefix}${address}`, { redirect: "manual" });
        expect(gone.status).toBe(410);
        const html = await gone.text();
        expect(html).toContain(title);
        expect(html).toContain(`href="${prefix}/${location.slug}"`);
        expect(html).toContain('name="robots" content="noindex"');
      }
    }
  });

  it("reports its database on /healthz", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(await response.json()).toEqual({ status: "ok", database: testDbKind() });
  });

  it("answers unknown pages with 404 and never shows a stack trace", async () => {
    const response = await fetch(`${baseUrl}/%E0%A4%A`);
    expect([400, 404]).toContain(response.status);
    const body = await response.text();
    expect(body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("does not print the configured administrator password", async () => {
    await expectLogged(() => output(), "Administrator owner@example.com created from ADMIN_EMAIL / ADMIN_PASSWORD.");
    expect(output()).not.toContain("server test password");
  });

  it("stops cleanly on SIGTERM: finishes, closes the database, exits 0", async () => {
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expectLogged(() => output(), "SIGTERM received");
    await expectLogged(() => output(), "Stopped.");
    if (testDbKind() === "pglite") expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  });
});
