import { redirect } from "react-router";
import { isLang, localizePath, splitLangPath } from "~/i18n/lang";
import { redirectTarget } from "~/lib/safe-redirect";
import { getEnv } from "~/platform/env.server";
import { languageCookie } from "~/web/language.server";
import type { Route } from "./+types/set-language";

/**
 * The RU|BG switch (DESIGN §6): saves the choice in the `language` cookie and
 * goes to the same page in that language. A plain link, so it works without
 * JavaScript; the browser script also saves it in localStorage (SPEC §1).
 * `to` goes through the one redirect-target check (app/lib/safe-redirect.ts),
 * before and after the language prefix changes it; anything unsafe → the
 * home page in the chosen language.
 */
export function loader({ url }: Route.LoaderArgs) {
  const lang = url.searchParams.get("lang");
  if (!isLang(lang)) throw new Response("Unknown language", { status: 400 });
  const home = localizePath(lang, "/");
  const target = redirectTarget(url.searchParams.get("to"));
  let location = home;
  if (target) {
    const q = target.indexOf("?");
    const { path } = splitLangPath(q === -1 ? target : target.slice(0, q));
    location = redirectTarget(localizePath(lang, path) + (q === -1 ? "" : target.slice(q))) ?? home;
  }
  return redirect(location, {
    status: 303,
    headers: {
      "Set-Cookie": languageCookie(lang, getEnv().publicUrl.startsWith("https:")),
      "Cache-Control": "no-store",
    },
  });
}
