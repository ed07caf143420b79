import { isLang, LANGUAGE_KEY, type Lang } from "~/i18n/lang";
import { readCookie } from "~/web/cookies";

/** The language saved in the visitor's `language` cookie, if any. */
export function cookieLang(request: Request): Lang | null {
  const value = readCookie(request.headers.get("Cookie"), LANGUAGE_KEY);
  return isLang(value) ? value : null;
}

export function languageCookie(lang: Lang, secure: boolean): string {
  return `${LANGUAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
