import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliCopy, freezePage, gzipCopy, sizeOf } from "~/page-cache/frozen-page.server";

const NONCE = "q1w2e3r4t5y6u7i8o9p0AA==";
const POLICY = `default-src 'self';script-src 'self' 'nonce-${NONCE}';style-src 'self' 'unsafe-inline';object-src 'none'`;
const hashOf = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;

const restore = `((key) => { window.history.scrollRestoration = "manual"; })("k")`;
const context = `window.__ctx = {"a":"Квартира у моря"};`;
const modules = `import * as route0 from "/assets/root-abc.js";`;
const jsonLd = `{"@context":"https://schema.org","@type":"Offer"}`;
const rendered = [
  "<!DOCTYPE html><html><head>",
  `<link rel="modulepreload" href="/assets/entry.client-x.js" nonce="${NONCE}"/>`,
  `<script type="application/ld+json">${jsonLd}</script>`,
  "</head><body><h1>Квартира у моря</h1>",
  `<script nonce="${NONCE}">${restore}</script>`,
  `<script nonce="${NONCE}">${context}</script>`,
  `<script nonce="${NONCE}" type="module" async="">${modules}</script>`,
  `<script src="/assets/extra.js" nonce="${NONCE}"></script>`,
  "</body></html>",
].join("");

const freeze = (body = rendered, csp = POLICY) => freezePage({ status: 200, body, nonce: NONCE, csp });

describe("frozen pages", () => {
  it("drop the nonce and allow exactly their inline scripts by hash", async () => {
    const page = (await freeze())!;
    const html = page.identity.toString("utf8");
    expect(html).not.toContain(NONCE);
    expect(html).toContain(`<script type="module" async="">${modules}</script>`);
    const scriptSrc = page.csp.split(";").find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe(`script-src 'self' ${hashOf(restore)} ${hashOf(context)} ${hashOf(modules)}`);
    // The rest of the policy is unchanged; data blocks and external scripts need no hash.
    expect(page.csp).toContain("object-src 'none'");
    expect(page.csp).not.toContain(hashOf(jsonLd));
    expect(page.csp).not.toContain("nonce");
  });

  it("keep brotli and gzip copies of exactly the same page, the gzip one made once on the first request for it", async () => {
    const page = (await freeze())!;
    expect(zlib.brotliDecompressSync(page.br).equals(page.identity)).toBe(true);
    expect(page.gzip).toBeNull();
    const made: number[] = [];
    const gzip = gzipCopy(page, (bytes) => made.push(bytes));
    expect(zlib.gunzipSync(gzip).equals(page.identity)).toBe(true);
    expect(gzipCopy(page, (bytes) => made.push(bytes))).toBe(gzip);
    expect(made).toEqual([gzip.length]);
    expect(sizeOf(page)).toBe(page.identity.length + page.br.length + gzip.length);
    expect(page.etag).toMatch(/^W\/"[\w-]+"$/);
    const other = (await freeze(rendered.replace("Квартира у моря</h1>", "Дом</h1>")))!;
    expect(other.etag).not.toBe(page.etag);
  });

  it("keep a quick brotli copy, replaced once by the hard one on the first request from the cache", async () => {
    const page = (await freeze())!;
    expect(page.brQuality).toBe(2);
    const quick = page.br;
    const grown: number[] = [];
    const hard = brotliCopy(page, (bytes) => grown.push(bytes));
    expect(page.brQuality).toBe(6);
    expect(zlib.brotliDecompressSync(hard).equals(page.identity)).toBe(true);
    expect(
      hard.equals(
        zlib.brotliCompressSync(page.identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
          },
        }),
      ),
    ).toBe(true);
    expect(brotliCopy(page, (bytes) => grown.push(bytes))).toBe(hard);
    expect(grown).toEqual([hard.length - quick.length]);
  });

  it("a page without inline scripts keeps 'self' alone", async () => {
    const page = (await freeze("<html><body><p>Текст</p></body></html>"))!;
    expect(page.csp).toContain("script-src 'self';");
  });

  it("are refused when the nonce appears elsewhere or the policy does not name it", async () => {
    // E.g. the nonce written into text by a script: it could not be removed safely.
    expect(await freeze(rendered.replace("<h1>", `<h1>${NONCE}`))).toBeNull();
    expect(await freeze(rendered, "default-src 'self';script-src 'self'")).toBeNull();
  });
});
