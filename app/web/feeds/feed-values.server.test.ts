import { describe, expect, it } from "vitest";
import { allGive, itMaps } from "../../../tests/support/table-test";
import { cdata, element, jpegUrl, xmlChars, xmlText } from "./feed-values.server";

describe("the feeds' one filter of characters XML 1.0 forbids", () => {
  it("drops C0 controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF; keeps everything else", () => {
    const forbidden = ["\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001F", "\uD800", "\uDFFF", "\uFFFE", "\uFFFF"];
    for (const c of forbidden) expect(xmlChars(`а${c}б`), JSON.stringify(c)).toBe("аб");
    const kept = "\t\n\r Созопол € \u007F\u0085 \uE000 \uFFFD 😀";
    expect(xmlChars(kept)).toBe(kept);
  });

  it("applies to escaped text and to CDATA, where a ]]> is split so the section cannot end early", () => {
    expect(xmlText("a\uFFFF<b>&\u0001")).toBe("a&lt;b&gt;&amp;");
    expect(element("title", "\uFFFE")).toBe("<title></title>");
    expect(cdata("x\uFFFF]]>y\u0002")).toBe("<![CDATA[x]]]]><![CDATA[>y]]>");
  });
});

const ORIGIN = "https://seaside.example";

describe("the feeds' photo addresses (decision 0031)", () => {
  const jpegOnThisSite = (ref: string) => jpegUrl(ORIGIN, ref);

  describe("send every spelling of an upload as its JPEG address on this site", () => {
    const jpegSpellings = [
      "/upload/properties/p-1.jpg",
      "properties/p-1.jpg",
      "images/properties/p-1.jpg",
      "/storage/v1/object/public/images/properties/p-1.jpg",
      `${ORIGIN}/storage/v1/object/public/images/properties/p-1.jpg`,
      `${ORIGIN}/img/640/upload/properties/p-1.jpg`,
    ];
    const webpSpellings = [
      "/storage/v1/object/public/images/properties/p-2.webp",
      `${ORIGIN}/storage/v1/object/authenticated/images/properties/p-2.webp`,
      "properties/p-2.webp",
    ];
    itMaps(jpegOnThisSite, [
      ...allGive(jpegSpellings, `${ORIGIN}/upload/properties/p-1.jpg`),
      ...allGive(webpSpellings, `${ORIGIN}/img/jpeg/upload/properties/p-2.webp.jpg`),
      ["/upload/properties/%D1%84%D0%BE%D1%82%D0%BE.png", `${ORIGIN}/img/jpeg/upload/properties/%D1%84%D0%BE%D1%82%D0%BE.png.jpg`],
    ]);
  });

  describe("leave other addresses as they were: a foreign JPEG as is, anything else out", () => {
    itMaps(jpegOnThisSite, [
      ["https://cdn.example.net/a.jpg", "https://cdn.example.net/a.jpg"],
      ["https://cdn.example.net/a.webp", null],
      ["/images/placeholder.svg", null],
    ]);
  });
});
