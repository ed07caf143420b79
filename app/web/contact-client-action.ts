import { isRouteErrorResponse, type ClientActionFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import { dictionary, splitLangPath } from "~/i18n";
import type { FormFailure, FormResult } from "~/web/form-result";

/**
 * The contact form's clientAction (home and property pages): when the post
 * fails without an answer from the action (connection lost, a proxy's or the
 * server's bare 500), the form shows SPEC §8's failure banner and keeps what
 * was typed, instead of the whole page turning into the error screen.
 * A deliberate answer (e.g. 404: the property was deleted meanwhile) still
 * goes to the page's error boundary.
 */
export async function contactClientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<ContactClientResult> {
  const form = await request.clone().formData();
  try {
    return await serverAction<FormResult>();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    console.error("Contact form: sending failed:", error);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const values = { name: text("name"), email: text("email"), phone: text("phone"), message: text("message") };
    const { lang } = splitLangPath(new URL(request.url).pathname);
    return { ok: false, message: dictionary(lang).contact.failure, fields: {}, values, unsent: true };
  }
}

/** The action's answer, or the failure the browser made up when none came (`unsent`). */
export type ContactClientResult = FormResult | (FormFailure & { unsent: true });

/**
 * shouldRevalidate of every route whose loader runs under a contact form (the
 * site layout, home and property pages). After a post that got no answer,
 * the data reload that normally follows an action is skipped: offline it
 * would fail as well and replace the page, the banner and the visitor's text
 * with the error screen. Nothing was stored, so the page's data is current.
 */
export function contactShouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (isUnsentContact(actionResult)) return false;
  return defaultShouldRevalidate;
}

function isUnsentContact(result: unknown): boolean {
  return typeof result === "object" && result !== null && (result as { unsent?: unknown }).unsent === true;
}
