import { describe, expect, it } from "vitest";
import { attributionHtml } from "./tiles";

describe("attributionHtml", () => {
  it("links OpenStreetMap's credit to its copyright page", () => {
    expect(attributionHtml("© OpenStreetMap contributors https://www.openstreetmap.org/copyright")).toBe(
      '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap contributors</a>',
    );
  });

  it("never passes configured text through as markup", () => {
    expect(attributionHtml('<img src=x onerror="alert(1)"> Tiles')).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Tiles");
    expect(attributionHtml('Tiles https://example.test/"><script>')).toBe(
      '<a href="https://example.test/&quot;&gt;&lt;script&gt;" target="_blank" rel="noopener noreferrer">Tiles</a>',
    );
  });

  it("shows a bare URL as its own link, and plain text as it is", () => {
    expect(attributionHtml("https://tiles.example.test/")).toContain(">https://tiles.example.test/</a>");
    expect(attributionHtml("Tiles by Example")).toBe("Tiles by Example");
  });
});
