import { describe, expect, it } from "vitest";
import { cdata, element, xmlChars, xmlText } from "./feed-values.server";

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
