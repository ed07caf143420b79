import { dictionary, fill, localizePath, type Lang } from "~/i18n";
import type { ListingItem } from "~/lib/listing";
import { NotFoundState } from "./not-found-state";
import { PropertyCardList } from "./property-card";

/** What the 410 page of a deleted property shows (decision 0023): its location and what is for sale there now. */
export interface GoneData {
  location: { slug: string; name: string };
  similar: ListingItem[];
}

/** A deleted property's page (410), by its address or by /properties/{id}: where it was, and what is for sale there now. */
export function GoneState({ lang, gone }: { lang: Lang; gone: GoneData }) {
  const t = dictionary(lang);
  const name = gone.location.name;
  return (
    <NotFoundState
      title={t.gone.title}
      text={t.gone.text}
      backHref={localizePath(lang, `/${gone.location.slug}`)}
      backLabel={fill(t.gone.toLocation, { name })}
    >
      {gone.similar.length > 0 ? (
        <section className="mt-8 w-full text-left" aria-label={fill(t.gone.similar, { name })}>
          <PropertyCardList items={gone.similar} lang={lang} t={t} className="grid gap-6" />
        </section>
      ) : null}
    </NotFoundState>
  );
}
