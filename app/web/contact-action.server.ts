import { data } from "react-router";
import type { Lang } from "~/i18n/lang";
import { createContactSubmission } from "~/models/contact-submissions.server";
import { ModelError } from "~/models/errors.server";
import { CONTACT_MAX_LENGTH, CONTACT_MESSAGES } from "~/schemas/contact";
import { contactRequestKey, contactRequestLimiter as limiter } from "~/web/contact-limit.server";
import { log } from "~/platform/log.server";
import type { FormResult } from "~/web/form-result";

const RATE_LIMITED: Record<Lang, string> = {
  ru: "Вы отправили слишком много сообщений. Пожалуйста, попробуйте позже или позвоните нам.",
  bg: "Изпратихте твърде много съобщения. Моля, опитайте по-късно или ни се обадете.",
  en: "You have sent too many messages. Please try again later or call us.",
};

/** The first `max` characters (trimmed as the schema trims), not cutting a surrogate pair in two. */
export function excerpt(value: string, max: number): string {
  const text = value.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The contact form's own fields: a refusal's per-field messages for anything else (property_ids) go in its banner. */
const FORM_FIELDS = new Set(["name", "email", "phone", "message"]);

/**
 * The public contact form's action (home and property pages, and the
 * shortlist of favourites and compare: `shortlist` reads the form's
 * `property_ids`, ids separated by commas, issue 22; a complex's page:
 * `complexId`, issue 33). A filled honeypot
 * field is answered like a success and nothing is stored.
 */
export async function handleContactAction(
  request: Request,
  lang: Lang,
  ip: string,
  propertyId?: string,
  options: { shortlist?: boolean; complexId?: string } = {},
) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const fields = { name: text("name"), email: text("email"), phone: text("phone"), message: text("message") };
  // What goes back into the form after a refusal: at most what the field may hold (SPEC §5), never the whole post.
  const values = {
    name: excerpt(fields.name, CONTACT_MAX_LENGTH.name),
    email: excerpt(fields.email, CONTACT_MAX_LENGTH.email),
    phone: excerpt(fields.phone, CONTACT_MAX_LENGTH.phone),
    message: excerpt(fields.message, CONTACT_MAX_LENGTH.message),
  };
  const M = CONTACT_MESSAGES[lang];

  if (text("website") !== "") return data<FormResult>({ ok: true, message: M.success });
  const visitor = contactRequestKey(ip);
  try {
    if (!(await limiter.attempt(visitor))) {
      return data<FormResult>({ ok: false, message: RATE_LIMITED[lang], fields: {}, values }, { status: 429 });
    }
    const propertyIds = options.shortlist
      ? text("property_ids")
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== "")
      : undefined;
    // The privacy notice's version the form showed (issue 22): recorded with the request.
    await createContactSubmission(fields, { lang, propertyId, complexId: options.complexId, propertyIds, consent: text("consent") });
    return data<FormResult>({ ok: true, message: M.success });
  } catch (error) {
    if (error instanceof ModelError && error.kind === "validation") {
      // Nothing was sent: a visitor correcting a form keeps the allowance.
      await limiter.release(visitor);
      const shown = Object.fromEntries(Object.entries(error.fields).filter(([name]) => FORM_FIELDS.has(name)));
      return data<FormResult>({ ok: false, message: error.message, fields: shown, values }, { status: 400 });
    }
    log.error("Contact submission failed:", error);
    return data<FormResult>({ ok: false, message: M.failure, fields: {}, values }, { status: 500 });
  }
}
