import fc from "fast-check";
import { ANON_KEY, type GeneratedRequest } from "./harness";

/**
 * Building blocks of the generated requests: hostile text (NUL, lone
 * surrogates, quotes, SQL and HTML fragments, very long runs), its
 * percent-encodings (also broken and overlong ones) and the headers every
 * request may carry. Targets stay within what Node's client sends (printable
 * ASCII); malformed request lines themselves are the raw-socket tests' part.
 */

/** Text a client may put anywhere. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "\uD800",
      "x\uDFFFy",
      "\uFEFF",
      "'",
      '"',
      "%",
      "\\",
      "\r\n",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "${7*7}",
      "💥",
      "Созополь",
      "Приморско",
      "null",
      "undefined",
      "-1",
      "1e309",
      "NaN",
      "0x10",
      "[]",
      "{}",
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "я", "%", "\u0000", "💥"), fc.integer({ min: 100, max: 3000 })).map(([c, n]) => c.repeat(n)) },
);

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD, as TextEncoder does). */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Escapes a decoder may choke on: NUL, bytes that are not UTF-8, overlong forms, surrogates, broken escapes. */
export const rawEscape = fc.constantFrom(
  "%00",
  "%FF",
  "%C0%AF",
  "%C0%80",
  "%E0%80%AF",
  "%ED%A0%80",
  "%F8%80%80%80%AF",
  "%FE%FF",
  "%",
  "%2",
  "%G0",
  "%25",
  "%2F",
  "%5C",
  "%2e%2e",
  "%u0041",
  "%0D%0A",
  "%09",
  "%20",
  "+",
);

/** One path segment or query value, as sent (ASCII, possibly malformed encoding). */
export const encodedPiece: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: nastyText.map(percentEncode) },
      { weight: 3, arbitrary: rawEscape },
      { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,12}$/) },
      { weight: 1, arbitrary: fc.constantFrom("..", ".", "~", "!", "$", "&", "'", "(", ")", "*", ",", ";", "=", ":", "@", "[", "]") },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(""));

/** A query string of known and random parameter names (`?` included, or nothing). */
export function queryOf(names: string[], valueOf: fc.Arbitrary<string> = encodedPiece): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: encodedPiece }),
        fc.oneof({ weight: 4, arbitrary: valueOf }, { weight: 1, arbitrary: fc.constant("") }),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));
}

/** A client address (TRUST_PROXY is on): mostly well-formed, so the per-address limits spread; sometimes odd. */
export const forwardedFor = fc.oneof(
  { weight: 8, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.constantFrom("unknown", "::1", "1.2.3.4, 5.6.7.8", "999.1.1.1", "", "[::1]:80", "a b") },
);

const headerValue = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ""));

/** Headers a browser, a bot or a scanner may send with any request. */
export const commonHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      "x-forwarded-for": forwardedFor,
      "accept-language": fc.oneof(fc.constantFrom("ru", "bg", "bg-BG,bg;q=0.9", "en;q=abc", "*"), headerValue),
      cookie: fc.oneof(fc.constantFrom("lang=bg", "lang=ru", "lang=xx", "session=garbage", "seaside_session=" + "A".repeat(43), "=;=;;"), headerValue),
      accept: fc.constantFrom("text/html", "application/json", "*/*", "text/x-component", "application/vnd.pgrst.object+json", "garbage"),
      "accept-encoding": fc.constantFrom("gzip, deflate, br", "identity", "br", "gzip;q=abc", "*"),
      "if-none-match": fc.oneof(fc.constant('W/"x"'), headerValue),
      range: fc.constantFrom("bytes=0-10", "bytes=-1", "bytes=99999999-", "items=0-0", "garbage"),
    },
    { requiredKeys: ["x-forwarded-for"] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== "")));

