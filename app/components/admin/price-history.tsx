import { ADMIN } from "~/i18n/admin";
import { formatPrice } from "~/i18n/format";

/** The prices a property has had, newest first (issue 20: kept by the database on every change). */
export function PriceHistory({ entries }: { entries: { price: number | null; changed_at: string }[] }) {
  const P = ADMIN.properties;
  return (
    <section aria-labelledby="price-history" className="rounded-xl p-4 ring-1 ring-slate-200">
      <h2 id="price-history" className="text-sm font-semibold text-slate-900">
        {P.priceHistory}
      </h2>
      {entries.length <= 1 ? (
        <p className="mt-2 text-sm text-slate-600">{P.priceHistoryEmpty}</p>
      ) : (
        <ol className="mt-2 grid gap-1 text-sm">
          {entries.map((entry, i) => (
            <li key={`${entry.changed_at}-${i}`} className="flex flex-wrap justify-between gap-x-4 border-b border-slate-100 py-1 last:border-0">
              <time dateTime={entry.changed_at} className="text-slate-600">
                {new Date(entry.changed_at).toLocaleDateString("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}
              </time>
              <span className="font-medium text-slate-900">{entry.price === null ? P.priceHistoryOnRequest : formatPrice(entry.price, "ru")}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
