import { Link } from "react-router";
import { complexTexts } from "~/i18n/complex-texts";
import { fill, type Dictionary, type Lang } from "~/i18n";
import { formatArea, formatPrice, formatPricePerM2 } from "~/i18n/format";
import { nextUnitSort, UNIT_SORT_COLUMNS, unitSortParam, type UnitSort, type UnitSortColumn } from "~/lib/complex-units";
import type { PropertyStatus, PropertyType } from "~/lib/property-facts";

/** A row of the units table as the loader sends it: the page's language's title and address. */
export interface UnitRow {
  id: string;
  title: string;
  /** "ru" when the title is the Russian one on another language's page (issue 31). */
  titleLang?: string;
  href: string;
  property_type: PropertyType;
  bedrooms: number | null;
  area: number | null;
  floor: number | null;
  floors_total: number | null;
  price: number | null;
  price_per_m2: number | null;
  status: PropertyStatus;
}

function sortHref(basePath: string, sort: UnitSort): string {
  const param = unitSortParam(sort);
  return param === null ? `${basePath}#units` : `${basePath}?sort=${param}#units`;
}

const STATUS_STYLE: Record<PropertyStatus, string> = {
  available: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  reserved: "bg-amber-300 text-amber-950 ring-amber-400",
  sold: "bg-slate-800 text-white ring-slate-800",
};

/**
 * The complex page's units table (issue 33): every unit with its type,
 * bedrooms, area, floor, price, €/m² and status, sold ones marked and last.
 * Sorted by the server: the column headers (and, on a phone, the list of
 * sorts above the cards) are links to `?sort=…`, so sorting needs no
 * JavaScript; the current sort is said above the table and on its header
 * (aria-sort). Below 640 px each row is a card of labelled values (the
 * labels come from `data-label`), so nothing scrolls sideways.
 */
export function UnitsTable({ units, sort, basePath, lang, t }: { units: UnitRow[]; sort: UnitSort; basePath: string; lang: Lang; t: Dictionary }) {
  const c = complexTexts(lang);
  const label = (column: UnitSortColumn) => c.columns[column];
  const direction = sort.descending ? c.descending : c.ascending;
  const cell = (column: UnitSortColumn, row: UnitRow): string => {
    switch (column) {
      case "type":
        return t.listing.types[row.property_type];
      case "bedrooms":
        return row.bedrooms === null ? "—" : row.bedrooms === 0 ? t.card.studio : String(row.bedrooms);
      case "area":
        return row.area === null ? "—" : formatArea(row.area, lang);
      case "floor":
        if (row.floor === null) return "—";
        if (row.floor === 0) return row.floors_total === null ? t.property.groundFloor : fill(t.property.groundFloorOf, { total: row.floors_total });
        return row.floors_total === null ? String(row.floor) : fill(t.property.floorOf, { floor: row.floor, total: row.floors_total });
      case "price":
        return row.price === null ? t.card.priceOnRequest : formatPrice(row.price, lang);
      case "perM2":
        return row.price_per_m2 === null ? "—" : formatPricePerM2(row.price_per_m2, lang);
      case "status":
        return row.status === "available" ? c.available : t.card.status[row.status];
    }
  };
  return (
    <div>
      <p className="mt-2 text-sm text-slate-700" data-testid="units-sort" aria-live="polite">
        {fill(c.sortedBy, { column: label(sort.column), direction })}
      </p>
      {/* Phones: the headers are hidden with the table's layout, so the sorts are links here. */}
      <nav aria-label={c.sort} className="mt-2 sm:hidden">
        <ul className="flex flex-wrap gap-2">
          {UNIT_SORT_COLUMNS.map((column) => {
            const active = sort.column === column;
            return (
              <li key={column}>
                <Link
                  to={sortHref(basePath, nextUnitSort(sort, column))}
                  preventScrollReset
                  aria-current={active ? "true" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ring-1 ${active ? "bg-sea-700 text-white ring-sea-700" : "bg-white text-sea-900 ring-slate-300"}`}
                >
                  {label(column)}
                  {active ? <span aria-hidden="true">{sort.descending ? " ↓" : " ↑"}</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <table className="mt-3 w-full border-collapse text-left text-sm max-sm:block" data-testid="units-table">
        <thead className="max-sm:sr-only">
          <tr className="border-b border-slate-300">
            <th scope="col" className="px-2 py-2 font-semibold text-slate-700">
              {c.unit}
            </th>
            {UNIT_SORT_COLUMNS.map((column) => {
              const active = sort.column === column;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
                  className={`px-2 py-2 ${column === "price" || column === "perM2" || column === "area" ? "text-right" : ""}`}
                >
                  <Link
                    to={sortHref(basePath, nextUnitSort(sort, column))}
                    preventScrollReset
                    aria-label={fill(c.sortBy, { column: label(column) })}
                    className={`inline-flex min-h-11 items-center gap-1 font-semibold hover:underline ${active ? "text-sea-900" : "text-slate-700"}`}
                  >
                    {label(column)}
                    <span aria-hidden="true" className={active ? "" : "text-slate-400"}>
                      {active ? (sort.descending ? "↓" : "↑") : "↕"}
                    </span>
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="max-sm:grid max-sm:gap-3">
          {units.map((row) => (
            <tr
              key={row.id}
              data-status={row.status}
              className={`border-b border-slate-200 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded-xl max-sm:border max-sm:p-3 ${row.status === "sold" ? "bg-slate-50 text-slate-500" : "bg-white"}`}
            >
              <th scope="row" className="px-2 py-2 text-left font-semibold max-sm:col-span-2 max-sm:px-0">
                <Link to={row.href} lang={row.titleLang} className="text-sea-900 underline-offset-2 hover:underline">
                  {row.title}
                </Link>
              </th>
              {UNIT_SORT_COLUMNS.map((column) => (
                <td
                  key={column}
                  data-label={label(column)}
                  className={`px-2 py-2 max-sm:flex max-sm:flex-col max-sm:px-0 max-sm:py-0.5 max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] ${column === "price" || column === "perM2" || column === "area" ? "sm:text-right" : ""} ${column === "price" ? "font-semibold" : ""}`}
                >
                  {column === "status" ? (
                    <span className={`inline-block w-fit rounded-md px-2 py-0.5 text-xs font-bold ring-1 ${STATUS_STYLE[row.status]}`}>
                      {cell(column, row)}
                    </span>
                  ) : row.status === "sold" && column === "price" ? (
                    <s>{cell(column, row)}</s>
                  ) : (
                    cell(column, row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
