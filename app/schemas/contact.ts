import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { CONTACT_MESSAGES } from "./contact-messages";
import { optionalText, requiredText } from "./fields";

export { CONTACT_MESSAGES } from "./contact-messages";

/** SPEC §5: text, an at sign, text, a dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 5321 §4.5.3.1.1: a mailbox's local part is at most 64 octets (UTF-8 counted, for SMTPUTF8 addresses). */
export const EMAIL_LOCAL_PART_MAX_OCTETS = 64;

/**
 * The site's one e-mail rule (contact forms, alerts, erasure look-ups):
 * SPEC §5's pattern, and a local part a mail server takes (issue 30: a
 * 65-octet one was accepted and would only bounce).
 */
export function isEmailAddress(value: string): boolean {
  if (!EMAIL_PATTERN.test(value)) return false;
  return new TextEncoder().encode(value.slice(0, value.lastIndexOf("@"))).length <= EMAIL_LOCAL_PART_MAX_OCTETS;
}
const PHONE_PATTERN = /^\+?[\d\s()./-]{5,40}$/;

/** SPEC §5's field maxima (characters, after trimming). */
export const CONTACT_MAX_LENGTH = { name: 100, email: 254, phone: 40, message: 5000 } as const;

export function contactSchema(lang: Lang = "ru") {
  const M = CONTACT_MESSAGES[lang];
  return z.object({
    name: requiredText(M.nameRequired, CONTACT_MAX_LENGTH.name, M.nameTooLong, M.invalidCharacters),
    email: requiredText(M.emailRequired, CONTACT_MAX_LENGTH.email, M.emailTooLong, M.invalidCharacters).refine(isEmailAddress, { error: M.emailInvalid }),
    phone: optionalText(CONTACT_MAX_LENGTH.phone, M.phoneInvalid, M.invalidCharacters).refine((v) => v === "" || PHONE_PATTERN.test(v), {
      error: M.phoneInvalid,
    }),
    message: requiredText(M.messageRequired, CONTACT_MAX_LENGTH.message, M.messageTooLong, M.invalidCharacters),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;
