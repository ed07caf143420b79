import type { DatabaseHandle } from "~/db/client.server";
import { createLocation, type Location } from "~/models/locations.server";
import { resetDatabase } from "./test-db";

/** An emptied catalogue with the two locations the property tests put their properties in: Созополь and Бургас. */
export async function twoLocations(handle: DatabaseHandle): Promise<{ sozopol: Location; burgas: Location }> {
  await resetDatabase(handle);
  return {
    sozopol: await createLocation({ name: "Созополь", image: "/upload/locations/a.jpg" }),
    burgas: await createLocation({ name: "Бургас", image: "/upload/locations/b.jpg" }),
  };
}
