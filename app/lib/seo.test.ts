import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/support/table-test";
import { absoluteUrl, breadcrumbJsonLd, encodePath, hreflangUrls, jsonLd, localizedUrl, pageMeta, propertyJsonLd, toIsoDateTime, trimDescription } from "./seo";

const ORIGIN = "https://more-i-dom.example";
const SOZOPOL = "/%D1%81%D0%BE%D0%B7%D0%BE%D0%BF%D0%BE%D0%BB%D1%8C"; // /созополь
const HOUSE = "/%D0%B4%D0%BE%D0%BC-2"; // /дом-2

describe("URLs", () => {
  it("percent-encodes Cyrillic paths segment by segment, idempotently", () => {
    expect(encodePath("/созополь/дом-2")).toBe(SOZOPOL + HOUSE);
    expect(encodePath(SOZOPOL + HOUSE)).toBe(SOZOPOL + HOUSE);
    expect(encodePath("/")).toBe("/");
    expect(encodePath("/properties?search=дом&type=house")).toBe("/properties?search=%D0%B4%D0%BE%D0%BC&type=house");
    expect(encodePath("/a b/100%")).toBe("/a%20b/100%25");
  });

  it("builds localized absolute URLs: Russian unprefixed, Bulgarian under /bg", () => {
    expect(localizedUrl(ORIGIN, "ru", "/")).toBe(`${ORIGIN}/`);
    expect(localizedUrl(ORIGIN, "bg", "/")).toBe(`${ORIGIN}/bg`);
    expect(localizedUrl(`${ORIGIN}/`, "bg", "/properties")).toBe(`${ORIGIN}/bg/properties`);
    expect(localizedUrl(ORIGIN, "bg", "/созополь/дом-2")).toBe(`${ORIGIN}/bg${SOZOPOL}${HOUSE}`);
  });

  it("makes site paths absolute and leaves absolute image URLs alone", () => {
    expect(absoluteUrl(ORIGIN, "/upload/properties/a.jpg")).toBe(`${ORIGIN}/upload/properties/a.jpg`);
    expect(absoluteUrl(ORIGIN, "upload/a.jpg")).toBe(`${ORIGIN}/upload/a.jpg`);
    expect(absoluteUrl(ORIGIN, "https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
  });

  it("lists every language's and x-default (→ Russian) alternates", () => {
    expect(hreflangUrls(ORIGIN, "/properties")).toEqual([
      { hrefLang: "ru", href: `${ORIGIN}/properties` },
      { hrefLang: "bg", href: `${ORIGIN}/bg/properties` },
      { hrefLang: "en", href: `${ORIGIN}/en/properties` },
      { hrefLang: "x-default", href: `${ORIGIN}/properties` },
    ]);
  });

  it("takes each language's own path where a page has one, and leaves out a language it has none in (issue 31)", () => {
    expect(hreflangUrls(ORIGIN, { ru: "/созополь/дом", bg: "/созополь/дом", en: "/sozopol/house" })).toEqual([
      { hrefLang: "ru", href: `${ORIGIN}${SOZOPOL}${encodeURI("/дом")}` },
      { hrefLang: "bg", href: `${ORIGIN}/bg${SOZOPOL}${encodeURI("/дом")}` },
      { hrefLang: "en", href: `${ORIGIN}/en/sozopol/house` },
      { hrefLang: "x-default", href: `${ORIGIN}${SOZOPOL}${encodeURI("/дом")}` },
    ]);
    expect(hreflangUrls(ORIGIN, { ru: "/x", bg: "/x" }).map((a) => a.hrefLang)).toEqual(["ru", "bg", "x-default"]);
  });
});

describe("trimDescription", () => {
  it("keeps short texts, collapsing whitespace", () => {
    expect(trimDescription("  Дом   у\nморя ")).toBe("Дом у моря");
  });

  it("cuts long texts at a word boundary with an ellipsis, within the limit", () => {
    const text = "Просторная квартира с видом на море, ".repeat(10);
    const out = trimDescription(text);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith("…")).toBe(true);
    expect(out).not.toMatch(/[\s,]…$/);
    expect(text.startsWith(out.slice(0, -1))).toBe(true);
    expect(text.charAt(out.length - 1)).toMatch(/[\s,]/); // the cut fell between words
  });

  it("cuts a single endless word hard", () => {
    const out = trimDescription("я".repeat(500), 20);
    expect(out).toBe(`${"я".repeat(19)}…`);
  });
});

describe("toIsoDateTime reads PostgreSQL's text form and ISO strings", () => {
  itMaps(toIsoDateTime, [
    ["2025-03-04 10:20:30.123+00", "2025-03-04T10:20:30.123Z"],
    ["2025-03-04 12:20:30+02", "2025-03-04T10:20:30.000Z"],
    ["2025-03-04T10:20:30Z", "2025-03-04T10:20:30.000Z"],
    ["not a date", "not a date"],
  ]);
});

describe("pageMeta", () => {
  it("gives the full set for a Russian property page with an image", () => {
    const meta = pageMeta({
      origin: ORIGIN,
      lang: "ru",
      path: { ru: "/созополь/дом-2", bg: "/созополь/дом-2", en: "/sozopol/house-2" },
      title: "Дом у моря — Море и Дом",
      description: "Дом с садом в Созополе.",
      image: "/upload/properties/a.jpg",
      imageAlt: "Фасад дома",
      type: "article",
    });
    const canonical = `${ORIGIN}${SOZOPOL}${HOUSE}`;
    expect(meta).toEqual([
      { title: "Дом у моря — Море и Дом" },
      { name: "description", content: "Дом с садом в Созополе." },
      { tagName: "link", rel: "canonical", href: canonical },
      { tagName: "link", rel: "alternate", hrefLang: "ru", href: canonical },
      { tagName: "link", rel: "alternate", hrefLang: "bg", href: `${ORIGIN}/bg${SOZOPOL}${HOUSE}` },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: `${ORIGIN}/en/sozopol/house-2` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: canonical },
      { property: "og:type", content: "article" },
      { property: "og:site_name", content: "Море и Дом" },
      { property: "og:title", content: "Дом у моря — Море и Дом" },
      { property: "og:description", content: "Дом с садом в Созополе." },
      { property: "og:url", content: canonical },
      { property: "og:locale", content: "ru_RU" },
      { property: "og:locale:alternate", content: "bg_BG" },
      { property: "og:locale:alternate", content: "en_GB" },
      { property: "og:image", content: `${ORIGIN}/upload/properties/a.jpg` },
      { property: "og:image:alt", content: "Фасад дома" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Дом у моря — Море и Дом" },
      { name: "twitter:description", content: "Дом с садом в Созополе." },
      { name: "twitter:image", content: `${ORIGIN}/upload/properties/a.jpg` },
      { name: "twitter:image:alt", content: "Фасад дома" },
    ]);
  });

  it("points the Bulgarian page's canonical and og:url at /bg, with bg_BG locale", () => {
    const meta = pageMeta({ origin: ORIGIN, lang: "bg", path: "/", title: "Начало", description: "Имоти" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/bg` });
    expect(meta).toContainEqual({ property: "og:url", content: `${ORIGIN}/bg` });
    expect(meta).toContainEqual({ property: "og:locale", content: "bg_BG" });
    expect(meta).toContainEqual({ property: "og:locale:alternate", content: "ru_RU" });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Море и Дом" });
    expect(meta).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "ru", href: `${ORIGIN}/` });
    expect(meta).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${ORIGIN}/` });
  });

  it("without an image: a summary card and no image tags; absolute image URLs kept; alt defaults to the title", () => {
    const plain = pageMeta({ origin: ORIGIN, lang: "ru", path: "/properties", title: "Каталог", description: "Все объекты" });
    expect(plain).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(plain.some((m) => "property" in m && m.property === "og:image")).toBe(false);
    expect(plain.some((m) => "name" in m && m.name === "twitter:image")).toBe(false);
    expect(plain.some((m) => "name" in m && m.name === "robots")).toBe(false);

    const remote = pageMeta({ ...baseInput(), image: "https://cdn.example/x.jpg" });
    expect(remote).toContainEqual({ property: "og:image", content: "https://cdn.example/x.jpg" });
    expect(remote).toContainEqual({ property: "og:image:alt", content: "Каталог" });
  });

  it("trims the description the same way in description, og and twitter", () => {
    const long = "Квартира у моря с большим балконом и видом на залив. ".repeat(8);
    const meta = pageMeta({ ...baseInput(), description: long });
    const expected = trimDescription(long);
    expect(expected.length).toBeLessThanOrEqual(160);
    expect(meta).toContainEqual({ name: "description", content: expected });
    expect(meta).toContainEqual({ property: "og:description", content: expected });
    expect(meta).toContainEqual({ name: "twitter:description", content: expected });
  });

  it("adds robots noindex when asked", () => {
    expect(pageMeta({ ...baseInput(), noindex: true })).toContainEqual({ name: "robots", content: "noindex" });
  });
});

function baseInput() {
  return { origin: ORIGIN, lang: "ru" as const, path: "/properties", title: "Каталог", description: "Все объекты" };
}

describe("JSON-LD", () => {
  it("wraps data in React Router's script:ld+json descriptor", () => {
    expect(jsonLd({ "@type": "Thing" })).toEqual({ "script:ld+json": { "@type": "Thing" } });
  });

  it("numbers breadcrumb items from 1", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Главная", url: `${ORIGIN}/` },
        { name: "Созополь", url: `${ORIGIN}${SOZOPOL}` },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Главная", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Созополь", item: `${ORIGIN}${SOZOPOL}` },
      ],
    });
  });

  const property = {
    url: `${ORIGIN}${SOZOPOL}${HOUSE}`,
    name: "Дом у моря",
    description: "Дом с садом",
    images: [`${ORIGIN}/upload/properties/a.jpg`, `${ORIGIN}/upload/properties/b.jpg`],
    price: 250000,
    currency: "EUR",
    area: 120.5,
    bedrooms: 3,
    bathrooms: 2,
    locationName: "Созополь",
    datePosted: "2025-03-04 10:20:30.123+00",
    type: "house" as const,
    status: "available" as const,
  };

  it("describes a priced house as a RealEstateListing with an Offer and a SingleFamilyResidence", () => {
    expect(propertyJsonLd(property)).toEqual({
      "@context": "https://schema.org",
      "@type": "RealEstateListing",
      url: property.url,
      name: "Дом у моря",
      description: "Дом с садом",
      datePosted: "2025-03-04T10:20:30.123Z",
      image: property.images,
      offers: {
        "@type": "Offer",
        price: 250000,
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: property.url,
      },
      mainEntity: {
        "@type": "SingleFamilyResidence",
        name: "Дом у моря",
        address: { "@type": "PostalAddress", addressLocality: "Созополь", addressCountry: "BG" },
        floorSize: { "@type": "QuantitativeValue", value: 120.5, unitCode: "MTK" },
        numberOfBedrooms: 3,
        numberOfBathroomsTotal: 2,
      },
    });
  });

  it("leaves out the offer without a price and unknown figures; an apartment is an Apartment", () => {
    const ld = propertyJsonLd({ ...property, type: "apartment", price: null, area: null, bedrooms: null, bathrooms: null, images: [] });
    expect(ld).not.toHaveProperty("offers");
    expect(ld).not.toHaveProperty("image");
    expect(ld.mainEntity).toEqual({
      "@type": "Apartment",
      name: "Дом у моря",
      address: { "@type": "PostalAddress", addressLocality: "Созополь", addressCountry: "BG" },
    });
    // What React Router writes into the page is plain JSON.
    const descriptor = jsonLd(ld) as { "script:ld+json": unknown };
    expect(JSON.parse(JSON.stringify(descriptor["script:ld+json"]))).toEqual(ld);
  });

  it("places an exactly shown property with GeoCoordinates, and an approximate one nowhere (issue 21)", () => {
    const exact = propertyJsonLd({ ...property, geo: { lat: 42.4195, lng: 27.696 } }) as { mainEntity: Record<string, unknown> };
    expect(exact.mainEntity.geo).toEqual({ "@type": "GeoCoordinates", latitude: 42.4195, longitude: 27.696 });
    const none = propertyJsonLd({ ...property, geo: null }) as { mainEntity: Record<string, unknown> };
    expect(none.mainEntity).not.toHaveProperty("geo");
  });

  it("follows the status in the offer's availability: InStock, Reserved, SoldOut", () => {
    expect(propertyJsonLd({ ...property, status: "available" }).offers).toMatchObject({ availability: "https://schema.org/InStock" });
    expect(propertyJsonLd({ ...property, status: "reserved" }).offers).toMatchObject({ availability: "https://schema.org/Reserved" });
    expect(propertyJsonLd({ ...property, status: "sold" }).offers).toMatchObject({ availability: "https://schema.org/SoldOut" });
  });

  it("defaults the currency to EUR", () => {
    const { currency: _currency, ...withoutCurrency } = property;
    expect(propertyJsonLd(withoutCurrency).offers).toMatchObject({ priceCurrency: "EUR" });
  });
});
