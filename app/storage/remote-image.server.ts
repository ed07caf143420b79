import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "~/lib/public-address";
import { IMAGE_UPLOAD_MESSAGES, ImageUploadError, MAX_UPLOAD_BYTES, processImageUpload, sniffImageFormat } from "./images.server";
import { storage } from "./index.server";

/**
 * Photos by URL for the CSV import (issue 23 item 7, decision 0028). Only
 * http(s), only public addresses (app/lib/public-address.ts): the host is
 * resolved here, every answer checked, and the connection made to the
 * checked address (no second lookup an attacker's DNS could answer
 * differently); each redirect is checked again, at most 3. A deadline for the
 * whole fetch, the picker's size limit counted while reading, then the
 * upload pipeline (sniffing, re-encoding, variants).
 *
 * The stored name comes from the URL's SHA-256, so importing the same file
 * again finds the photo already stored and fetches nothing.
 */

export const REMOTE_IMAGE_MAX_REDIRECTS = 3;
export const REMOTE_IMAGE_TIMEOUT_MS = 15_000;

export type RemoteImageProblem = "url" | "address" | "redirects" | "status" | "size" | "timeout" | "network";

export const REMOTE_IMAGE_MESSAGES: Record<RemoteImageProblem, string> = {
  url: "адрес фото должен начинаться с http:// или https://",
  address: "адрес фото ведёт не в интернет (локальный или внутренний адрес) — такие не загружаются",
  redirects: `слишком много перенаправлений (больше ${REMOTE_IMAGE_MAX_REDIRECTS})`,
  status: "сервер не отдал фото",
  size: IMAGE_UPLOAD_MESSAGES.size,
  timeout: "сервер с фото не ответил вовремя",
  network: "не удалось соединиться с сервером фото",
};

export class RemoteImageError extends Error {
  constructor(readonly problem: RemoteImageProblem) {
    super(REMOTE_IMAGE_MESSAGES[problem]);
    this.name = "RemoteImageError";
  }
}

export interface RemoteResponse {
  status: number;
  location: string | null;
  contentLength: number | null;
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** The network, injectable so tests never leave the machine. */
export interface RemoteFetchDeps {
  /** Every address of a host name. */
  resolve(host: string): Promise<string[]>;
  /** One GET of `url`, connecting to `address` (already checked) whatever the name says. */
  request(url: URL, address: string, signal: AbortSignal): Promise<RemoteResponse>;
}

/** The real network (exported for the test of its pinned connection only). */
export const realNetwork: RemoteFetchDeps = {
  async resolve(host) {
    return (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);
  },
  request(url, address, signal) {
    const family = isIP(address);
    return new Promise((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "GET",
          signal,
          agent: false,
          headers: { Accept: "image/*", "User-Agent": "seaside-import" },
          // The name still goes in Host and SNI; the socket goes to the checked address.
          lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
            options.all ? callback(null, [{ address, family }]) : callback(null, address, family)) as unknown as LookupFunction,
        },
        (res) => {
          const length = Number(res.headers["content-length"]);
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, contentLength: Number.isFinite(length) ? length : null, body: res });
        },
      );
      req.on("error", reject);
      req.end();
    });
  },
};

async function checkedAddress(url: URL, deps: RemoteFetchDeps): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await deps.resolve(host).catch(() => [] as string[]);
  if (addresses.length === 0) throw new RemoteImageError("network");
  // Every answer must be public: a name that also points inside is refused.
  if (!addresses.every(isPublicAddress)) throw new RemoteImageError("address");
  return addresses[0]!;
}

function httpUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new RemoteImageError("url");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) throw new RemoteImageError("url");
  return url;
}

/** The bytes at `address` (http/https), refused as described above. */
export async function fetchRemoteImage(
  address: string,
  deps: RemoteFetchDeps = realNetwork,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS);
  try {
    let url = httpUrl(address);
    for (let hop = 0; ; hop++) {
      const ip = await checkedAddress(url, deps);
      if (controller.signal.aborted) throw new RemoteImageError("timeout");
      const response = await deps.request(url, ip, controller.signal);
      if (response.status >= 300 && response.status < 400 && response.location) {
        if (hop >= REMOTE_IMAGE_MAX_REDIRECTS) throw new RemoteImageError("redirects");
        url = httpUrl(response.location, url);
        continue;
      }
      if (response.status !== 200) throw new RemoteImageError("status");
      if (response.contentLength !== null && response.contentLength > maxBytes) throw new RemoteImageError("size");
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new RemoteImageError("size");
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (controller.signal.aborted) throw new RemoteImageError("timeout");
    if (error instanceof RemoteImageError) throw error;
    throw new RemoteImageError("network");
  } finally {
    clearTimeout(timer);
  }
}

const EXTENSIONS = ["jpg", "png", "webp", "gif"] as const;

/** The storage key a photo URL is kept under (without its extension). */
async function keyBase(url: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(url));
  return `properties/url-${Buffer.from(digest).toString("hex").slice(0, 32)}`;
}

/** The site path of a photo URL imported before, or null. */
export async function storedRemoteImage(url: string): Promise<string | null> {
  const base = await keyBase(url);
  for (const ext of EXTENSIONS) {
    const found = await storage().head(`${base}.${ext}`);
    if (found) return storage().publicUrl(found.key);
  }
  return null;
}

/** Fetches a photo URL (unless stored before) through the upload pipeline; its site path. Refusals: RemoteImageError or ImageUploadError. */
export async function importRemoteImage(url: string, deps: RemoteFetchDeps = realNetwork): Promise<string> {
  const stored = await storedRemoteImage(url);
  if (stored) return stored;
  const bytes = await fetchRemoteImage(url, deps);
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageUploadError("type");
  const ext = format === "jpeg" ? "jpg" : format;
  const uploaded = await processImageUpload({ bytes, key: `${await keyBase(url)}.${ext}`, cacheControlSeconds: 3600 });
  return uploaded.url;
}
