import { readCookie } from "~/web/cookies";
import { SESSION_COOKIE } from "~/web/identity.server";
import { sizeOf, type FrozenPage } from "~/page-cache/frozen-page.server";

export { readContentVersion } from "~/db/content-version.server";

/**
 * Rendered public HTML, kept in this process (DESIGN §11: server rendering is
 * ~80× slower than a static file). Entries belong to a content version: the
 * database bumps `content_version` on every change to locations or
 * properties (triggers), so every server copy drops stale pages on its own.
 * The version is read at most every CHECK_MS, so a change shows within that.
 * Pages are kept frozen (frozen-page.server.ts): no nonce, compressed once.
 */
/**
 * A frozen page and every header it was first sent with (security headers
 * included) as a flat [name, value, …] list, sent again as they were.
 */
export type CachedPage = FrozenPage & { headers: string[] };

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const CHECK_MS = 500;
/** Addresses with a query string rendered once and not kept yet (see `admits`). */
const MAX_SEEN_ONCE = 2000;
/** Longer addresses (up to Node's 16 KB of headers) are never kept: no popular page has one, and 2 000 of them would hold 32 MB. */
const MAX_KEPT_KEY_LENGTH = 1024;

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private version: string | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private seenOnce = new Set<string>();

  constructor(private readonly readVersion: () => Promise<string>) {}

  /** Makes sure the cache belongs to the current content version (cheap: at most one read per CHECK_MS). */
  async sync(now = Date.now()): Promise<void> {
    if (now - this.checkedAt < CHECK_MS) return;
    this.checking ??= this.readVersion()
      .then((version) => {
        if (version !== this.version) this.clear();
        this.version = version;
        this.checkedAt = now;
      })
      .finally(() => {
        this.checking = null;
      });
    await this.checking;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, page: CachedPage, versionAtRender: string | null) {
    // A page rendered before a change that arrived meanwhile is not kept.
    // Up to a quarter of the cache: the map's GeoJSON of a large catalogue (issue 21) is megabytes, and the
    // dearest answer to make again; addresses with a query are kept only from their second render.
    if (versionAtRender !== this.version || sizeOf(page) > MAX_BYTES / 4) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += sizeOf(page);
    this.evict();
  }

  private evict() {
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  /** A kept page's copy made after it was kept (its gzip copy, frozen-page.server.ts gzipCopy): counted from now on. */
  grown(key: string, page: CachedPage, bytes: number) {
    if (this.entries.get(key) !== page) return;
    this.bytes += bytes;
    this.evict();
  }

  /**
   * Whether a page just rendered for `key` is worth keeping. Paths are few
   * (one per page of the catalogue) and kept at once; query strings are
   * endless (every search word, every `?x=` a bot makes up), so such a page
   * is kept from its second render on: a one-off search costs no freezing,
   * no memory and evicts no popular page. Remembered keys are bounded and
   * forgotten with the content version.
   */
  admits(key: string): boolean {
    if (key.length > MAX_KEPT_KEY_LENGTH) return false;
    if (!key.includes("?") || this.seenOnce.delete(key)) return true;
    this.seenOnce.add(key);
    if (this.seenOnce.size > MAX_SEEN_ONCE) this.seenOnce.delete(this.seenOnce.values().next().value!);
    return false;
  }

  /** Whether the content version was checked within CHECK_MS, so a lookup needs no database read. */
  isFresh(now = Date.now()): boolean {
    return this.version !== null && now - this.checkedAt < CHECK_MS;
  }

  currentVersion(): string | null {
    return this.version;
  }

  clear() {
    this.entries.clear();
    this.seenOnce.clear();
    this.bytes = 0;
  }

  get size() {
    return this.entries.size;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= sizeOf(old);
      this.entries.delete(key);
    }
  }
}

/**
 * Which requests may be answered from the cache: GET/HEAD of public pages,
 * not the admin area, redirects, uploads or resource routes with their own
 * caching, and not while an administrator's session cookie is sent. Other
 * cookies (a proxy's, an analytics script's) do not change a public page —
 * only `language` does, and it is part of the key (app/page-cache/http.server.ts) —
 * so they no longer send every such visitor to a fresh render.
 */
export function isCacheable(method: string, path: string, cookieHeader: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (/^\/(admin|set-language|healthz|upload|assets|sitemap|robots|feeds|rest|auth|storage|testsupabase|test-storage)(\/|\.|$)/.test(path)) {
    return false;
  }
  if (path.endsWith(".data")) return false;
  // Alert links (issue 22): each answer depends on the token's state at that moment.
  if (/^\/(bg\/)?alerts(\/|$)/.test(path)) return false;
  if (!cookieHeader) return true;
  return readCookie(cookieHeader, SESSION_COOKIE) === null;
}
