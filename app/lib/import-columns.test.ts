import { describe, expect, it } from "vitest";
import { allGive, itMaps } from "../../tests/support/table-test";
import { importedPropertyType, suggestMapping } from "./import-columns";

const FIELDS = ["reference", "title", "description", "location", "price", "area", "images", "bedrooms"];

describe("suggestMapping", () => {
  it("keeps our own names and knows common ru/bg/en ones", () => {
    expect(suggestMapping(["title", "Description", "LOCATION"], FIELDS)).toEqual(["title", "description", "location"]);
    expect(suggestMapping(["Название", "Цена", "Локация", "Описание", "Фото"], FIELDS)).toEqual(["title", "price", "location", "description", "images"]);
    expect(suggestMapping(["\uFEFFЗаглавие", "Площ", "Населено място", "Спални", "Код на имота"], FIELDS)).toEqual([
      "title",
      "area",
      "location",
      "bedrooms",
      "reference",
    ]);
    expect(suggestMapping(["Name", "Price", "City", "Photos", "Ref"], FIELDS)).toEqual(["title", "price", "location", "images", "reference"]);
  });

  it("leaves unknown columns out and gives a field to its first column only", () => {
    expect(suggestMapping(["Цвет", "Название", "Наименование", "Населённый пункт"], FIELDS)).toEqual(["", "title", "", "location"]);
  });
});

describe("importedPropertyType", () => {
  describe("reads the Russian, Bulgarian and English words for each type, in any case", () => {
    const apartments = [
      "apartment",
      "Апартамент",
      "апартаменти",
      "КВАРТИРА",
      "2-комнатная квартира",
      "студия",
      "Студио",
      "двустаен апартамент",
      "Flat",
      "Penthouse",
    ];
    const houses = ["house", "Къща", "дом", "Дом у моря", "вилла", "Вила", "Villa", "таунхаус", "къща за гости"];
    itMaps(importedPropertyType, [...allGive(apartments, "apartment"), ...allGive(houses, "house")]);
  });

  describe("leaves a cell that names no type, or both, as it is (the check refuses it)", () => {
    itMaps(importedPropertyType, [
      ["гараж", "гараж"],
      ["апартамент в къща", "апартамент в къща"],
    ]);
  });
});
