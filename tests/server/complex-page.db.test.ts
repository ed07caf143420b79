import { describe, expect, it } from "vitest";
import { useBuiltServer } from "../support/built-server";

/**
 * A new-build complex's page through the production server (issue 33), made
 * and changed through the REST API as an administrator would: the page in
 * ru, bg and en with its units table (sold last), live availability through
 * the page cache (a unit's status changed by the API shows at once, the
 * cached copy dropped by the content version), 301 after a rename, 410 after
 * a delete, a contact request that keeps the complex, and the sitemaps.
 */
const ADMIN_EMAIL = "complex-admin@example.com";
const ADMIN_PASSWORD = "complex-admin-password";
const server = useBuiltServer({
  prefix: "seaside-complex-",
  ports: [9730, 9739],
  env: { ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: "true" },
  // A build that has the complex page.
  marker: "Узнать о новых квартирах в этом комплексе",
  timeoutMs: 240_000,
});

let token = "";
async function api(path: string, init: RequestInit = {}) {
  if (!token) {
    const response = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  }
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, Prefer: "return=representation", ...init.headers },
  });
  expect(response.status, `${init.method ?? "GET"} ${path}: ${response.status}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>[]>;
}

const page = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${encodeURI(path)}`, { redirect: "manual", ...init });

/** The units table's row titles in order (each row's heading cell links the unit). */
function unitTitles(html: string): string[] {
  const table = /<table[^>]*data-testid="units-table"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  return [...table.matchAll(/<th scope="row"[^>]*><a[^>]*>([^<]*)<\/a><\/th>/g)].map((m) => m[1]!);
}
/**
 * The answer to `path` once `done` holds, or the last one after 3 s: the page cache reads the content version
 * at most every 500 ms, so a kept page may be served for that long after a write (decision 0004).
 */
async function eventually(path: string, done: (response: Response) => boolean): Promise<Response> {
  let response = await page(path);
  for (const started = Date.now(); !done(response) && Date.now() - started < 3000;) {
    await new Promise((r) => setTimeout(r, 100));
    response = await page(path);
  }
  return response;
}
const statuses = (html: string) => [...html.matchAll(/<tr[^>]*data-status="(\w+)"/g)].map((m) => m[1]!);

