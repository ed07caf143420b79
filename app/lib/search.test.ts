import { describe, expect, it } from "vitest";
import { escapeLike, foldForSearch, namesMatchWords, searchTextOf, searchWords } from "./search";

describe("search folding", () => {
  it("folds Cyrillic case and ё like the database column does", () => {
    expect(foldForSearch("СОЗОПОЛЬ")).toBe(foldForSearch("созополь"));
    expect(foldForSearch("Ёлка")).toBe("елка");
    expect(foldForSearch("КЪЩА")).toBe("къща");
  });
  it("escapes LIKE wildcards", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });
});

describe("complex names (issue 33)", () => {
  it("matches when every search word begins a word of one of the names, case and ё aside", () => {
    const names = ["Cascadas Resort", "Каскадас", ""];
    expect(namesMatchWords(names, searchWords("CASCAD"))).toBe(true);
    expect(namesMatchWords(names, searchWords("каскадас resort"))).toBe(true);
    expect(namesMatchWords(["Зелёный Бор"], searchWords("зеленый"))).toBe(true);
    expect(namesMatchWords(names, searchWords("adas"))).toBe(false);
    expect(namesMatchWords(names, searchWords("cascadas sozopol"))).toBe(false);
    expect(namesMatchWords(["Sun-2 Village"], searchWords("sun-2"))).toBe(true);
    expect(namesMatchWords(names, searchWords("  "))).toBe(false);
  });

  it("adds a complex's names to a property's search text, folded", () => {
    const text = searchTextOf({ title: "Студия", description: "У моря", complex_names: ["Cascadas", "Каскадас", ""] });
    expect(text).toContain("cascadas");
    expect(text).toContain("каскадас");
  });
});
