import { dictionary, type Lang } from "~/i18n";
import { SHORTLIST_TEXTS } from "~/i18n/shortlist";
import { pageMeta } from "~/lib/seo";

/** A personal list's head: its title and description, never indexed (and not in the sitemap). */
export function shortlistMeta(page: "favorites" | "compare", d: { origin: string; lang: Lang } | undefined) {
  if (!d) return [];
  const texts = SHORTLIST_TEXTS[d.lang][page];
  return pageMeta({
    origin: d.origin,
    lang: d.lang,
    path: `/${page}`,
    title: `${texts.title} — ${dictionary(d.lang).siteName}`,
    description: texts.metaDescription,
    noindex: true,
  });
}
