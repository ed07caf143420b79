/**
 * A listing as pages and components see it (client-safe types): one page of
 * property cards and each card's lean projection. Read by the listing
 * engine (app/models/listing.server.ts).
 */
import {
  DEFAULT_LANG,
  hasOwnText,
  LANGUAGES,
  localList,
  localSlug,
  localText,
  placeName,
  TRANSLATED_LANGS,
  textColumn,
  type Lang,
  type PerLanguage,
} from "~/i18n/lang";
import type { ConstructionStage, Furnished, PropertyStatus } from "./property-facts";

/** Cards in each of the home page's rows («Рекомендуемые объекты», «Новые объекты»); the admin's list says which featured ones fit. */
export const HOME_ROW_SIZE = 3;

/** What a property card shows (SPEC §2): a lean projection, not whole rows. */
export interface ListingItem extends PerLanguage<"title", string>, PerLanguage<"description", string>, PerLanguage<"location_name", string> {
  id: string;
  slug: string;
  /** The English address (issue 31). */
  slug_en: string;
  title: string;
  /** The first 400 characters: the card clamps it anyway. */
  description: string;
  price: number | null;
  area: number | null;
  property_type: "apartment" | "house";
  bedrooms: number | null;
  bathrooms: number | null;
  cover: string | null;
  image_count: number;
  location_id: string;
  location_name: string;
  location_slug: string;
  location_slug_en: string;
  created_at: string;
  // Issue 20: the badge, €/m², a recent cut and the key facts shown as chips.
  status: PropertyStatus;
  price_per_m2: number | null;
  /** The price struck through while price_reduced_at is within PRICE_REDUCTION_DAYS. */
  price_reduced_from: number | null;
  price_reduced_at: string | null;
  sea_distance_m: number | null;
  sea_line: number | null;
  sea_view: boolean | null;
  floor: number | null;
  floors_total: number | null;
  construction_stage: ConstructionStage | null;
  completion_quarter: string | null;
  featured: boolean;
  /** The language of its texts on a page (localizeCard): the page's, or Russian where it has none. */
  text_lang?: Lang;
}

/** The facts a property's page and the compare table show beyond a card (issues 20, 22); null when unknown. */
export interface PropertyPageFacts {
  year_built: number | null;
  reference: string | null;
  maintenance_fee_eur_m2: number | null;
  furnished: Furnished | null;
  pool: boolean | null;
  parking: boolean | null;
  plot_area: number | null;
  complex_name: string | null;
}

export interface ListingPage {
  items: ListingItem[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * A card as one page sends it (issue 31: only the page's own language's
 * texts): title, description, place and address in `lang` (the Russian texts
 * where it has none, `text_lang` says so), the other languages' columns empty.
 */
export function localizeCard<T extends ListingItem>(lang: Lang, item: T): T & { text_lang: Lang } {
  const out: Record<string, unknown> = {
    ...(item as object),
    title: localText(lang, item, "title"),
    description: localText(lang, item, "description"),
    location_name: placeName(lang, item, "location_name"),
    slug: localSlug(lang, item),
    location_slug: localSlug(lang, {
      slug: item.location_slug,
      ...Object.fromEntries(LANGUAGES.map((l) => [l.slug, (item as unknown as Record<string, unknown>)[`location_${l.slug}`]])),
    }),
    text_lang: hasOwnText(lang, item, "title") ? lang : DEFAULT_LANG,
  };
  for (const other of TRANSLATED_LANGS) for (const field of ["title", "description", "location_name"]) out[textColumn(field, other)] = "";
  // A compare row's features (the shortlist's cards carry them): the page's language's list, the others' left out.
  if (Array.isArray((item as unknown as Record<string, unknown>).features)) {
    out.features = localList(lang, item, "features");
    for (const other of TRANSLATED_LANGS) out[textColumn("features", other)] = [];
  }
  for (const { slug } of LANGUAGES) {
    if (slug === "slug") continue;
    out[slug] = "";
    out[`location_${slug}`] = "";
  }
  return out as unknown as T & { text_lang: Lang };
}

/** Every card of a list in one language (localizeCard). */
export function localizeCards<T extends ListingItem>(lang: Lang, items: readonly T[]): (T & { text_lang: Lang })[] {
  return items.map((item) => localizeCard(lang, item));
}
