import { splitLangPath, type Lang } from "~/i18n/lang";
import { getEnv } from "~/platform/env.server";

/**
 * Language of the requested page (from its path) and the site's origin, for
 * loaders and actions. Takes React Router's normalized `url` argument: with
 * React Router 8 (raw requests are passed through), `request.url` of a client navigation or fetcher
 * is the raw `/bg.data?index` form.
 */
export function pageContext(url: URL): { lang: Lang; path: string; origin: string } {
  const { lang, path } = splitLangPath(url.pathname);
  return { lang, path, origin: getEnv().publicUrl };
}
