import { z } from "zod";
import { hasControlCharacters, INVALID_CHARACTERS } from "./fields";

export const LOGIN_MESSAGES = {
  required: "Пожалуйста, введите email и пароль",
  invalidCharacters: INVALID_CHARACTERS.ru,
  invalidCredentials: "Неверный email или пароль",
  generic: "Произошла ошибка при входе. Пожалуйста, попробуйте еще раз.",
} as const;

/** Both fields required (SPEC §5); the e-mail is the login identifier. */
export const loginSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.required })
    .trim()
    .min(1, { error: LOGIN_MESSAGES.required })
    .max(254)
    .refine((v) => !hasControlCharacters(v), { error: LOGIN_MESSAGES.invalidCharacters }),
  password: z.string({ error: LOGIN_MESSAGES.required }).min(1, { error: LOGIN_MESSAGES.required }).max(1024),
});
