import { beforeAll, describe, expect, it } from "vitest";
import { useBuiltServer } from "../support/built-server";

/**
 * Issue 33 through the production server: `/properties?complex=<id>` (and a
 * location page's) lists only the complex's units and names the complex
 * above them, in the page's language, with a link removing it; an unknown
 * complex is an empty list that still names the filter; a malformed id is
 * ignored like any bad filter value; a search for a complex's name shows it
 * before the results. The catalogue is made through the HTTP API, as an
 * administrator's client would.
 */
const ADMIN = { email: "complex-filter@example.com", password: "complex filter test password" };
const server = useBuiltServer({
  prefix: "seaside-complex-filter-",
  ports: [9740, 9749],
  env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  // A build with the complexes' row before the results.
  marker: "complexes-found",
  timeoutMs: 300_000,
});

let token = "";
async function insert(table: string, row: Record<string, unknown>): Promise<Record<string, string>> {
  if (!token) {
    const response = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  }
  const response = await fetch(`${server.baseUrl}/rest/v1/${table}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, Prefer: "return=representation" },
    body: JSON.stringify(row),
  });
  expect(response.status, `POST ${table}: ${await response.clone().text()}`).toBe(201);
  return ((await response.json()) as Record<string, string>[])[0]!;
}

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.baseUrl}${encodeURI(path)}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** The chips' block above the results (ActiveFilters), or "" when there is none. */
function activeFilters(html: string): string {
  const start = html.indexOf('data-testid="active-filters"');
  return start < 0 ? "" : html.slice(start, html.indexOf("</div>", start));
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
let lozenets: Record<string, string>;
let cascadas: Record<string, string>;

beforeAll(async () => {
  lozenets = await insert("locations", { name: "Лозенец", name_bg: "Лозенец", image: "/upload/locations/l.jpg" });
  cascadas = await insert("complexes", { name: "Каскадас", name_bg: "Каскадас", name_en: "Cascadas", location_id: lozenets.id });
  const sunrise = await insert("complexes", { name: "Санрайз", location_id: lozenets.id });
  const unit = (title: string, fields: Record<string, unknown>) =>
    insert("real_estates", { title, title_en: `${title} (en)`, description: "Квартира у моря", location_id: lozenets.id, price: 90000, ...fields });
  await unit("Юнит первый", { complex_id: cascadas.id });
  await unit("Юнит второй", { complex_id: cascadas.id, property_type: "house" });
  await unit("Юнит проданный", { complex_id: cascadas.id, status: "sold" });
  await unit("Соседний юнит", { complex_id: sunrise.id });
  await unit("Отдельная квартира", {});
});

describe("the complex filter over HTTP", () => {
  it("lists only the complex's units and names the complex above them, in Russian and in English, with a link removing it", async () => {
    const ru = await page(`/properties?complex=${cascadas.id}`);
    expect(ru.status).toBe(200);
    expect(ru.html).toContain("Юнит первый");
    expect(ru.html).toContain("Юнит второй");
    for (const other of ["Юнит проданный", "Соседний юнит", "Отдельная квартира"]) expect(ru.html).not.toContain(other);
    const chips = activeFilters(ru.html);
    expect(chips).toContain("Комплекс: Каскадас");
    // The chip's link is the same listing without the complex.
    const link = (chips.match(/<a [^>]*>/g) ?? []).find((tag) => tag.includes("Комплекс: Каскадас"));
    expect(link).toContain('href="/properties"');
    // A new search keeps it (a hidden field of the GET form), and the page is not for search engines.
    expect(ru.html).toContain(`name="complex" value="${cascadas.id}"`);
    expect(ru.html).toMatch(/<meta name="robots" content="noindex/);

    const en = await page(`/en/properties?complex=${cascadas.id}&type=house`);
    expect(en.status).toBe(200);
    expect(activeFilters(en.html)).toContain("Complex: Cascadas");
    expect(en.html).toContain("Юнит второй (en)");
    expect(en.html).not.toContain("Юнит первый (en)");
  });

  it("keeps the filter on a location page", async () => {
    const response = await page(`/лозенец?complex=${cascadas.id}`);
    expect(response.status).toBe(200);
    expect(activeFilters(response.html)).toContain("Комплекс: Каскадас");
    expect(response.html).toContain("Юнит первый");
    expect(response.html).not.toContain("Отдельная квартира");
  });

  it("answers an unknown complex with an empty list that still names the filter, and ignores a malformed id", async () => {
    const unknown = await page(`/properties?complex=${UNKNOWN}`);
    expect(unknown.status).toBe(200);
    expect(activeFilters(unknown.html)).toContain("Комплекс: не найден");
    expect(unknown.html).toContain("Объекты не найдены");
    const bg = await page(`/bg/properties?complex=${UNKNOWN}`);
    expect(activeFilters(bg.html)).toContain("Комплекс: не е намерен");
    for (const bad of ["42", "%27%20or%201=1", `${UNKNOWN}0`]) {
      const response = await fetch(`${server.baseUrl}/properties?complex=${bad}`);
      expect(response.status, bad).toBe(200);
      const html = await response.text();
      expect(activeFilters(html), bad).not.toContain("Комплекс");
      expect(html, bad).toContain("Отдельная квартира");
    }
  });

  it("shows a complex whose name a search names before the results, linking its page, and finds its units by the name", async () => {
    const ru = await page("/properties?search=каскад");
    expect(ru.status).toBe(200);
    const start = ru.html.indexOf('data-testid="complexes-found"');
    expect(start).toBeGreaterThan(0);
    const row = ru.html.slice(start, ru.html.indexOf("</section>", start));
    expect(decodeURI(row)).toContain(`href="/лозенец/комплекс/${cascadas.slug}"`);
    expect(row).toContain("Каскадас");
    expect(row).toContain("2 объекта в продаже");
    expect(row).toContain(`href="/properties?complex=${cascadas.id}"`);
    // The row comes before the cards, which are the complex's units found by its name.
    expect(start).toBeLessThan(ru.html.indexOf("Юнит первый"));
    expect(ru.html).not.toContain("Отдельная квартира");

    const en = await page("/en/properties?search=cascadas");
    const enRow = en.html.slice(en.html.indexOf('data-testid="complexes-found"'));
    expect(enRow).toContain(`href="/en/lozenets/complex/${cascadas.slug_en}"`);
    expect(enRow).toContain("2 properties for sale");
  });
});
