/**
 * What every form post answers when it does not redirect (admin list actions
 * and edit forms, sign-in, the public contact form); client-safe, so pages and
 * components read the answer with the type the action wrote it with.
 * `message` is the form's banner: a success's notice, or a failure's text —
 * null when the per-field messages (`fields`) say it all. `values` is what
 * goes back into a form that is not kept in the browser (the contact form
 * without JavaScript).
 */
export type FormResult = FormSuccess | FormFailure;
export type FormSuccess = { ok: true; message?: string };
export type FormFailure = { ok: false; message: string | null; fields: Record<string, string>; values?: Record<string, string> };

/** A refused post: the banner's text, and the fields' messages if any. */
export function refused(message: string | null, fields: Record<string, string> = {}): FormFailure {
  return { ok: false, message, fields };
}
