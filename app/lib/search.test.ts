import { describe, expect, it } from "vitest";
import { escapeLike, foldForSearch } from "./search";

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
