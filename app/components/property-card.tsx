import { Link } from "react-router";
import { type Dictionary, localizePath, pickText, type Lang } from "~/i18n";
import { formatArea, formatPrice } from "~/i18n/format";
import { plural } from "~/i18n/plural";
import type { ListingItem } from "~/lib/listing";
import { imageSrcSet, imageVariant } from "~/lib/images";
import { PLACEHOLDER_IMAGE, placeholderIfBroken, showPlaceholder } from "./image-fallback";

/** The public URL of a property (SPEC §2): /{location slug}/{title slug}. */
export function propertyPath(lang: Lang, locationSlug: string, slug: string): string {
  return localizePath(lang, `/${locationSlug}/${slug}`);
}

/**
 * A listing card (SPEC §2): first image (placeholder when missing or broken),
 * price badge or 'По запросу', title, location, area, clamped description,
 * chips for bedrooms, bathrooms and type, and a 'more' link.
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
  const href = propertyPath(lang, item.location_slug, item.slug);
  const title = pickText(lang, item.title, item.title_bg);
  const description = pickText(lang, item.description, item.description_bg).trim();
  const chip = "rounded-full bg-sea-50 px-2.5 py-0.5 text-xs font-medium text-sea-900";
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
        <span className="absolute left-3 top-3 rounded-lg bg-white/95 px-2.5 py-1 text-sm font-bold text-sea-900 shadow">
          {item.price === null ? t.card.priceOnRequest : formatPrice(item.price, lang)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={href} className="hover:text-sea-700 focus-visible:outline-2 focus-visible:outline-sea-600">
            {title}
          </Link>
        </Heading>
        <p className="text-sm text-slate-600">
          {pickText(lang, item.location_name, item.location_name_bg)}
          {item.area !== null ? ` · ${formatArea(item.area, lang)}` : ""}
        </p>
        <p className="line-clamp-3 text-sm text-slate-700">{description || t.card.noDescription}</p>
        <ul className="mt-auto flex flex-wrap gap-2 pt-2">
          {item.bedrooms !== null ? <li className={chip}>{plural(item.bedrooms, lang, t.card.bedrooms)}</li> : null}
          {item.bathrooms !== null ? <li className={chip}>{plural(item.bathrooms, lang, t.card.bathrooms)}</li> : null}
          <li className={chip}>{t.listing.types[item.property_type]}</li>
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