describe("the complex page over HTTP", () => {
  it("shows the complex in every language with its units; a status change is live; a rename answers 301, a delete 410", async () => {
    const [location] = await api("/rest/v1/locations?select=id,slug,slug_en,name&name=eq.Созополь");
    const [complex] = await api("/rest/v1/complexes", {
      method: "POST",
      body: JSON.stringify({
        name: "Бриз Тест",
        name_bg: "Бриз Тест БГ",
        name_en: "Breeze Test",
        description: "Комплекс у моря.",
        description_en: "A complex by the sea.",
        location_id: location!.id,
        developer: "Девелопер",
        construction_stage: "act14",
        completion_quarter: "2028-Q1",
        facilities: ["pool", "gym"],
        lat: 42.41,
        lng: 27.69,
      }),
    });
    const unit = async (title: string, price: number, status: string) =>
      (
        await api("/rest/v1/real_estates", {
          method: "POST",
          body: JSON.stringify({ title, description: "—", location_id: location!.id, price, area: 50, status, complex_id: complex!.id }),
        })
      )[0]!;
    const cheap = await unit("Бриз квартира А", 90000, "available");
    await unit("Бриз квартира Б", 120000, "reserved");
    await unit("Бриз квартира В", 60000, "sold");
    await unit("Бриз квартира Г", 150000, "available");

    const ru = `/${String(location!.slug)}/комплекс/${String(complex!.slug)}`;
    const bg = `/bg${ru}`;
    const en = `/en/${String(location!.slug_en)}/complex/${String(complex!.slug_en)}`;
    expect(complex!.slug_en).toBe("breeze-test");
    for (const [path, name, word] of [
      [ru, "Бриз Тест", "Интересует этот комплекс?"],
      [bg, "Бриз Тест БГ", "Интересува ли ви този комплекс?"],
      [en, "Breeze Test", "Interested in this complex?"],
    ] as const) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
      expect(html).toContain(word);
      // For sale by price (the reserved one among them), the sold one last whatever its price.
      expect(unitTitles(html)).toEqual(["Бриз квартира А", "Бриз квартира Б", "Бриз квартира Г", "Бриз квартира В"]);
      expect(statuses(html)).toEqual(["available", "reserved", "available", "sold"]);
    }
    // Sorted by the server: ?sort=price-desc.
    expect(unitTitles(await (await page(`${ru}?sort=price-desc`)).text())).toEqual([
      "Бриз квартира Г",
      "Бриз квартира Б",
      "Бриз квартира А",
      "Бриз квартира В",
    ]);
    // Only the page language's word: 404 otherwise.
    expect((await page(`/${String(location!.slug)}/complex/${String(complex!.slug)}`)).status).toBe(404);

    // The page is kept by the page cache…
    await page(ru);
    expect((await page(ru)).headers.get("x-page-cache")).toBe("HIT");
    // …and a unit sold through the API shows at once: the content version drops the kept page.
    await api(`/rest/v1/real_estates?id=eq.${String(cheap.id)}`, { method: "PATCH", body: JSON.stringify({ status: "sold" }) });
    // Within the cache's version check (500 ms): the first answer after it is the fresh table.
    let html = "";
    for (const started = Date.now(); Date.now() - started < 3000; await new Promise((r) => setTimeout(r, 100))) {
      html = await (await page(ru)).text();
      if (statuses(html).join() === "reserved,available,sold,sold") break;
    }
    // The sold ones last, by price among themselves (В 60 000, А 90 000).
    expect(unitTitles(html)).toEqual(["Бриз квартира Б", "Бриз квартира Г", "Бриз квартира В", "Бриз квартира А"]);
    expect(statuses(html)).toEqual(["reserved", "available", "sold", "sold"]);
    expect(html.replace(/\s/g, " ")).toContain("Цены: 120 000 € – 150 000 €");

    // A contact request sent from the page keeps the complex.
    const sent = await page(ru, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl, "X-Forwarded-For": "203.0.113.77" },
      body: new URLSearchParams({ name: "Покупатель", email: "buyer@example.com", message: "Есть ли двушки?", consent: "2026-11-27" }),
    });
    expect(sent.status).toBeLessThan(400);
    const [request] = await api("/rest/v1/contact_submissions?select=complex_id,message&message=eq.Есть ли двушки?");
    expect(request?.complex_id).toBe(complex!.id);

    // Sitemaps: the index names complexes-1.xml, which lists the page in every language with its alternates.
    const index = await (await page("/sitemap.xml")).text();
    expect(index).toContain("/sitemaps/complexes-1.xml");
    const sitemap = decodeURI(await (await page("/sitemaps/complexes-1.xml")).text());
    for (const path of [ru, bg, en]) expect(sitemap).toContain(`${path}</loc>`);

    // A rename: the old address answers 301 to the new one, the query kept.
    const [renamed] = await api(`/rest/v1/complexes?id=eq.${String(complex!.id)}`, {
      method: "PATCH",
      body: JSON.stringify({ name: "Бриз Новый", name_en: "Breeze New" }),
    });
    const moved = await eventually(`${ru}?sort=area`, (r) => r.status === 301);
    expect(moved.status).toBe(301);
    expect(decodeURI(moved.headers.get("location")!)).toBe(`/${String(location!.slug)}/комплекс/${String(renamed!.slug)}?sort=area`);
    const movedEn = await eventually(en, (r) => r.status === 301);
    expect(movedEn.status).toBe(301);
    expect(movedEn.headers.get("location")).toBe(`/en/${String(location!.slug_en)}/complex/breeze-new`);

    // A delete: its addresses answer 410 (old and current), its units stay.
    await api(`/rest/v1/complexes?id=eq.${String(complex!.id)}`, { method: "DELETE" });
    for (const path of [ru, `/${String(location!.slug)}/комплекс/${String(renamed!.slug)}`, en]) {
      const gone = await eventually(path, (r) => r.status === 410);
      expect(gone.status, path).toBe(410);
      if (path === ru) expect(await gone.text()).toContain("Комплекса больше нет в каталоге");
    }
    expect((await page(`/${String(location!.slug)}/комплекс/никогда-не-было`)).status).toBe(404);
  });
});
