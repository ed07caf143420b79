import { describe, expect, it } from "vitest";
import { activeFilterCount, EMPTY_QUERY, listingHref, listingRedirect, mapAroundHref, parseListingQuery } from "./listing-query";

const parse = (query: string) => parseListingQuery(new URLSearchParams(query));

describe("the listing's URL state (issue 20 filters)", () => {
  it("reads every filter, written as a GET form sends it", () => {
    expect(
      parse(
        "price_min=50+000&price_max=150000&area_min=40&area_max=90&bedrooms_min=2&sea_distance_max=500&sea_view=1&sea_line=1&stage=ACT15&status=sold&sort=price-m2-asc",
      ),
    ).toEqual({
      ...EMPTY_QUERY,
      priceMin: 50_000,
      priceMax: 150_000,
      areaMin: 40,
      areaMax: 90,
      bedroomsMin: 2,
      seaDistanceMax: 500,
      seaView: true,
      seaLine: true,
      stage: "act15",
      status: "sold",
      sort: "price-m2-asc",
    });
  });

  it("ignores bad values instead of failing", () => {
    expect(
      parse("price_min=-5&price_max=abc&area_min=1e9&bedrooms_min=2.5&sea_distance_max=100001&sea_view=yes&sea_line=2&stage=act17&status=rented&sort=cheapest"),
    ).toEqual(EMPTY_QUERY);
    expect(parse("price_max=99999999999999999999")).toEqual(EMPTY_QUERY);
  });

  it("reads a minimum above its maximum the right way round, and a zero minimum as none", () => {
    expect(parse("price_min=200000&price_max=100000")).toMatchObject({ priceMin: 100_000, priceMax: 200_000 });
    expect(parse("price_min=0&bedrooms_min=0&sea_distance_max=0")).toMatchObject({ priceMin: null, bedroomsMin: null, seaDistanceMax: 0 });
  });

  it("writes only what differs from the defaults, in a stable order", () => {
    expect(listingHref("/properties", { ...EMPTY_QUERY, seaView: true, priceMax: 100_000, status: "all", sort: "reduced", page: 2 })).toBe(
      "/properties?price_max=100000&sea_view=1&status=all&sort=reduced&page=2",
    );
    expect(listingHref("/bg/properties", EMPTY_QUERY)).toBe("/bg/properties");
  });

  it("round-trips every state through its URL", () => {
    const state = parse(
      "type=house&search=море&price_min=1&area_max=300&bedrooms_min=3&sea_distance_max=1000&sea_line=1&stage=act14&status=reserved&bbox=27.6,42.4,27.7,42.5&view=map&sort=price-m2-desc&page=3",
    );
    expect(parseListingQuery(new URLSearchParams(listingHref("/properties", state).split("?")[1]))).toEqual(state);
  });

  it("keeps the open map in the URL (issue 21): view=map, the list being the default", () => {
    expect(parse("view=map").view).toBe("map");
    expect(parse("view=MAP").view).toBe("map");
    expect(parse("view=satellite").view).toBe("list");
    expect(listingHref("/properties", { ...EMPTY_QUERY, view: "map" })).toBe("/properties?view=map");
    expect(listingHref("/properties", { ...EMPTY_QUERY, view: "list" })).toBe("/properties");
    // The map is how the result is shown, not a filter.
    expect(activeFilterCount(parse("view=map"))).toBe(0);
    expect(listingRedirect(new URL("http://x/properties?view=list&type=house"), parse("view=list&type=house"))).toBe("/properties?type=house");
  });

  it("«Показать на карте» opens the listing's map about 1.5 km around the property, in the page's language", () => {
    const href = mapAroundHref("/en/properties", { lat: 42.4, lng: 27.7 });
    expect(href.startsWith("/en/properties?")).toBe(true);
    const state = parse(href.split("?")[1]!);
    expect(state.view).toBe("map");
    expect(state.bbox!.west).toBeCloseTo(27.685, 6);
    expect(state.bbox!.east).toBeCloseTo(27.715, 6);
    expect(state.bbox!.south).toBeCloseTo(42.385, 6);
    expect(state.bbox!.north).toBeCloseTo(42.415, 6);
  });

  it("counts the active filters for the phone's «Фильтры» button", () => {
    expect(activeFilterCount(EMPTY_QUERY)).toBe(0);
    expect(activeFilterCount(parse("type=house&search=x&sort=newest"))).toBe(0);
    expect(activeFilterCount(parse("price_min=1&price_max=2&sea_view=1&stage=act16&status=all"))).toBe(5);
  });

  it("redirects an empty field or a default to the clean URL, and leaves a malformed value to be ignored", () => {
    const redirect = (q: string) => listingRedirect(new URL(`http://x/properties?${q}`), parse(q));
    expect(redirect("search=&price_min=&price_max=100000&status=available&sort=default")).toBe("/properties?price_max=100000");
    expect(redirect("price_min=abc")).toBeNull();
    expect(redirect("price_max=100000&sea_view=1")).toBeNull();
  });
});

describe("the complex filter (issue 33)", () => {
  const id = "6f1c3c5e-8a7b-4c1d-9e2f-0a1b2c3d4e5f";
  it("reads a complex id (any case), drops anything else as other bad values are dropped, and writes it back after the location", () => {
    expect(parse(`complex=${id.toUpperCase()}`).complexId).toBe(id);
    for (const bad of ["complex=42", "complex=x' or 1=1", "complex=", `complex=${id}0`]) expect(parse(bad).complexId).toBeNull();
    expect(listingHref("/properties", { ...EMPTY_QUERY, locationId: id, complexId: id, type: "house" })).toBe(
      `/properties?location=${id}&complex=${id}&type=house`,
    );
    // The panel has no field for it: its count of filters leaves it out (the chip above the results names it).
    expect(activeFilterCount(parse(`complex=${id}`))).toBe(0);
  });

  it("keeps it through the no-JavaScript form's clean-up redirect", () => {
    const url = new URL(`http://x/properties?complex=${id}&search=&sort=default`);
    expect(listingRedirect(url, parseListingQuery(url.searchParams))).toBe(`/properties?complex=${id}`);
    expect(listingRedirect(new URL("http://x/properties?complex="), EMPTY_QUERY)).toBe("/properties");
  });
});
