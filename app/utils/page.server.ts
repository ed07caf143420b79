import { splitLangPath, type Lang } from "~/i18n/lang";
import { getEnv } from "./env.server";

/** Language of the requested page (from its path) and the site's origin, for loaders. */
export function pageContext(request: Request): { lang: Lang; path: string; origin: string } {
  const { lang, path } = splitLangPath(new URL(request.url).pathname);
  return { lang, path, origin: getEnv().publicUrl };
}
