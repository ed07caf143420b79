import type { Lang } from "~/i18n/lang";
import { bg } from "~/i18n/bg";
import { en } from "~/i18n/en";
import { ru } from "~/i18n/ru";
import { INVALID_CHARACTERS } from "./plain";

// Zod-free (./plain says why). The browser reads only the failure, from its own dictionary (contact.failure): one language, not every one.

/** SPEC §5 wording (ru), with its twins for the other languages' pages. */
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
    failure: ru.contact.failure,
    // Issue 22: a shortlist (property_ids) that is not a list of at most 30 property ids.
    shortlistInvalid: "Неверный список объектов: нужны номера объектов, не больше 30.",
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
    failure: bg.contact.failure,
    shortlistInvalid: "Невалиден списък с имоти: нужни са номера на имоти, не повече от 30.",
  },
  // Issue 31: SPEC's messages in English.
  en: {
    nameRequired: "Name is required",
    emailRequired: "Email is required",
    emailInvalid: "Please enter a valid email",
    messageRequired: "Message is required",
    phoneInvalid: "Please enter a valid phone number",
    nameTooLong: "The name is too long (100 characters at most)",
    emailTooLong: "The email is too long (254 characters at most)",
    messageTooLong: "The message is too long (5000 characters at most)",
    invalidCharacters: INVALID_CHARACTERS.en,
    success: "Thank you! Your message has been sent.",
    failure: en.contact.failure,
    shortlistInvalid: "Invalid list of properties: property numbers are needed, 30 at most.",
  },
} as const satisfies Record<Lang, Record<string, string>>;
