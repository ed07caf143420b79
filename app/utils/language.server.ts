import { isLang, LANGUAGE_KEY, type Lang } from "~/i18n/lang";

/** The language saved in the visitor's `language` cookie, if any. */
export function cookieLang(request: Request): Lang | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_KEY && isLang(value)) return value;
  }
  return null;
}

export function languageCookie(lang: Lang, secure: boolean): string {
  return `${LANGUAGE_KEY}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
