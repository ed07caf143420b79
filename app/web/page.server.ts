import { splitLangPath, type Lang } from "~/i18n/lang";
import type { MapTiles } from "~/lib/geo/tiles";
import { getAgentCard, languageName } from "~/models/agent-card.server";
import type { AgentCardData } from "~/lib/agent-card";
import { getEnv } from "~/platform/env.server";
import { siteConfig } from "./site.server";

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

/**
 * What a page with the contact block starts from: its language, the site's
 * origin and the agent's contacts (SPEC §2). The agent's name comes from the
 * card (agentCardData), which the admin may change.
 */
export function contactPageData(url: URL) {
  const { lang, origin } = pageContext(url);
  const site = siteConfig();
  return { lang, origin, phone: site.phone, email: site.email, messengers: site.messengers };
}

/** The map's tiles and credit (MAP_TILE_URL, MAP_ATTRIBUTION; issue 21), for the pages that show a map. */
export function mapTiles(): MapTiles {
  const env = getEnv();
  return { url: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION };
}

/**
 * The agent card of the home and property pages (issue 22): the admin's name
 * (else SITE_CONTACT_NAME), languages in the page's language, photo; the
 * contacts come from configuration (contactPageData).
 */
export async function agentCardData(lang: Lang): Promise<AgentCardData> {
  const card = await getAgentCard();
  return {
    name: card.name || siteConfig().contactName,
    languages: card.languages.map((code) => languageName(code, lang)),
    photo: card.photo,
  };
}
