import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { listingEngine } from "~/context";
import { ListingEngine } from "~/models/listing.server";
import { findDeletedProperties } from "~/models/addresses.server";
import { deleteLocation, updateLocation, type Location } from "~/models/locations.server";
import { createProperty, deleteProperty, updateProperty } from "~/models/real-estates.server";
import { twoLocations } from "../../../tests/support/catalogue";
import { useTestDatabase } from "../../../tests/support/test-db";
import { loader as byIdLoader } from "./by-id";
import { loader as locationLoader } from "./location";
import { loader as propertyLoader } from "./property";

/**
 * Issue 20: links already shared keep working — a renamed or moved property
 * or a renamed location answers 301 to where it is now (ru and bg, the query
 * kept), a deleted property 410 with its location's properties for sale.
 */
const test = useTestDatabase();
let sozopol: Location;
let burgas: Location;

beforeEach(async () => ({ sozopol, burgas } = await twoLocations(test.handle())));

function context() {
  const provider = new RouterContextProvider();
  provider.set(listingEngine, new ListingEngine());
  return provider;
}

/** What a loader answers for a path: its data, or the status and Location or data it threw. */
async function visit(path: string): Promise<{ status: number; location?: string; data?: unknown }> {
  const url = new URL(`http://127.0.0.1${path}`);
  const [, first, ...rest] = url.pathname.split("/").map(decodeURIComponent);
  const parts = first === "bg" || first === "en" ? rest : [first!, ...rest];
  const request = new Request(url);
  try {
    const args = { request, url, context: context(), unstable_pattern: "", pattern: "" } as never;
    const loaded =
      parts.length === 2
        ? await propertyLoader({ ...(args as object), params: { locationSlug: parts[0], propertySlug: parts[1] } } as never)
        : await locationLoader({ ...(args as object), params: { locationSlug: parts[0] } } as never);
    return { status: 200, data: loaded };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, data: (thrown as { data: unknown }).data };
    if (isRouteErrorResponse(thrown)) return { status: thrown.status, data: thrown.data };
    throw thrown;
  }
}

/** What /properties/{id} (or /bg/properties/{id}) answers. */
async function visitById(path: string): Promise<{ status: number; location?: string; data?: unknown }> {
  const url = new URL(`http://127.0.0.1${path}`);
  const id = url.pathname.split("/").pop()!;
  try {
    await byIdLoader({ request: new Request(url), url, context: context(), params: { id }, unstable_pattern: "", pattern: "" } as never);
    return { status: 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, data: (thrown as { data: unknown }).data };
    throw thrown;
  }
}

const enc = (path: string) => path.split("/").map(encodeURIComponent).join("/");

