import { Link } from "react-router";
import type { ComplexTexts } from "~/i18n/complex-texts";
import { fill, type Dictionary, type Lang } from "~/i18n";
import type { ListingItem } from "~/lib/listing";
import { PropertyCardList } from "../property-card";

/** What a unit's page shows of its complex (the loader's words in the page's language). */
export interface ComplexOnProperty {
  name: string;
  /** lang="ru" when the name is the Russian one on another language's page. */
  nameLang?: string;
  href: string;
  /** Short facts already in words: «Акт 15», «Сдача: II квартал 2027 г.», «12 €/м² в год». */
  facts: string[];
  facilities: string[];
  others: ListingItem[];
  /** Its headings and links in the page's language, sent by the loader (a page of a unit in no complex loads no complex texts). */
  labels: Pick<ComplexTexts, "onProperty" | "facilities" | "toComplex" | "otherUnits">;
}

/**
 * A unit's complex on its property page (issue 33): the complex's name
 * linking to its page, its stage, fee and facilities, and up to six of its
 * other units for sale as cards. Plain list items rather than the facts grid's
 * terms, so the unit's own facts (its fee, its stage) stay the only ones.
 */
export function ComplexOnPropertyPage({ complex: c, lang, t }: { complex: ComplexOnProperty; lang: Lang; t: Dictionary }) {
  const tc = c.labels;
  return (
    <section className="below-fold mt-10 rounded-2xl bg-sea-50 p-5 ring-1 ring-sea-100" aria-labelledby="unit-complex-heading" data-testid="unit-complex">
      <h2 id="unit-complex-heading" className="text-xl font-semibold text-sea-900">
        <Link to={c.href} className="underline decoration-sea-600 underline-offset-4 hover:decoration-sea-700">
          <span lang={c.nameLang}>{fill(tc.onProperty, { name: c.name })}</span>
        </Link>
      </h2>
      {c.facts.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm">
          {c.facts.map((f) => (
            <li key={f} className="rounded-lg bg-white px-3 py-1.5 font-medium text-slate-800 ring-1 ring-slate-200">
              {f}
            </li>
          ))}
        </ul>
      ) : null}
      {c.facilities.length > 0 ? (
        <p className="mt-3 text-slate-800">
          <span className="font-semibold">{tc.facilities}:</span> {c.facilities.join(", ")}
        </p>
      ) : null}
      <Link to={c.href} className="mt-3 inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
        {tc.toComplex}
      </Link>
      {c.others.length > 0 ? (
        <section className="mt-4" aria-labelledby="unit-complex-others">
          <h3 id="unit-complex-others" className="text-lg font-semibold text-sea-900">
            {tc.otherUnits}
          </h3>
          <PropertyCardList items={c.others} lang={lang} t={t} />
        </section>
      ) : null}
    </section>
  );
}
