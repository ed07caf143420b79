import type { ReactNode } from "react";
import { Link } from "react-router";
import { dictionary, fill, localizePath, type Lang } from "~/i18n";
import type { ListingItem } from "~/lib/listing";
import { PRIMARY_BUTTON } from "./button-styles";
import { PropertyCardList } from "./property-card";

/**
 * A not-found state inside the site frame (SPEC §2: message and a back link),
 * status 404 — or 410 for a deleted property, with what to see instead (`children`).
 */
export function NotFoundState({
  title,
  text,
  backHref,
  backLabel,
  children,
}: {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold text-sea-900">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <Link to={backHref} className={`inline-flex items-center px-5 py-2 ${PRIMARY_BUTTON}`}>
        {backLabel}
      </Link>
      {children}
    </main>
  );
}

// Here, not in a module of its own: one chunk less on property pages, whose JavaScript budget is nearly spent.
/** What the 410 page of a deleted property shows (decision 0023): its location and what is for sale there now. */
export interface GoneData {
  location: { path: string; name: string };
  similar: ListingItem[];
}

/** A deleted property's page (410), by its address or by /properties/{id}: where it was, and what is for sale there now. */
export function GoneState({ lang, gone }: { lang: Lang; gone: GoneData }) {
  const t = dictionary(lang);
  const name = gone.location.name;
  return (
    <NotFoundState title={t.gone.title} text={t.gone.text} backHref={localizePath(lang, gone.location.path)} backLabel={fill(t.gone.toLocation, { name })}>
      {gone.similar.length > 0 ? (
        <section className="mt-8 w-full text-left" aria-label={fill(t.gone.similar, { name })}>
          <PropertyCardList items={gone.similar} lang={lang} t={t} className="grid gap-6" />
        </section>
      ) : null}
    </NotFoundState>
  );
}
