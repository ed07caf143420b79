import { describe, expect, it } from "vitest";
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
  it("send every spelling of an upload as its JPEG address on this site", () => {
    for (const ref of [
      "/upload/properties/p-1.jpg",
      "properties/p-1.jpg",
      "images/properties/p-1.jpg",
      "/storage/v1/object/public/images/properties/p-1.jpg",
      `${ORIGIN}/storage/v1/object/public/images/properties/p-1.jpg`,
      `${ORIGIN}/img/640/upload/properties/p-1.jpg`,
    ]) {
      expect(jpegUrl(ORIGIN, ref), ref).toBe(`${ORIGIN}/upload/properties/p-1.jpg`);
    }
    for (const ref of [
      "/storage/v1/object/public/images/properties/p-2.webp",
      `${ORIGIN}/storage/v1/object/authenticated/images/properties/p-2.webp`,
      "properties/p-2.webp",
    ]) {
      expect(jpegUrl(ORIGIN, ref), ref).toBe(`${ORIGIN}/img/jpeg/upload/properties/p-2.webp.jpg`);
    }
    expect(jpegUrl(ORIGIN, "/upload/properties/%D1%84%D0%BE%D1%82%D0%BE.png")).toBe(`${ORIGIN}/img/jpeg/upload/properties/%D1%84%D0%BE%D1%82%D0%BE.png.jpg`);
  });

  it("leave other addresses as they were: a foreign JPEG as is, anything else out", () => {
    expect(jpegUrl(ORIGIN, "https://cdn.example.net/a.jpg")).toBe("https://cdn.example.net/a.jpg");
    expect(jpegUrl(ORIGIN, "https://cdn.example.net/a.webp")).toBeNull();
    expect(jpegUrl(ORIGIN, "/images/placeholder.svg")).toBeNull();
  });
});
