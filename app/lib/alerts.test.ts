import { describe, expect, it } from "vitest";
import { alertQuery, looksLikeAlertToken } from "./alerts";

describe("alertQuery", () => {
  it("keeps the filters, drops map area, page, sort, view and unknown or malformed values, in the listing's order", () => {
    const id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    expect(alertQuery(`?view=map&page=4&sort=price-desc&bbox=27.1,42.1,27.9,42.9&search=%20Море%20&location=${id}&bedrooms_min=2&sea_view=1&x=1`)).toEqual({
      query: `location=${id.toLowerCase()}&search=${encodeURIComponent("Море")}&bedrooms_min=2&sea_view=1`,
      filter: expect.objectContaining({ locationId: id.toLowerCase(), search: "Море", bedroomsMin: 2, seaView: true, status: "available" }),
    });
    expect(alertQuery("price_min=abc&stage=act99&status=sold").query).toBe("status=sold");
    expect(alertQuery("type=house&type=apartment").query).toBe("type=house");
  });

  it("gives the same query for the same filters however they were spelled", () => {
    expect(alertQuery("price_max=200 000&type=HOUSE").query).toBe(alertQuery("?type=house&price_max=200000&sort=newest").query);
  });
});

describe("looksLikeAlertToken", () => {
  it("accepts only 43 base64url characters", () => {
    expect(looksLikeAlertToken("A".repeat(43))).toBe(true);
    expect(looksLikeAlertToken("A".repeat(42))).toBe(false);
    expect(looksLikeAlertToken(`${"A".repeat(42)}/`)).toBe(false);
    expect(looksLikeAlertToken(undefined)).toBe(false);
  });
});
