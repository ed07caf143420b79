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
 * An admin data table that is a list of cards below the `lg` breakpoint —
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
    <div className="lg:overflow-hidden lg:rounded-2xl lg:bg-white lg:shadow-sm lg:ring-1 lg:ring-slate-200">
      <table role="table" className="w-full text-left text-sm max-lg:block">
        <thead role="rowgroup" className="bg-slate-50 text-slate-600 max-lg:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className="px-3 py-2 align-bottom font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-lg:grid max-lg:gap-3 lg:divide-y lg:divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={`max-lg:grid max-lg:gap-2 max-lg:rounded-2xl max-lg:p-4 max-lg:shadow-sm max-lg:ring-1 max-lg:ring-slate-200 ${
                highlight?.(row) ? "bg-sea-50 font-medium" : "bg-white"
              }`}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  className={`align-top lg:px-3 lg:py-2 ${column.label === false ? "max-lg:block" : "max-lg:grid max-lg:grid-cols-[6rem_minmax(0,1fr)] max-lg:gap-2"} ${column.className ?? ""}`}
                >
                  {column.label === false ? null : (
                    <span aria-hidden="true" className="font-normal text-slate-600 lg:hidden">
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
