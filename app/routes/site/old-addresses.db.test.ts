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
  const [, maybeBg, ...rest] = url.pathname.split("/").map(decodeURIComponent);
  const parts = maybeBg === "bg" ? rest : [maybeBg!, ...rest];
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
    const data = answer.data as { lang: string; gone: { location: { slug: string }; similar: { title: string }[] } };
    expect(data.lang).toBe("bg");
    expect(data.gone.location.slug).toBe(sozopol.slug);
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
    ] as const) {
      const answer = await visitById(path);
      expect(answer.status, path).toBe(410);
      const data = answer.data as { lang: string; gone: { location: { slug: string }; similar: { title: string }[] } };
      expect(data.lang).toBe(lang);
      expect(data.gone.location.slug).toBe(sozopol.slug);
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

  it("an address that never named a property stays 404", async () => {
    await createProperty({ title: "Студия", description: "Рядом", location_id: sozopol.id });
    expect((await visit(enc(`/${sozopol.slug}/nikogda`))).status).toBe(404);
    expect((await visit(enc(`/nikogda/studiya`))).status).toBe(404);
    expect((await visit(enc(`/nikogda`))).status).toBe(404);
  });
});
