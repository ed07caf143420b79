import { Link } from "react-router";
import type { Dictionary, Lang } from "~/i18n";
import { plural } from "~/i18n/plural";
import type { ComplexLink } from "~/lib/complex-links";
import { listingHref } from "~/lib/listing-query";

/**
 * The complexes a search names (issue 33: «cascadas» → the Cascadas complex),
 * shown before the results as a row of compact cards: the complex's name
 * linking to its page, its location, its units for sale, and a link to the
 * listing of its units (the `complex` filter).
 */
export function ComplexRow({ lang, t, basePath, complexes }: { lang: Lang; t: Dictionary; basePath: string; complexes: ComplexLink[] }) {
  if (complexes.length === 0) return null;
  const T = t.complexFilter;
  return (
    <section aria-labelledby="complexes-found" className="mt-4" data-testid="complexes-found">
      <h2 id="complexes-found" className="text-sm font-semibold text-slate-700">
        {T.found}
      </h2>
      <ul className="mt-2 flex gap-3 overflow-x-auto pb-1">
        {complexes.map((c) => (
          <li key={c.id} className="w-64 shrink-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-amber-400">
            <Link to={c.path} className="block text-base font-semibold text-sea-900 underline-offset-2 hover:underline">
              {c.name}
            </Link>
            <p className="text-sm text-slate-700">{c.location}</p>
            <p className="mt-1 text-sm font-medium text-slate-800">{c.forSale > 0 ? plural(c.forSale, lang, T.units) : T.noUnits}</p>
            {c.forSale > 0 ? (
              <Link
                to={listingHref(basePath, { complexId: c.id })}
                className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-sea-700 underline"
              >
                {T.unitsLink}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
