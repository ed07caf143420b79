import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/platform/env.server";
import { setStorage } from "./index.server";
import { LocalStorage } from "./local.server";
import { fetchRemoteImage, importRemoteImage, realNetwork, RemoteImageError, type RemoteFetchDeps, type RemoteResponse } from "./remote-image.server";

/**
 * Photos by URL for the CSV import (decision 0028). The real network is used
 * only against a local server, to prove it is never reached; successful
 * fetches go through an injected resolver and transport — no outside host.
 */
const PORT = 9915;
let hits = 0;
let lastHost = "";
const server = http.createServer((req, res) => {
  hits++;
  lastHost = req.headers.host ?? "";
  res.end("secret");
});
const root = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-remote-"));
let png: Buffer;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
  setStorage(new LocalStorage(path.join(root, "upload")));
  // The variants go to DATA_DIR/cache/img: a temporary one.
  process.env.DATA_DIR = root;
  resetEnvForTests();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  setStorage(undefined);
  delete process.env.DATA_DIR;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

async function problem(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "fetched";
  } catch (error) {
    return error instanceof RemoteImageError ? error.problem : String(error);
  }
}

/** A pretend internet: names → addresses, and what each URL answers. */
function fakeNet(dns: Record<string, string[]>, pages: Record<string, Partial<RemoteResponse> | "hang">) {
  const calls: { url: string; address: string }[] = [];
  const deps: RemoteFetchDeps = {
    resolve: async (host) => dns[host] ?? [],
    request: (url, address, signal) => {
      calls.push({ url: url.href, address });
      const page = pages[url.href];
      if (page === "hang") return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
      if (!page) return Promise.resolve({ status: 404, location: null, contentLength: null, body: [] });
      return Promise.resolve({ status: 200, location: null, contentLength: null, body: [], ...page });
    },
  };
  return { deps, calls };
}

describe("fetchRemoteImage against the real network stack", () => {
  it.each([
    "http://127.0.0.1:9915/a.png",
    "http://localhost:9915/a.png",
    "http://[::1]:9915/a.png",
    "http://[::ffff:127.0.0.1]:9915/a.png",
    "http://2130706433:9915/a.png",
    "http://0x7f000001:9915/a.png",
    "http://127.1:9915/a.png",
    "http://0.0.0.0:9915/a.png",
  ])("refuses %s and never connects", async (url) => {
    expect(await problem(fetchRemoteImage(url))).toBe("address");
    expect(hits).toBe(0);
  });

  it.each(["ftp://example.com/a.png", "file:///etc/passwd", "javascript:alert(1)", "not a url", "http://user:pass@example.com/a.png"])(
    "refuses %s as not http(s)",
    async (url) => {
      expect(await problem(fetchRemoteImage(url))).toBe("url");
    },
  );
});

describe("fetchRemoteImage with an injected network", () => {
  const dns = {
    "photos.example": ["93.184.216.34"],
    "inside.example": ["192.168.1.10"],
    "mixed.example": ["93.184.216.34", "10.0.0.1"],
    "v6.example": ["fd00::1"],
  };

  it("fetches from a public address, connecting to the address it checked", async () => {
    const net = fakeNet(dns, { "http://photos.example/a.png": { body: [png] } });
    expect(Buffer.from(await fetchRemoteImage("http://photos.example/a.png", net.deps))).toEqual(png);
    expect(net.calls).toEqual([{ url: "http://photos.example/a.png", address: "93.184.216.34" }]);
  });

  it("refuses names that resolve inside, even partly, and redirects there", async () => {
    for (const host of ["inside.example", "mixed.example", "v6.example"]) {
      const net = fakeNet(dns, {});
      expect(await problem(fetchRemoteImage(`https://${host}/a.png`, net.deps))).toBe("address");
      expect(net.calls).toEqual([]);
    }
    for (const target of ["http://127.0.0.1:9915/", "http://inside.example/x.png", "http://[fe80::1]/", "http://169.254.169.254/latest/meta-data/"]) {
      const net = fakeNet(dns, { "http://photos.example/a.png": { status: 302, location: target } });
      expect(await problem(fetchRemoteImage("http://photos.example/a.png", net.deps)), target).toBe("address");
      expect(net.calls).toHaveLength(1);
    }
    expect(hits).toBe(0);
  });

  it("follows at most 3 redirects, relative ones too", async () => {
    const chain = (n: number) => {
      const pages: Record<string, Partial<RemoteResponse>> = { [`http://photos.example/${n}`]: { body: [png] } };
      for (let i = 0; i < n; i++) pages[`http://photos.example/${i}`] = { status: 301, location: `/${i + 1}` };
      return pages;
    };
    expect(await problem(fetchRemoteImage("http://photos.example/0", fakeNet(dns, chain(3)).deps))).toBe("fetched");
    expect(await problem(fetchRemoteImage("http://photos.example/0", fakeNet(dns, chain(4)).deps))).toBe("redirects");
  });

  it("refuses a too large answer, an error status, an unknown name and a server that does not answer in time", async () => {
    const big = new Uint8Array(1024);
    const net = fakeNet(dns, {
      "http://photos.example/declared": { contentLength: 10_000, body: [big] },
      "http://photos.example/streamed": { body: [big, big, big] },
      "http://photos.example/slow": "hang",
    });
    expect(await problem(fetchRemoteImage("http://photos.example/declared", net.deps, { maxBytes: 2048 }))).toBe("size");
    expect(await problem(fetchRemoteImage("http://photos.example/streamed", net.deps, { maxBytes: 2048 }))).toBe("size");
    expect(await problem(fetchRemoteImage("http://photos.example/missing", net.deps))).toBe("status");
    expect(await problem(fetchRemoteImage("http://nowhere.example/a.png", net.deps))).toBe("network");
    expect(await problem(fetchRemoteImage("http://photos.example/slow", net.deps, { timeoutMs: 50 }))).toBe("timeout");
  });

  it("stores a photo through the upload pipeline under a name from its URL, and fetches it only once", async () => {
    const net = fakeNet(dns, { "http://photos.example/b.png": { body: [png] }, "http://photos.example/text": { body: [Buffer.from("hello")] } });
    const url = await importRemoteImage("http://photos.example/b.png", net.deps);
    expect(url).toMatch(/^\/upload\/properties\/url-[0-9a-f]{32}\.png$/);
    expect(await importRemoteImage("http://photos.example/b.png", net.deps)).toBe(url);
    expect(net.calls).toHaveLength(1);
    await expect(importRemoteImage("http://photos.example/text", net.deps)).rejects.toThrow(/формат|изображ/i);
  });
});

describe("the real transport", () => {
  it("connects to the address it is given, whatever the name resolves to, keeping the name in Host", async () => {
    // Called directly (the address rules above never let 127.0.0.1 through): a name no DNS knows still reaches the pinned address.
    const response = await realNetwork.request(new URL(`http://pinned.invalid:${PORT}/x`), "127.0.0.1", new AbortController().signal);
    let body = "";
    for await (const chunk of response.body) body += Buffer.from(chunk).toString();
    expect([response.status, body, lastHost, hits]).toEqual([200, "secret", `pinned.invalid:${PORT}`, 1]);
  });
});
