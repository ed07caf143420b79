import { describe, expect, it } from "vitest";
import { pointFromText } from "./coordinates";

const SOZOPOL = { lat: 42.41955, lng: 27.69603 };

describe("a point from what the administrator pastes", () => {
  it.each([
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
  ])("reads %s", (text) => {
    expect(pointFromText(text)).toEqual(SOZOPOL);
  });

  it.each([
    "",
    "Созополь",
    "91, 27",
    "42, 181",
    "https://maps.app.goo.gl/abcdef",
    "https://www.openstreetmap.org/",
    "https://example.com/maps/@42.41955,27.69603,17z",
    "javascript:alert(1)//42.1,27.1",
    "https://www.google.com/search?q=42.41955,27.69603",
  ])("reads nothing from %j", (text) => {
    expect(pointFromText(text)).toBeNull();
  });
});
