import { describe } from "vitest";
import { allGive, itMaps } from "../../../tests/support/table-test";
import { pointFromText } from "./coordinates";

const SOZOPOL = { lat: 42.41955, lng: 27.69603 };

describe("a point from what the administrator pastes", () => {
  /** Sozopol's point as it is pasted: plain coordinates and the map sites' links. */
  const sozopolPasted = [
    "42.41955, 27.69603",
    "42.41955,27.69603",
    " 42.41955 27.69603 ",
    "geo:42.41955,27.69603?z=17",
    "https://www.openstreetmap.org/#map=17/42.41955/27.69603",
    "https://www.openstreetmap.org/?mlat=42.41955&mlon=27.69603#map=15/42.4/27.7",
    "https://osm.org/?mlat=42.41955&mlon=27.69603",
    "https://www.google.com/maps/@42.41955,27.69603,17z",
    "https://www.google.com/maps/place/Sozopol/@42.40,27.70,14z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d42.41955!4d27.69603",
    "https://maps.google.com/?q=42.41955,27.69603",
    "https://www.google.bg/maps?q=42.41955%2C27.69603",
    "https://www.google.com/maps/search/?api=1&query=42.41955,27.69603",
  ];
  /** Text with no point, a point out of range, or a link that does not carry one. */
  const noPoint = [
    "",
    "Созополь",
    "91, 27",
    "42, 181",
    "https://maps.app.goo.gl/abcdef",
    "https://www.openstreetmap.org/",
    "https://example.com/maps/@42.41955,27.69603,17z",
    "javascript:alert(1)//42.1,27.1",
    "https://www.google.com/search?q=42.41955,27.69603",
  ];

  itMaps(pointFromText, [...allGive(sozopolPasted, SOZOPOL), ...allGive(noPoint, null)], "reads from %j: %j");
});
