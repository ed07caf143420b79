import { data } from "react-router";
import type { Lang } from "~/i18n/lang";
import { createContactSubmission } from "~/models/contact-submissions.server";
import { ModelError } from "~/models/errors.server";
import { CONTACT_MESSAGES } from "~/schemas/contact";
import { contactRequestKey, contactRequestLimiter as limiter } from "./contact-limit.server";

export type ContactActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: Record<string, string>; values: Record<string, string> };

const RATE_LIMITED: Record<Lang, string> = {
  ru: "Вы отправили слишком много сообщений. Пожалуйста, попробуйте позже или позвоните нам.",
  bg: "Изпратихте твърде много съобщения. Моля, опитайте по-късно или ни се обадете.",
};

/**
 * The public contact form's action (home and property pages). A filled
 * honeypot field is answered like a success and nothing is stored.
 */
export async function handleContactAction(request: Request, lang: Lang, ip: string, propertyId?: string) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { name: text("name"), email: text("email"), phone: text("phone"), message: text("message") };
  const M = CONTACT_MESSAGES[lang];

  if (text("website") !== "") return data<ContactActionResult>({ ok: true, message: M.success });
  const visitor = contactRequestKey(ip);
  try {
    if (!(await limiter.attempt(visitor))) {
      return data<ContactActionResult>({ ok: false, message: RATE_LIMITED[lang], fields: {}, values }, { status: 429 });
    }
    await createContactSubmission(values, { lang, propertyId });
    return data<ContactActionResult>({ ok: true, message: M.success });
  } catch (error) {
    if (error instanceof ModelError && error.kind === "validation") {
      // Nothing was sent: a visitor correcting a form keeps the allowance.
      await limiter.release(visitor);
      return data<ContactActionResult>({ ok: false, message: error.message, fields: error.fields, values }, { status: 400 });
    }
    console.error("Contact submission failed:", error);
    return data<ContactActionResult>({ ok: false, message: M.failure, fields: {}, values }, { status: 500 });
  }
}
