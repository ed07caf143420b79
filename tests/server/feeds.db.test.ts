import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useBuiltServer } from "../support/built-server";

/**
 * The feeds through the production server (issue 23): the token, hostile
 * query strings (4xx, never 5xx), compression and 304 over HTTP, RSS kept by
 * the page cache and linked from the pages' head, and the JPEG copies the
 * feeds link for PNG/WebP uploads. What the feeds contain:
 * app/web/feeds/feeds.db.test.ts.
 */
const TOKEN = "server-feeds-token-0123456789";
const ADMIN = { email: "feeds@example.com", password: "feeds test password" };
const server = useBuiltServer({
  prefix: "seaside-feeds-",
  ports: [9715, 9719],
  env: { FEEDS_TOKEN: TOKEN, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  // A build where the CSV export is for administrators only.
  marker: "Выгрузка CSV открывается только после входа",
  timeoutMs: 120_000,
});

/** The administrator's session cookie, from the sign-in form as a browser sends it. */
async function adminCookie(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams(ADMIN),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

describe("feeds over HTTP", () => {
  it("answers only the exact token; hostile query strings get 4xx, never 5xx", async () => {
    const base = server.baseUrl;
    for (const file of ["homesoverseas.xml", "kyero.xml"]) {
      const ok = await fetch(`${base}/feeds/${file}?token=${TOKEN}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(ok.status, file).toBe(200);
      expect(ok.headers.get("x-robots-tag")).toBe("noindex");
      const etag = ok.headers.get("etag")!;
      expect((await fetch(`${base}/feeds/${file}?token=${TOKEN}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
      for (const query of [
        "",
        "?token=",
        "?token=x",
        `?token=${TOKEN}&token=${TOKEN}`,
        "?token=%ZZ",
        "?token=%00",
        "?token[a]=1",
        `?token=${"a".repeat(5000)}`,
      ]) {
        const response = await fetch(`${base}/feeds/${file}${query}`);
        expect(response.status, `${file}${query}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${file}${query}`).toBeLessThan(500);
        expect(await response.text()).not.toContain("<root>");
      }
    }
    for (const bad of [`/feeds/other.xml?token=${TOKEN}`, `/feeds/..%2fkyero.xml?token=${TOKEN}`, `/feeds/kyero.xml.gz?token=${TOKEN}`]) {
      const status = (await fetch(`${base}${bad}`)).status;
      expect(status, bad).toBeGreaterThanOrEqual(400);
      expect(status, bad).toBeLessThan(500);
    }
  });

  it("the CSV export opens for a signed-in administrator only, never with the portals' token; the dashboard links it without a token", async () => {
    const base = server.baseUrl;
    for (const query of ["", `?token=${TOKEN}`]) {
      const refused = await fetch(`${base}/feeds/listings.csv${query}`);
      expect(refused.status, query).toBe(404);
      expect(await refused.text()).not.toContain("location_precision");
    }
    const cookie = await adminCookie();
    const csv = await fetch(`${base}/feeds/listings.csv`, { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain("location_precision");
    const dashboard = await (await fetch(`${base}/admin`, { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain('href="/feeds/listings.csv"');
    expect(dashboard).not.toContain("listings.csv?token");
    expect(dashboard).toContain(`/feeds/kyero.xml?token=${TOKEN}`);
  });

  it("serves RSS per language, kept by the page cache, and links it from the public pages' head", async () => {
    const base = server.baseUrl;
    for (const [path, lang] of [
      ["/rss.xml", "ru"],
      ["/bg/rss.xml", "bg"],
    ] as const) {
      const first = await fetch(`${base}${path}`);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const body = await first.text();
      expect(body).toContain(`<language>${lang}</language>`);
      expect((await fetch(`${base}${path}`)).headers.get("x-page-cache")).toBe("HIT");
      const home = await (await fetch(`${base}${lang === "bg" ? "/bg" : "/"}`)).text();
      expect(home).toContain(`<link rel="alternate" type="application/rss+xml" href="${path}"`);
    }
    const admin = await (await fetch(`${base}/admin/login`)).text();
    expect(admin).not.toContain("application/rss+xml");
  });

  it("makes JPEG copies of PNG and WebP uploads for the feeds, and nothing else", async () => {
    const folder = path.join(server.dataDir, "upload", "properties");
    fs.mkdirSync(folder, { recursive: true });
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: { r: 50, g: 100, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();
    fs.writeFileSync(path.join(folder, "properties-1700000000000-feed0001.png"), png);
    const response = await fetch(`${server.baseUrl}/img/jpeg/upload/properties/properties-1700000000000-feed0001.png.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1600, 800]);
    for (const bad of [
      "/img/jpeg/upload/properties/properties-1700000000000-feed0001.png",
      "/img/jpeg/upload/properties/missing.png.jpg",
      "/img/jpeg/upload/properties/x.jpg.jpg",
      "/img/jpeg/upload/%2e%2e/%2e%2e/etc/passwd.png.jpg",
    ]) {
      expect((await fetch(`${server.baseUrl}${bad}`)).status, bad).toBe(404);
    }
  });
});
