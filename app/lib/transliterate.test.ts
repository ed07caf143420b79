import { describe, expect, it } from "vitest";
import { transliterate } from "./transliterate";

describe("transliterate (Bulgaria's official system)", () => {
  it.each([
    ["Черноморец", "Chernomorets"],
    ["Созопол", "Sozopol"],
    ["Несебър", "Nesebar"],
    ["Слънчев бряг", "Slanchev bryag"],
    ["Свети Влас", "Sveti Vlas"],
    ["Щастливеца", "Shtastlivetsa"],
    ["София", "Sofia"],
    ["Бургас", "Burgas"],
    ["Ямбол", "Yambol"],
    ["Жеравна", "Zheravna"],
    ["ЖК Юг", "ZHK Yug"],
    ["Поморие", "Pomorie"],
    ["Солнечный берег", "Solnechnyy bereg"],
    ["Villa «Море» 2", "Villa «More» 2"],
  ])("%s → %s", (cyrillic, expected) => {
    expect(transliterate(cyrillic)).toBe(expected);
  });
});
