import { redirect } from "react-router";
import { isLang, localizePath, splitLangPath } from "~/i18n/lang";
import { getEnv } from "~/utils/env.server";
import { languageCookie, safeReturnPath } from "~/utils/language.server";
import type { Route } from "./+types/set-language";

/**
 * The RU|BG switch (DESIGN §6): saves the choice in the `language` cookie and
 * goes to the same page in that language. A plain link, so it works without
 * JavaScript; the browser script also saves it in localStorage (SPEC §1).
 */
export function loader({ url }: Route.LoaderArgs) {
  const lang = url.searchParams.get("lang");
  if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
  const target = new URL(safeReturnPath(url.searchParams.get("to")), url.origin);
  const { path } = splitLangPath(target.pathname);
  return redirect(localizePath(lang, path) + target.search + target.hash, {
    status: 303,
    headers: {
      "Set-Cookie": languageCookie(lang, getEnv().publicUrl.startsWith("https:")),
      "Cache-Control": "no-store",
    },
  });
}
