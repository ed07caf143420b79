import { z } from "zod";
import { INVALID_CHARACTERS } from "./plain";
import { normalizeImageList } from "~/lib/images";
import { type PerLanguage, TRANSLATED_LANGS, textColumn } from "~/i18n/lang";

// Zod-free rules live in ./plain (the browser imports them without zod); re-exported for the server's schemas.
export { INVALID_CHARACTERS, isUuid, UUID_PATTERN } from "./plain";

/**
 * Field builders shared by the schemas. Each takes the user-facing messages,
 * so every schema states its own wording (SPEC §5) in one place.
 * Inputs may come from HTML forms (strings) or JSON (numbers, nulls).
 */

/**
 * Characters no free-text field takes: C0 control characters but tab, line
 * feed and carriage return (NUL makes PostgreSQL refuse the whole statement,
 * 22021; the others are never typed), and lone UTF-16 surrogates (not text:
 * they would be stored as U+FFFD).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\p{Cs}/u;

/** Whether `text` has a character no free-text field takes (see CONTROL_CHARACTERS). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Required text: trimmed; missing, non-text or whitespace-only → `required`; a control character → `invalidCharacters`. */
export function requiredText(required: string, max: number, tooLong: string, invalidCharacters: string = INVALID_CHARACTERS.ru) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((v) => !hasControlCharacters(v), { error: invalidCharacters });
}

/** Optional text: trimmed, missing/null → ""; a control character → `invalidCharacters`. */
export function optionalText(max: number, tooLong: string, invalidCharacters: string = INVALID_CHARACTERS.ru) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: tooLong })
      .trim()
      .max(max, { error: tooLong })
      .refine((v) => !hasControlCharacters(v), { error: invalidCharacters }),
  );
}

const EMPTY = Symbol("empty");

/** Parses "150 000", "1500,50", 1500 → number; "" / null / undefined → null. */
export function parseDecimal(value: unknown): number | null | typeof EMPTY | undefined {
  if (value === undefined || value === null) return EMPTY;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const compact = value
    .replace(/[\s\u00a0]/g, "")
    .replace(",", ".")
    .replace("\u2212", "-");
  if (compact === "") return EMPTY;
  if (!/^-?\d+(\.\d+)?$/.test(compact)) return undefined;
  return Number(compact);
}

/** Optional positive decimal (price, area): empty → null; else in (0, max]. */
export function optionalPositiveDecimal(invalid: string, max: number) {
  return optionalDecimal(invalid, (n) => n > 0 && n <= max);
}

/** Optional decimal in [min, max] (zero allowed when min is 0): empty → null; `decimals` kept (2: money, 6: degrees, ~10 cm). */
export function optionalDecimalInRange(invalid: string, min: number, max: number, decimals = 2) {
  return optionalDecimal(invalid, (n) => n >= min && n <= max, decimals);
}

/** An optional decimal `accept` takes: empty → null; `decimals` kept. */
function optionalDecimal(invalid: string, accept: (n: number) => boolean, decimals = 2) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseDecimal(value);
      if (parsed === EMPTY) return null;
      if (parsed === undefined || parsed === null || !accept(parsed)) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return Math.round(parsed * 10 ** decimals) / 10 ** decimals;
    });
}

/** Optional whole number in [min, max]: empty → null. */
export function optionalInteger(invalid: string, min: number, max: number) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseDecimal(typeof value === "string" ? value.trim() : value);
      if (parsed === EMPTY) return null;
      if (parsed === undefined || parsed === null || !Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A list of short texts: one string (one item per line) or an array; blanks dropped; a control character → `invalidCharacters`. */
export function textList(maxItems: number, maxLength: number, invalid: string, invalidCharacters: string = INVALID_CHARACTERS.ru) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const raw: unknown[] =
        value === undefined || value === null ? [] : typeof value === "string" ? value.split(/\r?\n/) : Array.isArray(value) ? value : [value];
      const items: string[] = [];
      for (const entry of raw) {
        if (typeof entry !== "string") {
          ctx.addIssue({ code: "custom", message: invalid });
          return z.NEVER;
        }
        const text = entry.trim();
        if (hasControlCharacters(text)) {
          ctx.addIssue({ code: "custom", message: invalidCharacters });
          return z.NEVER;
        }
        if (text !== "") items.push(text);
      }
      if (items.length > maxItems || items.some((t) => t.length > maxLength)) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return items;
    });
}

/** First message per field, for forms: { name: "Имя обязательно", … }. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_form";
    result[key] ??= issue.message;
  }
  return result;
}

/** One of `values` (case-insensitive, trimmed); empty → null. */
export function optionalChoice<const T extends readonly string[]>(values: T, invalid: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T[number] | null => {
      if (value === undefined || value === null) return null;
      const text = typeof value === "string" ? value.trim().toLowerCase() : typeof value === "number" ? String(value) : undefined;
      if (text === "") return null;
      if (text !== undefined && (values as readonly string[]).includes(text)) return text as T[number];
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    });
}

const TRUE_WORDS = new Set(["true", "1", "on", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "off", "no"]);

/** Yes, no or unknown: JSON booleans, or a form's "true"/"1"/"on" and "false"/"0"; empty → null. */
export function optionalBoolean(invalid: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): boolean | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === "boolean") return value;
      const text = typeof value === "string" ? value.trim().toLowerCase() : typeof value === "number" ? String(value) : undefined;
      if (text === "") return null;
      if (text !== undefined && TRUE_WORDS.has(text)) return true;
      if (text !== undefined && FALSE_WORDS.has(text)) return false;
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    });
}

/** Optional short text matching `pattern` after trimming (and `normalize`): empty → null. */
export function optionalPatternText(invalid: string, max: number, pattern: RegExp, normalize: (text: string) => string = (t) => t) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null) return null;
      if (typeof value !== "string" && typeof value !== "number") {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      const text = normalize(String(value).trim());
      if (text === "") return null;
      if (text.length > max || !pattern.test(text) || hasControlCharacters(text)) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return text;
    });
}

/**
 * A text field's columns in the other languages (title → title_bg, title_en …),
 * one per language of app/i18n/lang.ts (issue 31: languages are data).
 */
export function perLanguage<F extends string, T>(field: F, make: () => T): PerLanguage<F, T> {
  return Object.fromEntries(TRANSLATED_LANGS.map((lang) => [textColumn(field, lang), make()])) as PerLanguage<F, T>;
}

/** A list of image references (a property's, a complex's): normalised, each one a reference we read, at most `max`. */
export function imageList(invalid: string, tooMany: string, max = 50) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const { images: list, invalid: bad } = normalizeImageList(value);
      if (bad.length > 0) ctx.addIssue({ code: "custom", message: invalid });
      if (list.length > max) ctx.addIssue({ code: "custom", message: tooMany });
      return list;
    });
}
