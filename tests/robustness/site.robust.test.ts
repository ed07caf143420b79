import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDbKind } from "../support/test-db";
import { encodedPiece, formBody, nastyText, percentEncode, queryOf, readSite, withCommonHeaders, type Site } from "./arbitraries";
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectNoFailures, runFamily, startRobustServer, type GeneratedRequest, type RobustServer } from "./harness";

/**
 * Generated requests to the site's pages (issue 17, point 8): pages and slugs
 * in both languages and the listings' query parameters (GETs: nothing may
 * change), then the contact forms and the sign-in form (a contact request
 * or a sign-in that is accepted may write; a rejected one must not).
 */
let robust: RobustServer;
let site: Site;

beforeAll(async () => {
  // Servers this file starts use ports 9300–9349.
  robust = await startRobustServer([9300, 9349]);
  site = await readSite(robust.baseUrl, robust.adminToken);
}, 600_000);

afterAll(async () => {
  await robust?.close();
});

describe(`generated requests on ${testDbKind()}`, () => {
  it("public pages and slugs (ru and /bg): random paths, percent-encodings, unicode, long segments", async () => {
    const segment = fc.oneof(
      { weight: 5, arbitrary: encodedPiece },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          ...site.locationSlugs,
          ...site.propertyPaths,
          "properties",
          "locations",
          "admin",
          "sitemaps",
          "set-language",
          "upload",
          "img",
          "assets",
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...site.propertyIds, ...site.locationIds) },
      { weight: 1, arbitrary: fc.integer({ min: 256, max: 4000 }).map((n) => "a".repeat(n)) },
      { weight: 1, arbitrary: nastyText.map(percentEncode) },
    );
    const request: fc.Arbitrary<GeneratedRequest> = fc
      .tuple(
        fc.constantFrom("", "", "/bg", "/properties", "/locations", "/bg/properties", "/bg/locations", "/sitemaps"),
        fc.array(segment, { minLength: 0, maxLength: 4 }),
        fc.constantFrom("", "", "/", ".data", "/.data", "//"),
        fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: queryOf(["lang", "to", "index", "_data", "redirectTo", "page"]) }),
        fc.constantFrom("GET", "GET", "GET", "HEAD"),
      )
      .map(([prefix, segments, suffix, query, method]) => ({ method, path: `${prefix}/${segments.join("/")}${suffix}${query}`.replace(/^\/\//, "/") }));
    const report = await runFamily("pages", robust, withCommonHeaders(request));
    expect(report.sent).toBeGreaterThanOrEqual(1000);
    expectNoFailures(report);
  }, 600_000);

  it("listing queries: /properties and location pages with random location, type, search, filters, sort and page", async () => {
    const value = (valid: string[]) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...valid.map(percentEncode)) },
        { weight: 3, arbitrary: encodedPiece },
        { weight: 1, arbitrary: fc.constant("") },
      );
    const pairs = fc.array(
      fc.oneof(
        value(
          site.locationIds.concat(
            site.locationIds.map((id) => id.toUpperCase()),
            ["00000000-0000-0000-0000-000000000000"],
          ),
        ).map((v) => `location=${v}`),
        value(["apartment", "house", "HOUSE", " house ", "villa"]).map((v) => `type=${v}`),
        value(["море", "Sozopol", "дом", "a", "100%", "*", "\"'"]).map((v) => `search=${v}`),
        value(["default", "price-asc", "price-desc", "newest", "PRICE-ASC", "price-m2-asc", "price-m2-desc", "reduced"]).map((v) => `sort=${v}`),
        // Issue 20's filters: numbers in every spelling, words, and the rest.
        fc
          .tuple(
            fc.constantFrom("price_min", "price_max", "area_min", "area_max", "bedrooms_min", "sea_distance_max"),
            value(["0", "1", "500", "150 000", "-1", "1e9", "99999999999", "1.5", "abc", "9".repeat(40)]),
          )
          .map(([k, v]) => `${k}=${v}`),
        value(["1", "0", "true", "yes"]).map((v) => `sea_view=${v}`),
        value(["1", "2"]).map((v) => `sea_line=${v}`),
        value(["act14", "act15", "act16", "ACT16", "act17"]).map((v) => `stage=${v}`),
        value(["available", "reserved", "sold", "all", "SOLD", "rented"]).map((v) => `status=${v}`),
        value(["0", "1", "2", "-1", "99999", "100000", "100001", "1e3", "1.5", "0x10", "9".repeat(30)]).map((v) => `page=${v}`),
        fc.tuple(encodedPiece, encodedPiece).map(([k, v]) => `${k}=${v}`),
        fc.constantFrom("location[]=1", "type=apartment&type=house", "page=2&page=3", "search", "&&", "=x"),
      ),
      { maxLength: 6 },
    );
    const request: fc.Arbitrary<GeneratedRequest> = fc
      .tuple(
        fc.constantFrom("/properties", "/bg/properties", ...site.locationSlugs.slice(0, 3).flatMap((s) => [`/${s}`, `/bg/${s}`])),
        fc.constantFrom("", "", "", ".data"),
        pairs,
      )
      .map(([base, suffix, query]) => ({ method: "GET", path: `${base}${suffix}${query.length ? `?${query.join("&")}` : ""}` }));
    const report = await runFamily("listing", robust, withCommonHeaders(request));
    expect(report.sent).toBeGreaterThanOrEqual(1000);
    expectNoFailures(report);
  }, 600_000);

  it("contact forms (home, /bg, a property page) and the sign-in form: random fields and encodings", async () => {
    // Field values up to a few KB each, whole bodies well under 64 KB.
    const fieldValue = fc.oneof(
      { weight: 6, arbitrary: nastyText },
      { weight: 2, arbitrary: fc.constantFrom("Иван", "ivan@example.com", "+359 88 123 4567", "Хочу посмотреть квартиру", "a@b", "не почта", "") },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom("я", "a", "\u0000", "<"), fc.integer({ min: 1000, max: 12_000 })).map(([c, n]) => c.repeat(n)) },
    );
    const contactFields = fc.record(
      {
        name: fieldValue,
        email: fc.oneof(fieldValue, fc.emailAddress()),
        phone: fieldValue,
        message: fieldValue,
        website: fc.oneof({ weight: 5, arbitrary: fc.constant("") }, { weight: 1, arbitrary: nastyText }),
        intent: fc.constantFrom("contact", "delete", ""),
        property: fc.oneof(fc.constantFrom(...site.propertyIds), nastyText),
      },
      { requiredKeys: [] },
    );
    const contact = fc
      .tuple(
        fc.constantFrom(
          "/",
          "/?index",
          "/bg",
          "/bg?index",
          "/_root.data",
          "/bg.data",
          ...site.propertyPaths.slice(0, 2).flatMap((p) => [`/${p}`, `/bg/${p}`, `/${p}.data`]),
          "/properties",
          `/${site.locationSlugs[0]}`,
        ),
        formBody(contactFields),
      )
      .map(([path, { contentType, body }]): GeneratedRequest => ({ method: "POST", path, headers: contentType ? { "content-type": contentType } : {}, body }));
    const loginFields = fc.record(
      {
        email: fc.oneof(fieldValue, fc.constant(ADMIN_EMAIL), fc.constant(ADMIN_EMAIL.toUpperCase())),
        password: fc.oneof(fieldValue, fc.constantFrom(ADMIN_PASSWORD, `${ADMIN_PASSWORD} `)),
      },
      { requiredKeys: [] },
    );
    const login = fc
      .tuple(
        fc.constantFrom("/admin/login", "/admin/login.data", "/admin/login?index"),
        fc.oneof(
          fc.constant(""),
          queryOf(
            ["redirectTo"],
            fc.oneof(encodedPiece, fc.constantFrom("/admin", "//evil.example", "/%0D%0ALocation:%20x", "%2F%2Fevil", "/admin%00", "https://evil.example")),
          ),
        ),
        formBody(loginFields),
      )
      .map(([path, query, { contentType, body }]): GeneratedRequest => ({
        method: "POST",
        path: `${path}${query.replace(/^\?/, path.includes("?") ? "&" : "?")}`,
        headers: contentType ? { "content-type": contentType } : {},
        body,
      }));
    // Browsers send Origin with a form post: the own origin mostly, sometimes another site (403).
    const origin = fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      { weight: 2, arbitrary: fc.constant({ origin: robust.baseUrl, "sec-fetch-site": "same-origin" }) },
      { weight: 1, arbitrary: fc.constant({ origin: "https://evil.example" }) },
    );
    const request = fc
      .tuple(fc.oneof({ weight: 3, arbitrary: contact }, { weight: 1, arbitrary: login }), origin)
      .map(([r, o]) => ({ ...r, headers: { ...o, ...r.headers } }));
    const report = await runFamily("forms", robust, withCommonHeaders(request));
    expect(report.sent).toBeGreaterThanOrEqual(1000);
    expectNoFailures(report);
  }, 600_000);
});
