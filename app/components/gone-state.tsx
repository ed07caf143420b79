import { Link } from "react-router";
import { fill, localizePath, type Dictionary, type Lang } from "~/i18n";
import type { ListingItem } from "~/lib/listing";
import { PropertyCardList } from "./property-card";
import { PRIMARY_BUTTON } from "./button-styles";

/**
 * A deleted property's old address (issue 20, decision 0023): status 410, kept
 * out of search engines, and the way on — its location's properties for sale.
 */
export function GoneState({ lang, t, location, similar }: { lang: Lang; t: Dictionary; location: { slug: string; name: string }; similar: ListingItem[] }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <title>{t.gone.title}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold text-sea-900">{t.gone.title}</h1>
        <p className="text-slate-600">{t.gone.text}</p>
        <Link to={localizePath(lang, `/${location.slug}`)} className={`inline-flex items-center px-5 py-2 ${PRIMARY_BUTTON}`}>
          {fill(t.gone.toLocation, { name: location.name })}
        </Link>
      </div>
      {similar.length > 0 ? (
        <section className="mt-10" aria-labelledby="gone-similar">
          <h2 id="gone-similar" className="mb-4 text-xl font-semibold text-sea-900">
            {fill(t.gone.similar, { name: location.name })}
          </h2>
          <PropertyCardList items={similar} lang={lang} t={t} />
        </section>
      ) : null}
    </main>
  );
}
