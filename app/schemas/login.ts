import { z } from "zod";

export const LOGIN_MESSAGES = {
  required: "Пожалуйста, введите email и пароль",
  invalidCredentials: "Неверный email или пароль",
  generic: "Произошла ошибка при входе. Пожалуйста, попробуйте еще раз.",
} as const;

/** Both fields required (SPEC §5); the e-mail is the login identifier. */
export const loginSchema = z.object({
  email: z.string({ error: LOGIN_MESSAGES.required }).trim().min(1, { error: LOGIN_MESSAGES.required }).max(254),
  password: z.string({ error: LOGIN_MESSAGES.required }).min(1, { error: LOGIN_MESSAGES.required }).max(1024),
});
