import { Link } from "react-router";
import { localizePath, type Dictionary, type Lang } from "~/i18n";
import { formatArea, formatDistance, formatPrice, formatPricePerM2 } from "~/i18n/format";
import { plural } from "~/i18n/plural";
import type { ListingItem } from "~/lib/listing";
import { PRICE_REDUCTION_DAYS, type PropertyStatus } from "~/lib/property-facts";
import { imageSrcSet, imageVariant } from "~/lib/images";
import { CompareButton, FavoriteButton } from "./favorite-button";
import { PLACEHOLDER_IMAGE, placeholderIfBroken, showPlaceholder } from "./image-fallback";

/**
 * The public URL of a property (SPEC §2): /{location slug}/{title slug}. The
 * card arrives localized (localizeCard, issue 31): its slugs, title and place
 * are the page language's already, so the browser needs no other language's.
 */
export function propertyPath(lang: Lang, item: { slug: string; location_slug: string }): string {
  return localizePath(lang, `/${item.location_slug}/${item.slug}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The price before the last cut, while that cut is recent (within
 * PRICE_REDUCTION_DAYS, issue 20) and really was a cut; else null.
 */
export function reducedFrom(p: { price: number | null; price_reduced_from: number | null; price_reduced_at: string | null }, now = Date.now()): number | null {
  if (p.price === null || p.price_reduced_from === null || p.price_reduced_at === null) return null;
  const at = Date.parse(p.price_reduced_at.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));
  if (Number.isNaN(at) || now - at > PRICE_REDUCTION_DAYS * DAY_MS || p.price_reduced_from <= p.price) return null;
  return p.price_reduced_from;
}

/** Bedrooms as a buyer reads them: 0 is a studio. */
export function bedroomsText(n: number, lang: Lang, t: Dictionary): string {
  return n === 0 ? t.card.studio : plural(n, lang, t.card.bedrooms);
}

/** The key facts of a card, in order: sea distance, sea view, line, stage or completion. */
export function keyFacts(item: ListingItem, lang: Lang, t: Dictionary): string[] {
  const facts: string[] = [];
  if (item.sea_distance_m !== null) facts.push(t.card.seaDistance.replace("{distance}", formatDistance(item.sea_distance_m, lang)));
  if (item.sea_view) facts.push(t.card.seaView);
  if (item.sea_line === 1) facts.push(t.card.seaLine.one);
  else if (item.sea_line === 2) facts.push(t.card.seaLine.two);
  // A building not yet permitted for use says when it will be; else its stage.
  if (item.completion_quarter && item.construction_stage !== "act16") facts.push(t.card.completion.replace("{quarter}", item.completion_quarter));
  else if (item.construction_stage) facts.push(t.card.stage[item.construction_stage]);
  return facts;
}

/** The heart's words (issue 22): its name says what is being added. */
export function favoriteLabels(t: Dictionary) {
  return { add: t.card.favorite, full: t.card.favoritesFull, compare: t.card.compare, compareFull: t.card.compareFull };
}

/** «Забронировано» / «Продано» (nothing for a property on sale). */
export function StatusBadge({ status, t, className = "" }: { status: PropertyStatus; t: Dictionary; className?: string }) {
  if (status === "available") return null;
  const colours = status === "sold" ? "bg-slate-800 text-white" : "bg-amber-300 text-amber-950";
  return <span className={`rounded-lg px-2.5 py-1 text-sm font-bold shadow ${colours} ${className}`}>{t.card.status[status]}</span>;
}

/**
 * A listing card (SPEC §2): first image (placeholder when missing or broken),
 * price badge or 'По запросу' (with the old price struck through after a
 * recent cut), the status badge, title, location, area and €/m², clamped
 * description, chips for bedrooms (0: studio), bathrooms, type and the key
 * facts (issue 20), and a 'more' link.
 */
export function PropertyCard({
  item,
  lang,
  t,
  main = false,
  headingLevel = 2,
}: {
  item: ListingItem;
  lang: Lang;
  t: Dictionary;
  /** The page's main image: loaded at once, at high priority (else lazily). */
  main?: boolean;
  /** 2 in a page's main list, 3 under a section heading (no skipped levels). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = propertyPath(lang, item);
  const title = item.title;
  const description = item.description.trim();
  // Texts shown in Russian on another language's page say so to screen readers and translators (issue 31).
  const textLang = item.text_lang && item.text_lang !== lang ? item.text_lang : undefined;
  const chip = "rounded-full bg-sea-50 px-2.5 py-0.5 text-xs font-medium text-sea-900";
  const oldPrice = reducedFrom(item);
  return (
    <article className="below-fold-112 flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        <img
          src={item.cover ? imageVariant(item.cover, 640) : PLACEHOLDER_IMAGE}
          srcSet={item.cover ? imageSrcSet(item.cover, [320, 640, 960]) : undefined}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          alt={item.cover ? title : t.card.noImage}
          width={600}
          height={400}
          loading={main ? "eager" : "lazy"}
          fetchPriority={main ? "high" : undefined}
          decoding="async"
          className="aspect-[3/2] w-full bg-sea-100 object-cover"
          ref={placeholderIfBroken}
          onError={showPlaceholder}
        />
        <p className="absolute left-3 top-3 rounded-lg bg-white/95 px-2.5 py-1 text-sm font-bold text-sea-900 shadow">
          <span>{item.price === null ? t.card.priceOnRequest : formatPrice(item.price, lang)}</span>
          {oldPrice !== null ? (
            <>
              <s className="ml-1.5 font-normal text-slate-600">
                <span className="sr-only">{t.card.oldPrice}: </span>
                {formatPrice(oldPrice, lang)}
              </s>
              <span className="block text-xs font-semibold text-red-700">{t.card.reduced}</span>
            </>
          ) : null}
        </p>
        <StatusBadge status={item.status} t={t} className="absolute right-3 top-3" />
        <CompareButton id={item.id} title={title} labels={favoriteLabels(t)} className="absolute bottom-3 right-16" />
        <FavoriteButton id={item.id} title={title} labels={favoriteLabels(t)} className="absolute bottom-3 right-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={href} lang={textLang} className="hover:text-sea-700 focus-visible:outline-2 focus-visible:outline-sea-600">
            {title}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">
          {item.location_name}
          {item.area !== null ? ` · ${formatArea(item.area, lang)}` : ""}
          {item.price_per_m2 !== null ? ` · ${formatPricePerM2(item.price_per_m2, lang)}` : ""}
        </p>
        <p className="line-clamp-3 text-sm text-slate-700" lang={description ? textLang : undefined}>
          {description || t.card.noDescription}
        </p>
        <ul className="mt-auto flex flex-wrap gap-2 pt-2">
          {item.bedrooms !== null ? <li className={chip}>{bedroomsText(item.bedrooms, lang, t)}</li> : null}
          {item.bathrooms !== null ? <li className={chip}>{plural(item.bathrooms, lang, t.card.bathrooms)}</li> : null}
          <li className={chip}>{t.listing.types[item.property_type]}</li>
          {keyFacts(item, lang, t).map((fact) => (
            <li key={fact} className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-950">
              {fact}
            </li>
          ))}
        </ul>
        <Link
          to={href}
          aria-label={`${t.card.more}: ${title}`}
          className="mt-2 inline-flex min-h-11 items-center justify-center rounded-lg border border-sea-600 px-4 py-2 text-sm font-semibold text-sea-700 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-sea-600"
        >
          {t.card.more}
        </Link>
      </div>
    </article>
  );
}

/** Cards under a section heading (home rows, «related», a gone property's neighbours): a list, each card an h3. */
export function PropertyCardList({
  items,
  lang,
  t,
  className = "mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
  itemClassName = "flex",
}: {
  items: ListingItem[];
  lang: Lang;
  t: Dictionary;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id} className={itemClassName}>
          <PropertyCard item={item} lang={lang} t={t} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