describe("old addresses", () => {
  it("a renamed property: 301 from its old address to the new one, in both languages", async () => {
    const row = await createProperty({ title: "Квартира у моря", description: "Светлая", location_id: sozopol.id });
    const renamed = await updateProperty(row.id, { title: "Студия у пляжа" });
    expect(await visit(enc(`/${sozopol.slug}/${row.slug}`))).toEqual({ status: 301, location: enc(`/${sozopol.slug}/${renamed.slug}`) });
    expect(await visit(enc(`/bg/${sozopol.slug}/${row.slug}`) + "?x=1")).toEqual({
      status: 301,
      location: enc(`/bg/${sozopol.slug}/${renamed.slug}`) + "?x=1",
    });
    expect((await visit(enc(`/${sozopol.slug}/${renamed.slug}`))).status).toBe(200);
  });

  it("a property moved to another location, and a renamed location: 301 to the current address", async () => {
    const row = await createProperty({ title: "Дом с садом", description: "Тихий", location_id: sozopol.id });
    await updateProperty(row.id, { location_id: burgas.id });
    expect(await visit(enc(`/${sozopol.slug}/${row.slug}`))).toEqual({ status: 301, location: enc(`/${burgas.slug}/${row.slug}`) });
    const renamed = await updateLocation(burgas.id, { name: "Бургас-центр" });
    expect(await visit(enc(`/${burgas.slug}`) + "?type=house")).toEqual({ status: 301, location: enc(`/${renamed.slug}`) + "?type=house" });
    expect(await visit(enc(`/bg/${burgas.slug}/${row.slug}`))).toEqual({ status: 301, location: enc(`/bg/${renamed.slug}/${row.slug}`) });
    // Both renamed: the oldest link still finds it in one hop.
    expect(await visit(enc(`/${sozopol.slug}/${row.slug}`))).toEqual({ status: 301, location: enc(`/${renamed.slug}/${row.slug}`) });
  });

  it("a deleted property: 410 with its location and the properties there for sale", async () => {
    const gone = await createProperty({ title: "Пентхаус", description: "Вид", location_id: sozopol.id });
    await createProperty({ title: "Студия", description: "Рядом", location_id: sozopol.id });
    await createProperty({ title: "Проданная", description: "Была", location_id: sozopol.id, status: "sold" });
    await deleteProperty(gone.id);
    const answer = await visit(enc(`/bg/${sozopol.slug}/${gone.slug}`));
    expect(answer.status).toBe(410);
    const data = answer.data as { lang: string; gone: { location: { path: string }; similar: { title: string }[] } };
    expect(data.lang).toBe("bg");
    expect(data.gone.location.path).toBe(`/${sozopol.slug}`);
    expect(data.gone.similar.map((s) => s.title)).toEqual(["Студия"]);
  });

  it("a deleted property's id answers 410 like its address (issue 30), ru and bg; an id that never was stays 404", async () => {
    const gone = await createProperty({ title: "Пентхаус", description: "Вид", location_id: sozopol.id });
    await createProperty({ title: "Студия", description: "Рядом", location_id: sozopol.id });
    expect((await visitById(`/properties/${gone.id}`)).location).toBe(enc(`/${sozopol.slug}/${gone.slug}`));
    await deleteProperty(gone.id);
    for (const [path, lang] of [
      [`/properties/${gone.id}`, "ru"],
      [`/bg/properties/${gone.id.toUpperCase()}`, "bg"],
      [`/en/properties/${gone.id}`, "en"],
    ] as const) {
      const answer = await visitById(path);
      expect(answer.status, path).toBe(410);
      const data = answer.data as { lang: string; gone: { location: { path: string }; similar: { title: string }[] } };
      expect(data.lang).toBe(lang);
      expect(data.gone.location.path).toBe(lang === "en" ? `/${sozopol.slug_en}` : `/${sozopol.slug}`);
      expect(data.gone.similar.map((s) => s.title)).toEqual(["Студия"]);
    }
    expect((await visitById(`/properties/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await visitById(`/properties/not-an-id`)).status).toBe(404);
  });

  it("the database keeps what a deleted property was, whoever deletes it; a deleted location takes it along", async () => {
    const one = await createProperty({ title: "Пентхаус", title_bg: "Мезонет", description: "Вид", price: 99000, location_id: sozopol.id });
    const two = await createProperty({ title: "Студия", description: "Рядом", location_id: burgas.id });
    await deleteProperty(one.id);
    // A writer other than the model (the REST API, a bulk load) leaves the same trace.
    await db().execute(sql`delete from real_estates where id = ${two.id}`);
    const kept = await findDeletedProperties([one.id, two.id.toUpperCase(), "not-an-id"]);
    const facts = kept.map(({ id, title, title_bg, price, location_name }) => ({ id, title, title_bg, price, location_name }));
    expect(facts.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { id: one.id, title: "Пентхаус", title_bg: "Мезонет", price: 99000, location_name: sozopol.name },
      { id: two.id, title: "Студия", title_bg: "", price: null, location_name: burgas.name },
    ]);
    await deleteLocation(burgas.id);
    expect((await findDeletedProperties([one.id, two.id])).map((d) => d.id)).toEqual([one.id]);
  });

  it("English addresses (issue 31): Latin, 301 after a rename or from the Russian address, 410 after a delete", async () => {
    const flat = await createProperty({ title: "Квартира у моря", description: "Вид", location_id: sozopol.id });
    // Without English texts: the Russian title transliterated; the place by the official system (Созополь → sozopoly).
    expect(flat.slug_en).toBe("kvartira-u-morya");
    expect(sozopol.slug_en).toBe("sozopoly");
    const page = await visit(`/en/${sozopol.slug_en}/${flat.slug_en}`);
    expect(page.status).toBe(200);
    const shown = page.data as { translated: boolean; indexed: boolean; property: { title: string }; paths: Record<string, string> };
    expect(shown.translated).toBe(false);
    expect(shown.indexed).toBe(false);
    expect(shown.property.title).toBe("Квартира у моря");
    // No English twin in hreflang until the agent writes English.
    expect(Object.keys(shown.paths).sort()).toEqual(["bg", "ru"]);
    // The Russian address opened in English (a cookie, a shared link): 301 to the Latin one.
    expect(await visit(enc(`/en/${sozopol.slug}/${flat.slug}`))).toEqual({ status: 301, location: `/en/sozopoly/kvartira-u-morya` });
    expect(await visit(enc(`/en/${sozopol.slug}`))).toEqual({ status: 301, location: `/en/sozopoly` });
    // English texts give the address its English words; the old one answers 301.
    const english = await updateProperty(flat.id, { title_en: "Sea-view flat", description_en: "A view" });
    expect(english.slug_en).toBe("sea-view-flat");
    expect(english.slug).toBe(flat.slug);
    expect(await visit(`/en/sozopoly/kvartira-u-morya?x=1`)).toEqual({ status: 301, location: `/en/sozopoly/sea-view-flat?x=1` });
    const now = (await visit(`/en/sozopoly/sea-view-flat`)).data as {
      translated: boolean;
      indexed: boolean;
      property: { title: string };
      paths: Record<string, string>;
    };
    expect(now.translated).toBe(true);
    expect(now.indexed).toBe(true);
    expect(now.property.title).toBe("Sea-view flat");
    expect(now.paths).toEqual({ ru: `/${sozopol.slug}/${flat.slug}`, bg: `/${sozopol.slug}/${flat.slug}`, en: "/sozopoly/sea-view-flat" });
    // A location's English name renames its English address; the old one answers 301.
    await updateLocation(sozopol.id, { name_en: "Sozopol Old Town" });
    expect(await visit(`/en/sozopoly/sea-view-flat`)).toEqual({ status: 301, location: `/en/sozopol-old-town/sea-view-flat` });
    expect(await visit(`/en/sozopoly`)).toEqual({ status: 301, location: `/en/sozopol-old-town` });
    // Deleted: its English addresses answer 410 too.
    await deleteProperty(flat.id);
    expect((await visit(`/en/sozopol-old-town/sea-view-flat`)).status).toBe(410);
    expect((await visit(`/en/sozopol-old-town/kvartira-u-morya`)).status).toBe(410);
    const [kept] = await findDeletedProperties([flat.id]);
    expect(kept?.names).toMatchObject({ title: "Квартира у моря", title_en: "Sea-view flat", slug_en: "sea-view-flat" });
  });

  it("an address that never named a property stays 404", async () => {
    await createProperty({ title: "Студия", description: "Рядом", location_id: sozopol.id });
    expect((await visit(enc(`/${sozopol.slug}/nikogda`))).status).toBe(404);
    expect((await visit(enc(`/nikogda/studiya`))).status).toBe(404);
    expect((await visit(enc(`/nikogda`))).status).toBe(404);
  });
});
