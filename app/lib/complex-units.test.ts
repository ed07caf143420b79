import { describe, expect, it } from "vitest";
import { complexJsonLd } from "./seo";
import { nextUnitSort, parseUnitSort, rangeOf, sortUnits, unitSortParam, type SortableUnit } from "./complex-units";

const unit = (name: string, price: number | null, status: SortableUnit["status"], extra: Partial<SortableUnit> = {}) => ({
  name,
  property_type: "apartment" as const,
  bedrooms: null,
  area: null,
  floor: null,
  price,
  price_per_m2: null,
  status,
  ...extra,
});

describe("the complex page's units table (issue 33)", () => {
  const units = [
    unit("a", 90000, "available", { floor: 3 }),
    unit("b", 60000, "sold", { floor: 1 }),
    unit("c", null, "available"),
    unit("d", 70000, "reserved", { floor: 0 }),
  ];

  it("sorts by the column, unknown values last, and sold units last whatever the column and direction", () => {
    const names = (sort: string | null) => sortUnits(units, parseUnitSort(sort)).map((u) => u.name);
    expect(names(null)).toEqual(["d", "a", "c", "b"]);
    expect(names("price-desc")).toEqual(["a", "d", "c", "b"]);
    expect(names("floor")).toEqual(["d", "a", "c", "b"]);
    expect(names("status")).toEqual(["a", "c", "d", "b"]);
  });

  it("reads ?sort= strictly (anything else is the default) and links a header to its column, then to its reverse", () => {
    expect(parseUnitSort("perM2-desc")).toEqual({ column: "perM2", descending: true });
    for (const junk of ["", "price-asc", "PRICE", "title", "price-desc-desc", "__proto__"])
      expect(parseUnitSort(junk)).toEqual({ column: "price", descending: false });
    expect(unitSortParam({ column: "price", descending: false })).toBeNull();
    expect(unitSortParam(nextUnitSort({ column: "price", descending: false }, "price"))).toBe("price-desc");
    expect(unitSortParam(nextUnitSort({ column: "price", descending: true }, "price"))).toBeNull();
    expect(unitSortParam(nextUnitSort({ column: "price", descending: true }, "area"))).toBe("area");
  });

  it("ranges leave unknown values out", () => {
    expect(rangeOf([3, null, 1])).toEqual({ min: 1, max: 3 });
    expect(rangeOf([null])).toBeNull();
  });
});

describe("complexJsonLd", () => {
  const base = {
    url: "https://example.com/x/комплекс/y",
    name: "Марина",
    description: "Описание",
    images: ["https://example.com/upload/properties/a.jpg"],
    locationName: "Созополь",
    geo: { lat: 42.4, lng: 27.7 },
    forSale: 3,
    prices: { min: 60000, max: 150000 },
    unitsTotal: 40,
    facilities: ["Бассейн"],
  };

  it("a RealEstateListing with an AggregateOffer of the units for sale and the ApartmentComplex as its main entity", () => {
    const ld = complexJsonLd(base);
    expect(ld).toMatchObject({
      "@type": "RealEstateListing",
      offers: { "@type": "AggregateOffer", lowPrice: 60000, highPrice: 150000, priceCurrency: "EUR", offerCount: 3 },
      mainEntity: {
        "@type": "ApartmentComplex",
        name: "Марина",
        address: { "@type": "PostalAddress", addressLocality: "Созополь", addressCountry: "BG" },
        geo: { "@type": "GeoCoordinates", latitude: 42.4, longitude: 27.7 },
        numberOfAccommodationUnits: 40,
        numberOfAvailableAccommodationUnits: 3,
        amenityFeature: [{ "@type": "LocationFeatureSpecification", name: "Бассейн", value: true }],
      },
    });
    // schema.org: offers belong to the listing (a CreativeWork), not to the complex (a Place).
    expect(ld.mainEntity).not.toHaveProperty("offers");
  });

  it("no offer when nothing priced is for sale; no geo when the point is not exact", () => {
    expect(complexJsonLd({ ...base, forSale: 0, prices: null, geo: null })).not.toHaveProperty("offers");
    expect(complexJsonLd({ ...base, geo: null }).mainEntity as object).not.toHaveProperty("geo");
  });
});
