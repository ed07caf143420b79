/**
 * Rules and messages the browser needs without zod: public pages import them
 * (the listing's query, the contact form's failure banner), and zod alone is
 * ~21 KB brotli of JavaScript a visitor would otherwise download (the public
 * pages' budget is 120 KB). The schemas beside this file re-export them.
 */

/** The message for a control character in text, in the form's language (administrator forms: Russian). */
export const INVALID_CHARACTERS = {
  ru: "Текст содержит недопустимые символы",
  bg: "Текстът съдържа недопустими символи",
  en: "The text contains characters that are not allowed",
} as const;

export { isUuid, UUID_PATTERN } from "~/lib/uuid";
