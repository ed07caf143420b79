import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { CONTACT_MESSAGES } from "./contact-messages";
import { optionalText, requiredText } from "./fields";

export { CONTACT_MESSAGES } from "./contact-messages";

/** SPEC §5: text, an at sign, text, a dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s()./-]{5,40}$/;

/** SPEC §5's field maxima (characters, after trimming). */
export const CONTACT_MAX_LENGTH = { name: 100, email: 254, phone: 40, message: 5000 } as const;

export function contactSchema(lang: Lang = "ru") {
  const M = CONTACT_MESSAGES[lang];
  return z.object({
    name: requiredText(M.nameRequired, CONTACT_MAX_LENGTH.name, M.nameTooLong, M.invalidCharacters),
    email: requiredText(M.emailRequired, CONTACT_MAX_LENGTH.email, M.emailTooLong, M.invalidCharacters).regex(EMAIL_PATTERN, { error: M.emailInvalid }),
    phone: optionalText(CONTACT_MAX_LENGTH.phone, M.phoneInvalid, M.invalidCharacters).refine((v) => v === "" || PHONE_PATTERN.test(v), {
      error: M.phoneInvalid,
    }),
    message: requiredText(M.messageRequired, CONTACT_MAX_LENGTH.message, M.messageTooLong, M.invalidCharacters),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;
