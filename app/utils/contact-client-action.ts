import { isRouteErrorResponse, type ClientActionFunctionArgs } from "react-router";
import { splitLangPath } from "~/i18n";
import { CONTACT_MESSAGES } from "~/schemas/contact";
import type { ContactActionResult } from "./contact-action.server";

/**
 * The contact form's clientAction (home and property pages): when the post
 * fails without an answer from the action (connection lost, a proxy's or the
 * server's bare 500), the form shows SPEC §8's failure banner and keeps what
 * was typed, instead of the whole page turning into the error screen.
 * A deliberate answer (e.g. 404: the property was deleted meanwhile) still
 * goes to the page's error boundary.
 */
export async function contactClientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<ContactActionResult> {
  const form = await request.clone().formData();
  try {
    return await serverAction<ContactActionResult>();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    console.error("Contact form: sending failed:", error);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const values = { name: text("name"), email: text("email"), phone: text("phone"), message: text("message") };
    const { lang } = splitLangPath(new URL(request.url).pathname);
    return { ok: false, message: CONTACT_MESSAGES[lang].failure, fields: {}, values };
  }
}
