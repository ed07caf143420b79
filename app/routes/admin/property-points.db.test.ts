import { describe, expect, it } from "vitest";
import { createLocation, getLocation } from "~/models/locations.server";
import { createProperty, getProperty } from "~/models/real-estates.server";
import { adminFormPoster } from "../../../tests/support/admin-handler";
import { useTestDatabase } from "../../../tests/support/test-db";

/** Issue 21 in the admin forms: a property's point and precision, a location's map view, kept by a save and refused when half given. */
useTestDatabase();
const ROUTE_MODULES = import.meta.glob(["./*.ts", "./*.tsx", "!./*.test.ts"]);
let n = 0;

describe("the admin forms keep points", () => {
  it("the property form saves a point and its precision; saving without changing them keeps them; half a point is refused", async () => {
    const post = await adminFormPoster(ROUTE_MODULES, `points${++n}@example.com`);
    const location = await createLocation({ name: `Точки ${n}`, image: "/upload/locations/l.jpg" });
    const property = await createProperty({ title: "Дом", description: "x", price: 1, location_id: location.id, images: ["/upload/properties/p.jpg"] });
    const form = (extra: Record<string, string>) => ({
      title: "Дом",
      description: "x",
      price: "1",
      location_id: location.id,
      property_type: "house",
      images: "/upload/properties/p.jpg",
      status: "available",
      ...extra,
    });
    expect((await post(`/admin/real-estates/edit/${property.id}`, form({ lat: "42.2651", lng: "27.7577", location_precision: "approximate" }))).status).toBe(
      302,
    );
    const saved = await getProperty(property.id);
    expect(saved).toMatchObject({ lat: 42.2651, lng: 27.7577, location_precision: "approximate" });
    expect(saved!.public_lat).not.toBe(42.2651);
    expect(
      (await post(`/admin/real-estates/edit/${property.id}`, form({ lat: "42.2651", lng: "27.7577", location_precision: "approximate", title: "Дом у леса" })))
        .status,
    ).toBe(302);
    expect(await getProperty(property.id)).toMatchObject({ title: "Дом у леса", public_lat: saved!.public_lat, public_lng: saved!.public_lng });
    expect((await post(`/admin/real-estates/edit/${property.id}`, form({ lat: "42.2651", lng: "" }))).status).toBe(400);
    expect((await getProperty(property.id))?.lat).toBe(42.2651);
  });

  it("the location form saves its map view", async () => {
    const post = await adminFormPoster(ROUTE_MODULES, `points${++n}@example.com`);
    const location = await createLocation({ name: `Карта ${n}`, image: "/upload/locations/l.jpg" });
    const fields = { name: location.name, name_bg: "", name_ru_in: "", image: location.image };
    expect((await post(`/admin/locations/edit/${location.id}`, { ...fields, map_lat: "42.30", map_lng: "27.75", map_zoom: "14" })).status).toBe(302);
    expect(await getLocation(location.id)).toMatchObject({ map_lat: 42.3, map_lng: 27.75, map_zoom: 14 });
    expect((await post(`/admin/locations/edit/${location.id}`, { ...fields, map_lat: "42.30", map_lng: "", map_zoom: "14" })).status).toBe(400);
  });
});
