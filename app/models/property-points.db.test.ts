import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { LOCATION_MESSAGES } from "~/schemas/location";
import { PROPERTY_MESSAGES as M } from "~/schemas/property";
import { expectModelError } from "../../tests/support/expect-model-error";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { createLocation, updateLocation, type Location } from "./locations.server";
import { createProperty, getProperty, updateProperty } from "./real-estates.server";

/** Issue 21's data: a property's point and how exactly it may be shown; a location's map view. */
const test = useTestDatabase();
let lozenets: Location;

beforeEach(async () => {
  await resetDatabase(test.handle());
  lozenets = await createLocation({ name: "Лозенец", image: "/upload/locations/a.jpg" });
});

const base = () => ({ title: "Студия у моря", description: "Рядом с пляжем", location_id: lozenets.id });
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

describe("a property's point", () => {
  it("exact: the public point is the point; none: no point at all", async () => {
    const exact = await createProperty({ ...base(), lat: "42.3051234", lng: 27.7612 });
    expect(exact).toMatchObject({ lat: 42.305123, lng: 27.7612, location_precision: "exact", public_lat: 42.305123, public_lng: 27.7612 });
    expect(await createProperty({ ...base(), title: "Без точки" })).toMatchObject({ lat: null, public_lat: null, location_precision: "exact" });
  });

  it("approximate: the public point is 100–250 m away, stays put between saves and moves only with the point", async () => {
    const real = { lat: 42.3051, lng: 27.7612 };
    const row = await createProperty({ ...base(), ...real, location_precision: "approximate" });
    const shown = { lat: row.public_lat!, lng: row.public_lng! };
    expect(metres(shown, real)).toBeGreaterThanOrEqual(99);
    expect(metres(shown, real)).toBeLessThanOrEqual(251);
    const saved = await updateProperty(row.id, { title: "Студия у самого моря", public_lat: 0, public_lng: 0 });
    expect({ lat: saved.public_lat, lng: saved.public_lng }).toEqual(shown);
    await queryRows(test.handle().db, sql`update real_estates set public_lat = ${real.lat}, public_lng = ${real.lng} where id = ${row.id}`);
    expect((await getProperty(row.id))?.public_lat).toBe(shown.lat);
    const moved = await updateProperty(row.id, { lat: 42.31, lng: 27.77 });
    expect(metres({ lat: moved.public_lat!, lng: moved.public_lng! }, { lat: 42.31, lng: 27.77 })).toBeGreaterThanOrEqual(99);
    const exact = await updateProperty(row.id, { location_precision: "exact" });
    expect(exact).toMatchObject({ public_lat: 42.31, public_lng: 27.77 });
  });

  it.each([
    [{ lat: 91, lng: 27 }, M.pointInvalid],
    [{ lat: 42, lng: -181 }, M.pointInvalid],
    [{ lat: 42 }, M.pointInvalid],
    [{ lat: "сорок два", lng: 27 }, M.pointInvalid],
    [{ location_precision: "roughly" }, M.precisionInvalid],
  ])("refuses %j in Russian", async (bad, message) => {
    await expectModelError(createProperty({ ...base(), ...bad }), message);
    const row = await createProperty(base());
    await expectModelError(updateProperty(row.id, bad), message);
  });
});

describe("a location's map view", () => {
  it("keeps a centre and zoom, both coordinates or none", async () => {
    expect(await updateLocation(lozenets.id, { map_lat: "42.2977", map_lng: "27.7456", map_zoom: "15" })).toMatchObject({
      map_lat: 42.2977,
      map_lng: 27.7456,
      map_zoom: 15,
    });
    await expectModelError(updateLocation(lozenets.id, { map_lat: 42.3 }), LOCATION_MESSAGES.mapInvalid);
    await expectModelError(updateLocation(lozenets.id, { map_zoom: 25 }), LOCATION_MESSAGES.mapZoomInvalid);
  });
});
