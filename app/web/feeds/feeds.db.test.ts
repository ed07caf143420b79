import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { complexes, locations, realEstates } from "~/db/schema";
import { createComplex, deleteComplex, updateComplex } from "~/models/complexes.server";
import { createLocation, updateLocation } from "~/models/locations.server";
import { createProperty, deleteProperty, updateProperty } from "~/models/real-estates.server";
import { saveAgentCard } from "~/models/agent-card.server";
import { feedCounts, locationsWithoutRegion, newestComplexesForRss, newestForRss } from "~/models/feeds.server";
import { getEnv, type Env } from "~/platform/env.server";
import { resetDatabase, useTestDatabase } from "../../../tests/support/test-db";
import { all, parseXml, textOf, type XmlNode } from "../../../tests/support/xml-tree";
import { FEED_FILES, feedResponse, feedText, feedUrl, tokenMatches, type FeedFile } from "./feed-http.server";
import { CSV_BOM, CSV_COLUMNS } from "./csv.server";
import { renderRss } from "./rss.server";

/**
 * The feeds against the published rules of ../shared/feeds.md, written as
 * checks (decision 0026), on both databases: which properties go out, every
 * required element, the value formats and option codes, the token, the
 * cache (ETag/304, a change makes a new version), the CSV export and RSS.
 */

const test = useTestDatabase();
const TOKEN = "feeds-token-0123456789abcdef";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "feeds-test-"));
const env = (): Env => ({ ...getEnv(), FEEDS_TOKEN: TOKEN, dataDir, publicUrl: "https://seaside.example" });
const ORIGIN = "https://seaside.example";

const ids: Record<string, string> = {};

async function text(file: FeedFile): Promise<string> {
  let out = "";
  for await (const piece of feedText(file, env(), 2)) out += piece;
  return out;
}

function get(file: string, query: string, headers: Record<string, string> = {}, administrator = false) {
  return feedResponse(new Request(`http://localhost/feeds/${file}${query}`, { headers }), file, env(), { administrator });
}

/** As a signed-in administrator (the CSV export needs one; the portals' feeds still need their token). */
const asAdmin = (file: string, query: string, headers: Record<string, string> = {}) => get(file, query, headers, true);