/** The pages a generated request can aim at, read from the running site. */
export interface Site {
  locationSlugs: string[];
  locationIds: string[];
  /** "<location slug>/<property slug>" */
  propertyPaths: string[];
  propertyIds: string[];
  adminToken: string;
}

export async function readSite(baseUrl: string, adminToken: string): Promise<Site> {
  const headers = { apikey: ANON_KEY };
  const locations = (await (await fetch(`${baseUrl}/rest/v1/locations?select=id,slug`, { headers })).json()) as { id: string; slug: string }[];
  const properties = (await (await fetch(`${baseUrl}/rest/v1/real_estates?select=id,slug,location_id`, { headers })).json()) as {
    id: string;
    slug: string;
    location_id: string;
  }[];
  // Slugs are Cyrillic: sent percent-encoded, as a browser does.
  const slugOf = new Map(locations.map((l) => [l.id, encodeURIComponent(l.slug)]));
  return {
    locationSlugs: locations.map((l) => encodeURIComponent(l.slug)),
    locationIds: locations.map((l) => l.id),
    propertyPaths: properties.map((p) => `${slugOf.get(p.location_id)}/${encodeURIComponent(p.slug)}`),
    propertyIds: properties.map((p) => p.id),
    adminToken,
  };
}

/** Who is asking the API: nobody, the anonymous key, the administrator, or a made-up token. */
export function apiRole(site: Site): fc.Arbitrary<{ role: "none" | "anon" | "admin" | "garbage"; headers: Record<string, string> }> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ role: "none" as const, headers: {} }) },
    { weight: 3, arbitrary: fc.constant({ role: "anon" as const, headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` } }) },
    { weight: 3, arbitrary: fc.constant({ role: "admin" as const, headers: { apikey: ANON_KEY, authorization: `Bearer ${site.adminToken}` } }) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), headerValue, fc.constantFrom("Bearer", "Basic YTpi", "bearer  ", "Bearer eyJhbGciOiJub25lIn0.e30."))
        .map((token) => ({
          role: "garbage" as const,
          headers: { apikey: token.replace(/^Bearer ?/, "") || "x", authorization: token.startsWith("B") ? token : `Bearer ${token}` },
        })),
    },
  );
}

/** A JSON value with hostile strings in it (NUL, lone surrogates, huge numbers). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, 1e308, -0, 2 ** 53 + 1, "", " "),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyText, fc.constantFrom("id", "name", "__proto__", "constructor")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A form body in one of the encodings a client may send, with its content type. */
export function formBody(fields: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<{ contentType?: string; body: string }> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fields.map((f) => ({
        contentType: "application/x-www-form-urlencoded",
        body: Object.entries(f)
          .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
          .join("&"),
      })),
    },
    {
      weight: 2,
      arbitrary: fields.map((f) => {
        const boundary = "----robust" + "x".repeat(8);
        const parts = Object.entries(f).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, "")}"\r\n\r\n${v}\r\n`);
        return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
      }),
    },
    { weight: 2, arbitrary: fields.map((f) => ({ contentType: "application/json", body: JSON.stringify(f) })) },
    { weight: 1, arbitrary: hostileJson.map((v) => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            undefined,
            "text/plain",
            "application/x-www-form-urlencoded; charset=koi8-r",
            "multipart/form-data",
            "multipart/form-data; boundary=",
            "application/octet-stream",
            "garbage/thing; ;;",
          ),
          fc.oneof(
            nastyText,
            fields.map((f) =>
              Object.entries(f)
                .map(([k, v]) => `${k}=${v}`)
                .join("&"),
            ),
          ),
        )
        .map(([contentType, body]) => ({ contentType, body })),
    },
  );
}

/** A request with the common headers (and a client address) merged in. */
export function withCommonHeaders(request: fc.Arbitrary<GeneratedRequest>): fc.Arbitrary<GeneratedRequest> {
  return fc.tuple(request, commonHeaders).map(([r, common]) => ({ ...r, headers: { ...common, ...r.headers } }));
}
