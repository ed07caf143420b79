import { redirect } from "react-router";
import { readCookie } from "~/web/cookies";
import { getEnv } from "~/platform/env.server";

/**
 * «Сохранено» after an admin form's save (issue 30): the save goes back to
 * its list (SPEC §2), and the list says the save happened — a one-time
 * cookie on the redirect, read and removed by the list's loader (it works
 * without JavaScript too). Without it the form just vanished, and a
 * refused save and a good one looked alike from the button.
 */
const SAVED_COOKIE = "admin_saved";

function cookie(value: string, maxAge: number): string {
  const secure = getEnv().publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${SAVED_COOKIE}=${value}; Path=/admin; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The redirect of a good save to `to`, carrying «Сохранено» to its next page. */
export function savedRedirect(to: string): Response {
  return redirect(to, { headers: { "Set-Cookie": cookie("1", 60) } });
}

/** Whether this request follows a good save; `headers` remove the mark (once shown, it is gone). */
export function takeSaved(request: Request): { saved: boolean; headers: HeadersInit } {
  const saved = readCookie(request.headers.get("Cookie"), SAVED_COOKIE) === "1";
  return { saved, headers: saved ? { "Set-Cookie": cookie("", 0) } : {} };
}