beforeAll(async () => {
  await resetDatabase(test.handle());
  const sozopol = await createLocation({ name: "Созополь", name_bg: "Созопол", image: "/upload/locations/s.jpg", homesoverseas_region: 415 });
  const burgas = await createLocation({ name: "Бургас", image: "/upload/locations/b.jpg" });
  const base = { description: "Описание", location_id: sozopol.id, images: ["/upload/properties/a.jpg"] };
  /** Creates a property in Sozopol with one photo, `fields` over that, and keeps its id under `name`. */
  const add = async (name: string, fields: Record<string, unknown>) => {
    ids[name] = (await createProperty({ ...base, ...fields })).id;
  };
  await add("full", {
    title: "Квартира «Чайка» & вид на море — первая линия, 2 спальни, бассейн и парковка у самого пляжа",
    title_bg: "Апартамент „Чайка“",
    description: "Первая строка\nвторая <b>не тег</b> ]]> конец",
    description_bg: "Описание на български",
    price: 120000.4,
    area: 65.5,
    bedrooms: 2,
    bathrooms: 1,
    reference: "SZ-101",
    sea_distance_m: 350,
    sea_line: 1,
    sea_view: true,
    pool: true,
    parking: true,
    furnished: "full",
    floor: 3,
    floors_total: 5,
    construction_stage: "act15",
    completion_quarter: "2027-Q2",
    maintenance_fee_eur_m2: 12.5,
    complex_name: "Чайка Резорт",
    lat: 42.41751,
    lng: 27.69602,
    location_precision: "exact",
    images: ["/upload/properties/a.jpg", "/upload/properties/b.png", "/upload/properties/c.webp", "https://cdn.example/x.gif"],
  });
  await add("house", {
    title: "Дом с садом",
    property_type: "house",
    status: "reserved",
    plot_area: 600,
    sea_line: 2,
    lat: 42.4,
    lng: 27.7,
    location_precision: "approximate",
    reference: "A-VERY-LONG-REFERENCE-40",
  });
  await add("sold", { title: "Проданная квартира", status: "sold" });
  await add("unpublished", { title: "Не для порталов", publish_to_feeds: false });
  await add("noRegion", { title: "Студия в Бургасе", location_id: burgas.id });
  await add("formula", { title: '=HYPERLINK("http://evil")', description: "@SUM(A1)", floor: -1 });
  await add("deleted", { title: "Удалённый" });
  await deleteProperty(ids.deleted);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const HOMESOVERSEAS_OPTIONS = new Set([7, 16, 6, 9, 25, 35, 23, 33, 13, 18, 19, 24, 27, 30, 55, 56, 57, 58, 59]);
const ABSOLUTE_JPEG = /^https?:\/\/[^\s]+\.jpe?g$/;

/** Every rule of ../shared/feeds.md's homesoverseas.ru table on one <object>. */
function checkHomesoverseasObject(o: XmlNode) {
  const known = new Set([
    "objectid", "ref", "title", "type", "market", "annotation", "description", "price", "currency", "region", "realty_type", "bedrooms",
    "size_house", "size_land", "year", "not_ready_year", "not_ready_quarter", "level", "levels", "distance_sea", "distance_aero",
    "option", "lat", "lng", "photo", "ytid", "developer",
  ]); // prettier-ignore
  for (const child of o.children) expect(known, child.name).toContain(child.name);
  for (const name of known) if (name !== "option" && name !== "photo") textOf(o, name); // throws when repeated
  expect(textOf(o, "objectid")).toMatch(/^\d+$/);
  expect([...(textOf(o, "ref") ?? "")].length).toBeLessThanOrEqual(60);
  const title = textOf(o, "title")!;
  expect(title.trim().length).toBeGreaterThan(0);
  expect([...title].length).toBeLessThanOrEqual(60);
  expect(["sale", "rent"]).toContain(textOf(o, "type"));
  if (textOf(o, "market") !== undefined) expect(["primary", "secondary", "mortgage"]).toContain(textOf(o, "market"));
  expect([...(textOf(o, "annotation") ?? "")].length).toBeLessThanOrEqual(150);
  const description = textOf(o, "description");
  if (description !== undefined) {
    for (const [, tag] of description.matchAll(/<\/?([a-z0-9]+)[^>]*>/gi))
      expect(["br", "strong", "b", "ul", "li", "i", "u", "sup"]).toContain(tag!.toLowerCase());
  }
  expect(textOf(o, "price")).toMatch(/^\d+$/);
  expect(["eur", "usd", "chf", "gbp", "rur"]).toContain(textOf(o, "currency"));
  expect(textOf(o, "region")).toMatch(/^\d+$/);
  expect(["16", "17", "18", "15", "14", "20", "21", "22", "23", "24", "25", "26"]).toContain(textOf(o, "realty_type"));
  for (const name of ["bedrooms", "size_house", "size_land", "year", "not_ready_year", "level", "levels"]) {
    if (textOf(o, name) !== undefined) expect(textOf(o, name), name).toMatch(/^\d+(\.\d+)?$/);
  }
  if (textOf(o, "not_ready_quarter") !== undefined) expect(textOf(o, "not_ready_quarter")).toMatch(/^[1-4]$/);
  if (textOf(o, "distance_sea") !== undefined) expect(textOf(o, "distance_sea")).toMatch(/^\d+(\.\d{1,3})?$/);
  for (const option of all(o, "option")) expect(HOMESOVERSEAS_OPTIONS).toContain(Number(option.text));
  expect(textOf(o, "lat") === undefined).toBe(textOf(o, "lng") === undefined);
  if (textOf(o, "lat") !== undefined) expect(textOf(o, "lat")).toMatch(/^-?\d+(\.\d+)?$/);
  const photos = all(o, "photo");
  expect(photos.length).toBeLessThanOrEqual(15);
  for (const photo of photos) expect(photo.text).toMatch(ABSOLUTE_JPEG);
}

/** Every rule of ../shared/feeds.md's Kyero v3 table on one <property>. */
function checkKyeroProperty(p: XmlNode) {
  const id = textOf(p, "id")!;
  expect(id.length).toBeGreaterThanOrEqual(1);
  expect(id.length).toBeLessThanOrEqual(50);
  expect(textOf(p, "date")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const ref = textOf(p, "ref")!;
  expect(ref.length).toBeGreaterThanOrEqual(1);
  expect(ref.length).toBeLessThanOrEqual(15);
  expect(textOf(p, "price")).toMatch(/^(\d+|x)$/);
  if (textOf(p, "currency") !== undefined) expect(["EUR", "GBP", "USD"]).toContain(textOf(p, "currency"));
  expect(["sale", "week", "month"]).toContain(textOf(p, "price_freq"));
  for (const flag of ["new_build", "leasehold", "part_ownership", "pool"]) if (textOf(p, flag) !== undefined) expect(["1", "0", ""]).toContain(textOf(p, flag));
  expect(textOf(p, "type")).toMatch(/^[A-Za-z &()/-]{3,}$/);
  expect(textOf(p, "town")!.trim()).not.toBe("");
  expect(textOf(p, "province")!.trim()).not.toBe("");
  expect([...(textOf(p, "location_detail") ?? "")].length).toBeLessThanOrEqual(50);
  for (const name of ["beds", "baths"]) if (textOf(p, name) !== undefined) expect(textOf(p, name)).toMatch(/^\d+$/);
  const [location] = all(p, "location");
  if (location) for (const c of location.children) expect(c.text).toMatch(/^-?\d+(\.\d+)?$/);
  const [surface] = all(p, "surface_area");
  if (surface) for (const c of surface.children) expect(c.text).toMatch(/^\d+$/);
  const [url] = all(p, "url");
  if (url) {
    for (const c of url.children) {
      expect(c.name).toMatch(/^[a-z]{2}$/);
      expect(c.text).toMatch(/^https?:\/\//);
      expect(c.text.length).toBeLessThanOrEqual(255);
    }
  }
  const [features] = all(p, "features");
  expect(features).toBeDefined();
  const feature = all(features!, "feature");
  expect(feature.length).toBeGreaterThanOrEqual(1);
  expect(feature.length).toBeLessThanOrEqual(50);
  const [images] = all(p, "images");
  if (images) {
    const list = all(images, "image");
    expect(list.length).toBeLessThanOrEqual(50);
    for (const image of list) {
      expect(Number(image.attributes.id)).toBeGreaterThanOrEqual(0);
      expect(Number(image.attributes.id)).toBeLessThanOrEqual(100);
      expect(textOf(image, "url")).toMatch(/^https?:\/\/\S+\.(jpe?g|png|gif)$/);
    }
  }
}

describe("homesoverseas.ru feed", () => {
  it("publishes exactly the available and reserved properties switched on, in a location with a region id, each by the rules", async () => {
    const root = parseXml(await text("homesoverseas.xml"));
    expect(root.name).toBe("root");
    const objects = all(root, "object");
    expect(root.children.every((c) => c.name === "object")).toBe(true);
    for (const o of objects) checkHomesoverseasObject(o);
    const titles = objects.map((o) => textOf(o, "title"));
    expect(titles).toHaveLength(3);
    expect(titles.join("|")).not.toMatch(/Проданная|Не для порталов|Бургасе|Удалённый/);
  });

  it("maps the seaside facts", async () => {
    const root = parseXml(await text("homesoverseas.xml"));
    const full = all(root, "object").find((o) => textOf(o, "ref") === "SZ-101")!;
    expect(textOf(full, "title")).toMatch(/^Квартира «Чайка» & вид на море.*…$/);
    expect(textOf(full, "price")).toBe("120000");
    expect(textOf(full, "currency")).toBe("eur");
    expect(textOf(full, "region")).toBe("415");
    expect(textOf(full, "realty_type")).toBe("16");
    expect(textOf(full, "market")).toBe("primary");
    expect([textOf(full, "not_ready_year"), textOf(full, "not_ready_quarter")]).toEqual(["2027", "2"]);
    expect(textOf(full, "distance_sea")).toBe("0.35");
    expect([textOf(full, "level"), textOf(full, "levels")]).toEqual(["3", "5"]);
    expect(all(full, "option").map((o) => Number(o.text))).toEqual([7, 6, 19, 23, 13]);
    expect([textOf(full, "lat"), textOf(full, "lng")]).toEqual(["42.41751", "27.69602"]);
    expect(all(full, "photo").map((p) => p.text)).toEqual([
      `${ORIGIN}/upload/properties/a.jpg`,
      `${ORIGIN}/img/jpeg/upload/properties/b.png.jpg`,
      `${ORIGIN}/img/jpeg/upload/properties/c.webp.jpg`,
    ]);
    expect(textOf(full, "description")).toContain("Первая строка<br>вторая &lt;b&gt;не тег&lt;/b&gt; ]]&gt; конец");
    expect(textOf(full, "description")).toContain("Плата за обслуживание: 12,5 €/м² в год.");
    const house = all(root, "object").find((o) => textOf(o, "title") === "Дом с садом")!;
    expect(textOf(house, "realty_type")).toBe("17");
    expect(textOf(house, "size_land")).toBe("600");
    expect(textOf(house, "price")).toBe("0");
    expect(all(house, "option").map((o) => o.text)).toEqual(["16"]);
    // An approximate point is never sent.
    expect(textOf(house, "lat")).toBeUndefined();
    expect(textOf(house, "market")).toBeUndefined();
  });
});

describe("Kyero v3 feed", () => {
  it("has the header and every published property (the region id is homesoverseas.ru's only), each by the rules", async () => {
    const root = parseXml(await text("kyero.xml"));
    expect(root.children.map((c) => c.name).slice(0, 2)).toEqual(["kyero", "agent"]);
    expect(textOf(root.children[0]!, "feed_version")).toBe("3");
    expect(root.children.slice(2).every((c) => c.name === "property")).toBe(true);
    const properties = all(root, "property");
    for (const p of properties) checkKyeroProperty(p);
    expect(properties).toHaveLength(4);
    const all_ = properties.map((p) => textOf(all(p, "desc")[0]!, "ru")).join("|");
    expect(all_).not.toMatch(/Проданная|Не для порталов|Удалённый/);
  });

  it("names the agent as the agent card does (else SITE_CONTACT_NAME), after a change at /admin/agent", async () => {
    const agentName = async () => textOf(parseXml(await text("kyero.xml")).children[1]!, "name");
    expect(await agentName()).toBe(env().SITE_CONTACT_NAME);
    await saveAgentCard({ name: "Анна Петрова", languages: [], photo: null });
    try {
      expect(await agentName()).toBe("Анна Петрова");
    } finally {
      await saveAgentCard({ name: "", languages: [], photo: null });
    }
  });

  it("maps the facts to Kyero's words, both languages", async () => {
    const root = parseXml(await text("kyero.xml"));
    const full = all(root, "property").find((p) => textOf(p, "ref") === "SZ-101")!;
    expect(textOf(full, "price")).toBe("120000");
    expect(textOf(full, "new_build")).toBe("1");
    expect(textOf(full, "pool")).toBe("1");
    expect(textOf(full, "type")).toBe("apartment");
    expect(textOf(full, "town")).toBe("Sozopol");
    expect(textOf(full, "province")).toBe(getEnv().FEEDS_PROVINCE);
    expect(textOf(all(full, "location")[0]!, "latitude")).toBe("42.41751");
    const url = all(full, "url")[0]!;
    // Its Cyrillic slug percent-encoded passes 255 characters: the short address by id.
    expect(textOf(url, "ru")).toBe(`${ORIGIN}/properties/${ids.full}`);
    expect(textOf(url, "bg")).toBe(`${ORIGIN}/bg/properties/${ids.full}`);
    const desc = all(full, "desc")[0]!;
    expect(textOf(desc, "bg")).toContain("Апартамент „Чайка“");
    expect(textOf(desc, "bg")).toContain("Такса поддръжка");
    const features = all(all(full, "features")[0]!, "feature").map((f) => f.text);
    expect(features).toEqual(expect.arrayContaining(["Frontline beach", "Sea views", "Swimming pool", "Parking", "Furnished", "350 m to the sea"]));
    expect(all(all(full, "images")[0]!, "image").map((i) => textOf(i, "url"))).toHaveLength(3);
    const house = all(root, "property").find((p) => textOf(all(p, "desc")[0]!, "ru")?.startsWith("Дом с садом"))!;
    expect(textOf(all(house, "url")[0]!, "ru")).toMatch(/^https:\/\/seaside\.example\/%D1%81%D0%BE%D0%B7/);
    expect(textOf(house, "price")).toBe("x");
    expect(textOf(house, "type")).toBe("house");
    expect(textOf(house, "ref")).toMatch(/^\d+$/); // the 24-character reference does not fit: the feed id
    expect(all(house, "location")).toEqual([]);
    expect(all(all(house, "features")[0]!, "feature").map((f) => f.text)).toContain("Reserved");
  });
});

describe("access, cache and compression", () => {
  it("answers 404 without the exact token, for an unknown file, and with the feeds off", async () => {
    for (const query of [
      "",
      "?token=",
      "?token=wrong",
      `?token=${TOKEN}x`,
      `?token=${TOKEN.toUpperCase()}`,
      `?token=${TOKEN}&token=${TOKEN}`,
      "?token=%00",
      "?token[]=1",
    ]) {
      expect((await get("kyero.xml", query)).status, query).toBe(404);
    }
    expect((await get("other.xml", `?token=${TOKEN}`)).status).toBe(404);
    const off = await feedResponse(new Request(`http://localhost/feeds/kyero.xml?token=${TOKEN}`), "kyero.xml", { ...env(), FEEDS_TOKEN: undefined });
    expect(off.status).toBe(404);
    expect(tokenMatches(new URLSearchParams(`token=${TOKEN}`), TOKEN)).toBe(true);
    expect(feedUrl(env(), "kyero.xml")).toBe(`${ORIGIN}/feeds/kyero.xml?token=${TOKEN}`);
  });

  it("the CSV export (exact points of approximate properties) answers a signed-in administrator only: never the portals' token", async () => {
    for (const query of ["", `?token=${TOKEN}`, "?token=wrong"]) {
      const portal = await get("listings.csv", query);
      expect(portal.status, query).toBe(404);
      expect(await portal.text(), query).not.toContain("location_precision");
    }
    const admin = await asAdmin("listings.csv", "");
    expect(admin.status).toBe(200);
    expect(admin.headers.get("content-disposition")).toBe('attachment; filename="listings.csv"');
    expect(await admin.text()).toContain("location_precision");
    // The agent's own copy, feeds on or off; an administrator still needs the token for the portals' feeds.
    const off = await feedResponse(
      new Request("http://localhost/feeds/listings.csv"),
      "listings.csv",
      { ...env(), FEEDS_TOKEN: undefined },
      { administrator: true },
    );
    expect(off.status).toBe(200);
    expect((await asAdmin("kyero.xml", "")).status).toBe(404);
  });

  it("sends each feed compressed, 304 for its ETag, and a new ETag after a change", async () => {
    for (const file of FEED_FILES) {
      const br = await asAdmin(file, `?token=${TOKEN}`, { "accept-encoding": "gzip, br" });
      expect(br.status).toBe(200);
      expect(br.headers.get("content-encoding")).toBe("br");
      const brText = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8");
      const gz = await asAdmin(file, `?token=${TOKEN}`, { "accept-encoding": "gzip" });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8")).toBe(brText);
      const plain = await asAdmin(file, `?token=${TOKEN}`);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(brText.replace(/^\uFEFF/, "") === brText ? brText : brText.slice(1)); // Response.text() drops a BOM
      const etag = br.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await asAdmin(file, `?token=${TOKEN}`, { "if-none-match": etag })).status).toBe(304);
    }
    const before = (await get("kyero.xml", `?token=${TOKEN}`)).headers.get("etag");
    await updateProperty(ids.full!, { price: 125000 });
    const after = await get("kyero.xml", `?token=${TOKEN}`, { "if-none-match": before! });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
    expect(await after.text()).toContain("<price>125000</price>");
    // Only this version's files stay.
    expect(fs.readdirSync(path.join(dataDir, "cache", "feeds")).filter((n) => n.startsWith("kyero.xml."))).toHaveLength(2);
  });

  it("drops a property that is sold or switched off at the next version, and the region id follows the location", async () => {
    await updateProperty(ids.house!, { status: "sold" });
    await updateProperty(ids.formula!, { publish_to_feeds: false });
    const kyero = parseXml(await text("kyero.xml"));
    expect(all(kyero, "property")).toHaveLength(2);
    const counts = await feedCounts();
    expect(counts).toEqual({ published: 2, withoutRegion: 1 });
    const burgas = (await newestForRss(50)).find((p) => p.location_name === "Бургас")!;
    // The dashboard names it (with a link to its form): Созополь has its region, Бургас has none.
    expect(await locationsWithoutRegion()).toEqual([{ id: burgas.location_id, name: "Бургас", properties: 1 }]);
    await updateLocation(burgas.location_id, { homesoverseas_region: 416 });
    expect(await locationsWithoutRegion()).toEqual([]);
    expect(all(parseXml(await text("homesoverseas.xml")), "object")).toHaveLength(2);
    await updateProperty(ids.house!, { status: "reserved" });
    await updateProperty(ids.formula!, { publish_to_feeds: true });
  });
});

/** RFC 4180 reader for the test (quoted cells, "" inside, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"|([^",\r\n]*)/y;
  let row: string[] = [];
  let at = 0;
  for (;;) {
    cell.lastIndex = at;
    const m = cell.exec(text)!;
    row.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
    at = cell.lastIndex;
    if (text[at] === ",") {
      at++;
      continue;
    }
    rows.push(row);
    row = [];
    if (text.startsWith("\r\n", at)) at += 2;
    if (at >= text.length) return rows;
  }
}

describe("CSV export", () => {
  it("has a BOM, every column, both languages, every property (sold and switched off too), and no formula cells", async () => {
    const csv = await text("listings.csv");
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual(CSV_COLUMNS.map(([name]) => name));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toHaveLength(header!.length);
    const col = (name: string) => header!.indexOf(name);
    const byRef = rows.find((r) => r[col("reference")] === "SZ-101")!;
    expect(byRef[col("title_bg")]).toBe("Апартамент „Чайка“");
    expect(byRef[col("description")]).toBe("Первая строка\nвторая <b>не тег</b> ]]> конец");
    expect(byRef[col("sea_line")]).toBe("1");
    expect(byRef[col("images")]!.split("\n")[0]).toBe(`${ORIGIN}/upload/properties/a.jpg`);
    const formula = rows.find((r) => r[col("title")]!.includes("HYPERLINK"))!;
    expect(formula[col("title")]).toBe('\'=HYPERLINK("http://evil")');
    expect(formula[col("description")]).toBe("'@SUM(A1)");
    expect(formula[col("floor")]).toBe("-1");
    for (const row of rows) for (const value of row) expect(value).not.toMatch(/^[=+@\t\r]/);
    expect(rows.map((r) => r[col("status")]).sort()).toEqual(["available", "available", "available", "available", "reserved", "sold"]);
  });
});

describe("English (issue 31)", () => {
  it("Kyero's url/en and desc/en, the CSV's English columns and /en/rss.xml once a property has English texts — and none before", async () => {
    const kyeroOf = async () => all(parseXml(await text("kyero.xml")), "property").find((p) => textOf(p, "ref") === "SZ-101")!;
    const before = await kyeroOf();
    expect(all(all(before, "url")[0]!, "en")).toEqual([]);
    expect(all(all(before, "desc")[0]!, "en")).toEqual([]);
    expect(renderRss("en", ORIGIN, await newestForRss(30, "en"))).not.toContain("<item>");
    await updateProperty(ids.full!, { title_en: "Seagull flat, beachfront", description_en: "Two bedrooms & a pool", features_en: ["Pool", "Parking"] });
    try {
      const full = await kyeroOf();
      checkKyeroProperty(full);
      expect(textOf(all(full, "url")[0]!, "en")).toBe(`${ORIGIN}/en/sozopol/seagull-flat-beachfront`);
      expect(textOf(all(full, "desc")[0]!, "en")).toContain("Seagull flat, beachfront\n\nTwo bedrooms & a pool");
      expect(textOf(all(full, "desc")[0]!, "ru")).toContain("Квартира «Чайка»");
      const [header, ...rows] = parseCsv((await text("listings.csv")).slice(1));
      const col = (name: string) => header!.indexOf(name);
      for (const name of ["title_en", "description_en", "features_en", "location_en", "url_en"]) expect(col(name), name).toBeGreaterThan(0);
      const row = rows.find((r) => r[col("reference")] === "SZ-101")!;
      expect([row[col("title_en")], row[col("description_en")], row[col("features_en")]]).toEqual([
        "Seagull flat, beachfront",
        "Two bedrooms & a pool",
        "Pool\nParking",
      ]);
      expect(row[col("url_en")]).toBe(`${ORIGIN}/en/sozopol/seagull-flat-beachfront`);
      const rss = parseXml(renderRss("en", ORIGIN, await newestForRss(30, "en")));
      const items = all(all(rss, "channel")[0]!, "item");
      expect(items.map((i) => textOf(i, "link"))).toEqual([`${ORIGIN}/en/sozopol/seagull-flat-beachfront`]);
      expect(textOf(items[0]!, "title")).toMatch(/^Seagull flat, beachfront — €\d{3},\d{3}$/);
    } finally {
      await updateProperty(ids.full!, { title_en: "", description_en: "", features_en: [] });
    }
  });
});

describe("RSS", () => {
  it("lists the newest properties for sale with photo, price and link, in each language", async () => {
    for (const lang of ["ru", "bg"] as const) {
      const xml = renderRss(lang, ORIGIN, await newestForRss(30));
      const rss = parseXml(xml);
      expect(rss.name).toBe("rss");
      expect(rss.attributes.version).toBe("2.0");
      const channel = all(rss, "channel")[0]!;
      expect(textOf(channel, "language")).toBe(lang);
      const items = all(channel, "item");
      expect(items.length).toBe(4); // available ones only: not the reserved, the sold or the deleted
      for (const item of items) {
        expect(textOf(item, "link")).toMatch(lang === "bg" ? /^https:\/\/seaside\.example\/bg\// : /^https:\/\/seaside\.example\/[^b]/);
        expect(new Date(textOf(item, "pubDate")!).getTime()).not.toBeNaN();
        expect(all(item, "enclosure")[0]!.attributes.url).toMatch(ABSOLUTE_JPEG);
      }
      expect(xml).not.toContain("Проданная");
    }
  });

  it("announces the newest complexes with units for sale beside the properties, newest first (issue 33)", async () => {
    const [sozopol] = await db().select().from(locations).where(eq(locations.name, "Созополь"));
    const complex = await createComplex({
      name: "Лазурный берег",
      name_en: "Azure Coast",
      location_id: sozopol!.id,
      description: "Новый комплекс у моря",
      images: ["/upload/properties/lazur.jpg"],
    });
    const empty = await createComplex({ name: "Пустой", location_id: sozopol!.id });
    const unit = await createProperty({ title: "Студия в Лазурном", description: "—", location_id: sozopol!.id, complex_id: complex.id, price: 64_000 });
    try {
      const xml = renderRss("ru", ORIGIN, await newestForRss(30), await newestComplexesForRss(30));
      const items = all(all(parseXml(xml), "channel")[0]!, "item");
      const shown = items.find((i) => textOf(i, "title") === "Лазурный берег — Жилой комплекс, Созополь");
      expect(shown, "the complex's item").toBeDefined();
      expect(textOf(shown!, "link")).toBe(
        `${ORIGIN}/${encodeURIComponent("созополь")}/${encodeURIComponent("комплекс")}/${encodeURIComponent("лазурный-берег")}`,
      );
      expect(textOf(shown!, "description")).toContain("1 объект в продаже · от 64");
      expect(all(shown!, "enclosure")[0]!.attributes.url).toMatch(ABSOLUTE_JPEG);
      // Newest first: the complex and its unit were made last.
      expect(items.slice(0, 2).map((i) => textOf(i, "title"))).toEqual(expect.arrayContaining(["Лазурный берег — Жилой комплекс, Созополь"]));
      // A complex with nothing for sale is not announced; English lists a complex only where its page is indexed.
      expect(xml).not.toContain("Пустой");
      expect((await newestComplexesForRss(30, "en")).map((c) => c.id)).not.toContain(complex.id);
      await updateComplex(complex.id, { description_en: "A new complex by the sea" });
      expect((await newestComplexesForRss(30, "en")).map((c) => c.id)).toContain(complex.id);
    } finally {
      await deleteProperty(unit.id);
      await deleteComplex(complex.id);
      await deleteComplex(empty.id);
    }
  });
});

describe("characters XML forbids", () => {
  it("are dropped from every field of every XML feed: each still parses and keeps the rest of the text", async () => {
    // U+FFFE/U+FFFF pass the forms; C0 controls are refused there but may be stored by older versions or by hand.
    const location = await createLocation({
      name: "Не\uFFFFсебър",
      name_bg: "Не\uFFFEсебър",
      image: "/upload/locations/n.jpg",
      homesoverseas_region: 416,
    });
    const property = await createProperty({
      location_id: location.id,
      title: "Вилла у моря",
      description: "Описание",
      images: ["/upload/properties/z.jpg"],
      price: 99000,
      complex_name: "Комплекс",
    });
    // A unit's complex_name is its complex's name (issue 33): the bad characters are stored in the complex's.
    await db().update(complexes).set({ name: "Ком\u001Fплекс\uFFFE" }).where(eq(complexes.id, property.complex_id!));
    await db()
      .update(realEstates)
      .set({
        title: "Вил\uFFFEла\u0001 у мо\uFFFFря",
        title_bg: "Ви\u001Fла\uFFFF край морето",
        description: "Опи\u0002сание ]]> с\uFFFF концом",
        description_bg: "Опи\u000Bсание на\uFFFE български",
        reference: "RF\uFFFF-7\u0008",
      })
      .where(eq(realEstates.id, property.id));
    await db().update(locations).set({ name: "Не\u0007себ\uFFFFър" }).where(eq(locations.id, location.id));
    try {
      const homesoverseas = parseXml(await text("homesoverseas.xml"));
      const object = all(homesoverseas, "object").find((o) => textOf(o, "title") === "Вилла у моря");
      expect(object, "the property in homesoverseas.xml").toBeDefined();
      expect(textOf(object!, "ref")).toBe("RF-7");
      expect(textOf(object!, "description")).toContain("Описание ]]&gt; с концом");
      expect(textOf(object!, "annotation")).toContain("Несебър");

      const kyero = parseXml(await text("kyero.xml"));
      const listing = all(kyero, "property").find((p) => textOf(p, "ref") === "RF-7");
      expect(listing, "the property in kyero.xml").toBeDefined();
      expect(textOf(listing!, "location_detail")).toBe("Комплекс");
      expect(textOf(listing!, "town")).toBe("Nesebar");
      const desc = all(listing!, "desc")[0]!;
      expect(textOf(desc, "ru")).toBe("Вилла у моря\n\nОписание ]]> с концом\n\nКомплекс: Комплекс.");
      expect(textOf(desc, "bg")).toBe("Вила край морето\n\nОписание на български\n\nКомплекс: Комплекс.");

      for (const lang of ["ru", "bg"] as const) {
        const rss = parseXml(renderRss(lang, ORIGIN, await newestForRss(30)));
        const titles = all(all(rss, "channel")[0]!, "item").map((item) => textOf(item, "title"));
        expect(
          titles.some((t) => t?.startsWith(lang === "ru" ? "Вилла у моря — 99" : "Вила край морето — 99")),
          lang,
        ).toBe(true);
      }
    } finally {
      await deleteProperty(property.id);
    }
  });
});

describe("complexes (issue 33)", () => {
  it("carry the complex's name, facilities, fee and floors where each format has room, and follow a change to the complex", async () => {
    const ravda = await createLocation({ name: "Равда", name_bg: "Равда", image: "/upload/locations/r.jpg", homesoverseas_region: 417 });
    const complex = await createComplex({
      name: "Каскадас",
      name_en: "Cascadas",
      location_id: ravda.id,
      facilities: ["pool", "gym", "security", "playground", "garage"],
      maintenance_fee_eur_m2: 9.5,
      floors: 8,
    });
    const unit = await createProperty({
      title: "Квартира в Каскадас",
      description: "Описание",
      location_id: ravda.id,
      complex_id: complex.id,
      price: 100000,
      reference: "CX-1",
      images: ["/upload/properties/cx.jpg"],
    });
    try {
      const object = all(parseXml(await text("homesoverseas.xml")), "object").find((o) => textOf(o, "ref") === "CX-1")!;
      checkHomesoverseasObject(object);
      const options = all(object, "option").map((o) => Number(o.text));
      // pool 19, open parking not (no parking facility), garage 33, fitness 27, playground 30, managing company 58 (a fee).
      expect(options.sort((a, b) => a - b)).toEqual([19, 27, 30, 33, 58]);
      expect(textOf(object, "levels")).toBe("8");
      expect(textOf(object, "annotation")).toContain("комплекс Каскадас");
      expect(textOf(object, "description")).toContain("Комплекс: Каскадас — бассейн, фитнес-зал, охрана, детская площадка, гараж.");
      expect(textOf(object, "description")).toContain("9,5");

      const listing = all(parseXml(await text("kyero.xml")), "property").find((p) => textOf(p, "ref") === "CX-1")!;
      checkKyeroProperty(listing);
      expect(textOf(listing, "pool")).toBe("1");
      expect(textOf(listing, "location_detail")).toBe("Каскадас");
      const features = all(all(listing, "features")[0]!, "feature").map((f) => f.text);
      expect(features).toEqual(
        expect.arrayContaining([
          "Complex Cascadas",
          "Communal pool",
          "Gym",
          "24h security",
          "Children's playground",
          "Garage",
          "Maintenance fee 9.5 EUR/m2 per year",
        ]),
      );
      expect(textOf(all(listing, "desc")[0]!, "bg")).toContain("Комплекс: Каскадас — басейн, фитнес, охрана, детска площадка, гараж.");

      const [header, ...rows] = parseCsv((await text("listings.csv")).slice(1));
      const row = rows.find((r) => r[header!.indexOf("reference")] === "CX-1")!;
      expect([row[header!.indexOf("complex_id")], row[header!.indexOf("complex_name")]]).toEqual([complex.id, "Каскадас"]);

      // The complex changes (a new facility, no more fee): the next version of the feeds says so.
      await updateComplex(complex.id, { facilities: ["pool", "spa"], maintenance_fee_eur_m2: null });
      const after = all(parseXml(await text("kyero.xml")), "property").find((p) => textOf(p, "ref") === "CX-1")!;
      const featuresAfter = all(all(after, "features")[0]!, "feature").map((f) => f.text);
      expect(featuresAfter).toContain("Spa");
      expect(featuresAfter).not.toContain("Gym");
      expect(featuresAfter.some((f) => f.startsWith("Maintenance fee"))).toBe(false);
      const objectAfter = all(parseXml(await text("homesoverseas.xml")), "object").find((o) => textOf(o, "ref") === "CX-1")!;
      expect(all(objectAfter, "option").map((o) => Number(o.text))).toEqual([19]);
    } finally {
      await deleteProperty(unit.id);
    }
  });
});
