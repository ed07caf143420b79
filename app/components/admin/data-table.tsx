import type { ReactNode } from "react";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the cell (both layouts). */
  className?: string;
  /** On a card the cell is labelled with its header, unless false (a status badge, the actions). */
  label?: boolean;
}

/**
 * An admin data table that is a list of cards below the `xl` breakpoint (1280 px) —
 * CSS only, the same markup at every size, so nothing hides behind a sideways
 * scroll on a phone. The table roles are written out because a table shown as
 * blocks loses them in some browsers. At table size cells wrap (no `truncate`
 * or `nowrap` on long text), so every column, the actions last, fits the width.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  highlight,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Rows that stand out (unread requests). */
  highlight?: (row: T) => boolean;
}) {
  return (
    <div className="xl:overflow-hidden xl:rounded-2xl xl:bg-white xl:shadow-sm xl:ring-1 xl:ring-slate-200">
      <table role="table" className="w-full text-left text-sm max-xl:block">
        <thead role="rowgroup" className="bg-slate-50 text-slate-600 max-xl:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className="px-3 py-2 align-bottom font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-xl:grid max-xl:gap-3 xl:divide-y xl:divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={`max-xl:grid max-xl:gap-2 max-xl:rounded-2xl max-xl:p-4 max-xl:shadow-sm max-xl:ring-1 max-xl:ring-slate-200 ${
                highlight?.(row) ? "bg-sea-50 font-medium" : "bg-white"
              }`}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  className={`align-top xl:px-3 xl:py-2 ${column.label === false ? "max-xl:block" : "max-xl:grid max-xl:grid-cols-[6rem_minmax(0,1fr)] max-xl:gap-2"} ${column.className ?? ""}`}
                >
                  {column.label === false ? null : (
                    <span aria-hidden="true" className="font-normal text-slate-600 xl:hidden">
                      {column.header}
                    </span>
                  )}
                  <div className="min-w-0">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
