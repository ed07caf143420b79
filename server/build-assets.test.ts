import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAssets } from "./build-assets";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-assets-"));
const script = "export const greeting = 'Добро пожаловать';\n".repeat(50);
let server: http.Server;
let port = 0;

/** A request whose body stays as sent (fetch would decode it), with what the handler did. */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      // Options rather than a URL string: the path goes out as written ("..", a query).
      .request({ host: "127.0.0.1", port, path: url, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, "entry-Ab12Cd34.js"), script);
  fs.writeFileSync(path.join(dir, "entry-Ab12Cd34.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "entry-Ab12Cd34.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, "tiny-Ef56Gh78.js"), "export {};\n");
  fs.writeFileSync(path.join(dir, "font-Ij90Kl12.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  fs.writeFileSync(path.join(dir, "notes.txt"), "not a build type");
  const serve = buildAssets(dir);
  // What the handler leaves goes on to "Express": here a marker response.
  server = http.createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(418, { "x-passed-on": "1" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("build assets sent from memory", () => {
  it("sends the brotli twin to a browser, gzip to a gzip-only client, the file itself otherwise — the same script each time", async () => {
    const br = await get("/assets/entry-Ab12Cd34.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await get("/assets/entry-Ab12Cd34.js", { "accept-encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get("/assets/entry-Ab12Cd34.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(script));
    // A file too small to have twins is sent as it is to every client.
    const tiny = await get("/assets/tiny-Ef56Gh78.js", { "accept-encoding": "br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export {};\n");
  });

  it("marks them immutable for a year, typed, not sniffable, not for other sites", async () => {
    const { headers } = await get("/assets/entry-Ab12Cd34.js", { "accept-encoding": "br" });
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headers.vary).toBe("Accept-Encoding");
    expect((await get("/assets/font-Ij90Kl12.woff2")).headers["content-type"]).toBe("font/woff2");
  });

  it("answers a revalidation with 304 and HEAD without a body", async () => {
    const first = await get("/assets/entry-Ab12Cd34.js");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get("/assets/entry-Ab12Cd34.js", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/assets/entry-Ab12Cd34.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(script));
    expect(head.body.length).toBe(0);
  });

  it("leaves to Express what it does not hold: other files, other methods, ranges, paths outside the folder", async () => {
    for (const [url, headers, method] of [
      ["/assets/missing-Zz00Zz00.js", {}, "GET"],
      ["/assets/notes.txt", {}, "GET"],
      ["/assets/entry-Ab12Cd34.js", {}, "POST"],
      ["/assets/entry-Ab12Cd34.js", { range: "bytes=0-9" }, "GET"],
      ["/assets/entry-Ab12Cd34.js?v=2", {}, "GET"],
      ["/assets/../assets/entry-Ab12Cd34.js", {}, "GET"],
      ["/entry-Ab12Cd34.js", {}, "GET"],
    ] as const) {
      const response = await get(url, headers, method);
      expect(response.status, `${method} ${url}`).toBe(418);
    }
  });
});
