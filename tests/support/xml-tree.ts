/**
 * A strict little XML reader for the feed tests: elements, attributes, text
 * and CDATA into a tree; throws on anything not well-formed that our feeds
 * could produce (unbalanced tags, a bare `&` or `<`, text outside the root, a
 * character XML forbids).
 * Not a general parser (no DTDs, no processing instructions but the declaration).
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string): string {
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`bare & in ${JSON.stringify(text.slice(0, 80))}`);
  if (text.includes("<")) throw new Error("bare <");
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1]?.toLowerCase() === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e]!,
  );
}

/** A character XML 1.0 forbids (§2.2): one makes the whole document unreadable to a conforming parser. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function parseXml(xml: string): XmlNode {
  const forbidden = NOT_XML.exec(xml);
  if (forbidden) {
    const code = forbidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw new Error(`character U+${code} (not allowed in XML) at ${forbidden.index}: ${JSON.stringify(xml.slice(forbidden.index - 30, forbidden.index + 10))}`);
  }
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error("no UTF-8 XML declaration");
  const token = /<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  token.lastIndex = declaration[0].length;
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const m = token.exec(xml);
    if (!m || m.index !== at) throw new Error(`not well-formed at ${at}: ${JSON.stringify(xml.slice(at, at + 60))}`);
    const [, cdata, close, name, attrs, selfClose, text] = m;
    const top = stack[stack.length - 1];
    if (cdata !== undefined || text !== undefined) {
      const value = cdata !== undefined ? cdata : decode(text!);
      if (!top) {
        if (value.trim() !== "") throw new Error("text outside the root");
        continue;
      }
      top.text += value;
      continue;
    }
    if (close) {
      if (top?.name !== name) throw new Error(`</${name}> closes <${top?.name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of attrs!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[key!] = decode(value!);
    const node: XmlNode = { name: name!, attributes, children: [], text: "" };
    if (top) top.children.push(node);
    else if (root) throw new Error("two roots");
    else root = node;
    if (!selfClose) stack.push(node);
  }
  if (stack.length > 0 || !root) throw new Error("unclosed elements");
  return root;
}

/** The children named `name`. */
export const all = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
/** The text of the only child named `name`, or undefined. */
export function textOf(node: XmlNode, name: string): string | undefined {
  const found = all(node, name);
  if (found.length > 1) throw new Error(`<${name}> ${found.length} times in <${node.name}>`);
  return found[0]?.text;
}
