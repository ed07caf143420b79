import { sniffImageFormat, type ImageFormat } from "~/storage/images.server";

/**
 * What the Storage API serves, and which names its uploads may have
 * (DESIGN §5, §7).
 * Uploads to `images` are images only, and they go through the site's one
 * image pipeline (app/storage/images.server.ts: sniffed, decoded, re-encoded,
 * stripped); the key's extension must be the image's own format or absent.
 * Reads classify the stored bytes themselves — never the name's claim:
 * - images: JPEG, PNG, WebP, GIF by their magic numbers (never SVG);
 * - plain text (objects stored before uploads became images only, or by the
 *   diagnostics' direct test): valid UTF-8 without NUL bytes and without
 *   markup (no HTML, SVG, XML, script tags, `javascript:` URLs);
 * - anything else is sent only as a download.
 * Everything is served with the content type found here and
 * `X-Content-Type-Options: nosniff`, never as text/html.
 */
export type Classified = { ok: true; kind: "image" | "text"; contentType: string } | { ok: false; message: string };

const IMAGE_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as const;
export const TEXT_TYPE = "text/plain; charset=utf-8";

const MARKUP =
  /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|img|a\s|form|base|math|xml|\?xml|foreignobject)|javascript:|<!--|<!\[cdata\[/i;

export const REFUSED_MESSAGE = "Only images (JPEG, PNG, WebP or GIF) can be stored in the images bucket";

/** The extension of a key's last segment ("" when it has none). */
export function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

const FORMAT_OF_EXTENSION: Record<string, ImageFormat> = { jpg: "jpeg", jpeg: "jpeg", png: "png", webp: "webp", gif: "gif" };

/** An upload's name may end in an image extension, or have none. */
export function imageName(key: string): boolean {
  const ext = extensionOf(key);
  return ext === "" || Object.hasOwn(FORMAT_OF_EXTENSION, ext);
}

/**
 * The name's extension names the image's real format (or there is none): the
 * pipeline keeps the format, so the client's key stays true to its bytes.
 */
export function nameMatchesFormat(key: string, format: ImageFormat): boolean {
  const ext = extensionOf(key);
  return ext === "" || FORMAT_OF_EXTENSION[ext] === format;
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
