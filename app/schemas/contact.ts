import { z } from "zod";
import { INVALID_CHARACTERS, optionalText, requiredText } from "./fields";

export type Lang = "ru" | "bg";

/** SPEC §5 wording (ru), with the Bulgarian twins for Bulgarian pages. */
export const CONTACT_MESSAGES = {
  ru: {
    nameRequired: "Имя обязательно",
    emailRequired: "Email обязателен",
    emailInvalid: "Пожалуйста, введите действительный email",
    messageRequired: "Сообщение обязательно",
    phoneInvalid: "Пожалуйста, введите действительный номер телефона",
    nameTooLong: "Имя слишком длинное (не более 100 символов)",
    emailTooLong: "Email слишком длинный (не более 254 символов)",
    messageTooLong: "Сообщение слишком длинное (не более 5000 символов)",
    invalidCharacters: INVALID_CHARACTERS.ru,
    success: "Спасибо! Ваше сообщение отправлено.",
    failure: "Произошла ошибка при отправке формы. Пожалуйста, попробуйте еще раз.",
  },
  bg: {
    nameRequired: "Името е задължително",
    emailRequired: "Имейлът е задължителен",
    emailInvalid: "Моля, въведете валиден имейл",
    messageRequired: "Съобщението е задължително",
    phoneInvalid: "Моля, въведете валиден телефонен номер",
    nameTooLong: "Името е твърде дълго (до 100 символа)",
    emailTooLong: "Имейлът е твърде дълъг (до 254 символа)",
    messageTooLong: "Съобщението е твърде дълго (до 5000 символа)",
    invalidCharacters: INVALID_CHARACTERS.bg,
    success: "Благодарим! Съобщението ви е изпратено.",
    failure: "Възникна грешка при изпращането на формата. Моля, опитайте отново.",
  },
} as const satisfies Record<Lang, Record<string, string>>;

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
