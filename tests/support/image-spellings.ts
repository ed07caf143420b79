import fc from "fast-check";
import { safeObjectKey, UPLOAD_TYPES } from "~/lib/object-names";

/**
 * Generated store keys and every spelling of them the site accepts or shows
 * (decision 0031), for the reference reader's unit test and the sweep's
 * database test.
 */
export const SITE = "https://seaside.example";
export const S3 = "https://cdn.example.net/site-images";

const encode = (key: string) => key.split("/").map(encodeURIComponent).join("/");
/** Every byte percent-encoded: the most encoded spelling a client may store. */
const encodeAll = (key: string) =>
  key
    .split("/")
    .map((segment) => [...new TextEncoder().encode(segment)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""))
    .join("/");

/** Every spelling of `key` the site accepts or shows (decision 0031). */
export function spellingsOf(key: string): string[] {
  const out: string[] = [];
  for (const e of [encode(key), encodeAll(key)]) {
    out.push(
      `/upload/${e}`,
      `upload/${e}`,
      `/upload/${e}?v=2`,
      `/upload/${e}#top`,
      `${SITE}/upload/${e}`,
      `/img/640/upload/${e}`,
      `${SITE}/img/1280/upload/${e}`,
      `/img/jpeg/upload/${e}.jpg`,
      `${SITE}/img/jpeg/upload/${e}.jpg`,
      `${SITE}/storage/v1/object/public/images/${e}`,
      `${SITE}/storage/v1/object/authenticated/images/${e}`,
      `${SITE}/storage/v1/object/images/${e}`,
      `/storage/v1/object/public/images/${e}`,
      `/storage/v1/object/authenticated/images/${e}`,
      `/storage/v1/object/images/${e}`,
      `images/${e}`,
      `/images/${e}`,
      e,
      `/${e}`,
      `${S3}/${e}`,
    );
  }
  // The plain key as the Storage API returns it, when it needs no encoding to be read back.
  if (!/[%?#\s]/.test(key)) out.push(key, `/${key}`, `images/${key}`, `/upload/${key}`);
  return out;
}

/** Store keys as the store makes them and as API clients choose them: any safe name under an upload folder. */
export const storeKey: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...UPLOAD_TYPES),
    fc.array(
      fc.oneof(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
        fc.stringMatching(/^[a-z0-9._-]{1,20}$/),
        fc.constantFrom("фото 1.jpg", "100%.png", "a?b#c.webp", "снимка (2).JPG", "x+y.gif"),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([type, segments]) => [type, ...segments].join("/"))
  .filter((key) => safeObjectKey(key) === key && key.trim() === key);
