import { sniffImageFormat } from "~/storage/images.server";

/**
 * What the Storage API accepts and how it serves it (DESIGN §5, §7). The API
 * stores what the client sends under the path it names (SPEC §7: images, and
 * the diagnostics' small text file), so instead of the image pipeline it
 * classifies the bytes themselves — never the file name's claim or the
 * browser's type:
 * - images: JPEG, PNG, WebP, GIF by their magic numbers (never SVG);
 * - plain text: valid UTF-8 without NUL bytes and without markup (no HTML,
 *   SVG, XML, script tags, `javascript:` URLs);
 * - anything else (HTML, SVG, PDF, archives, programs…) is refused.
 * The file name's extension must be one of the harmless ones below, so a
 * stored object never looks like a page or a script to anything that judges
 * by the name. Everything is served with the content type found here and
 * `X-Content-Type-Options: nosniff`, never as text/html.
 */
export type Classified = { ok: true; kind: "image" | "text"; contentType: string } | { ok: false; message: string };

const IMAGE_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as const;
export const TEXT_TYPE = "text/plain; charset=utf-8";

/** Extensions an object's name may end with (or none at all). */
const ALLOWED_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "gif", "txt", "text", "csv", "json", "md", "log"]);

const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|img|a\s|form|base|math|xml|\?xml|foreignobject)|javascript:|<!--|<!\[cdata\[/i;

export const REFUSED_MESSAGE = "Only images (JPEG, PNG, WebP, GIF) and plain text files can be stored";

/** The extension of a key's last segment ("" when it has none). */
export function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "gif"]);

/** A name ending in an image extension must hold an image. */
export function nameMatches(key: string, kind: "image" | "text"): boolean {
  return kind === "image" || !IMAGE_EXTENSIONS.has(extensionOf(key));
}

export function allowedName(key: string): boolean {
  const ext = extensionOf(key);
  return ext === "" || ALLOWED_EXTENSIONS.has(ext);
}

export function classifyContent(bytes: Uint8Array): Classified {
  const format = sniffImageFormat(bytes);
  if (format) return { ok: true, kind: "image", contentType: IMAGE_TYPES[format] };
  if (bytes.includes(0)) return { ok: false, message: REFUSED_MESSAGE };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: REFUSED_MESSAGE };
  }
  // A document starting with "<" or carrying markup anywhere could be rendered as a page or an image with scripts.
  if (/^\uFEFF?\s*</.test(text) || MARKUP.test(text)) return { ok: false, message: REFUSED_MESSAGE };
  // Documents and programs that happen to be valid text (PDF, PostScript, RTF, shell scripts).
  if (/^\uFEFF?(%PDF-|%!PS|\{\\rtf|#!)/.test(text)) return { ok: false, message: REFUSED_MESSAGE };
  return { ok: true, kind: "text", contentType: TEXT_TYPE };
}

/** A MIME type matches a bucket's allowed list entry ("image/png", "image/*", "*\/*"). */
export function mimeAllowed(contentType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = contentType.split(";")[0]!.trim().toLowerCase();
  return allowed.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e === "*/*" || e === "*") return true;
    if (e.endsWith("/*")) return mime.startsWith(e.slice(0, -1));
    return e === mime;
  });
}
