import type { PropertyStatus, PropertyType } from "./property-facts";

/**
 * The complex page's units table (issue 33): sorted by the server from the
 * address (`?sort=price`, `?sort=price-desc`), so the column headers are plain
 * links and sorting needs no JavaScript. Whatever the column, units for sale
 * (available, reserved) come first and sold ones last; unknown values (no
 * price, no floor) go last within each group, and the position breaks ties.
 */
export const UNIT_SORT_COLUMNS = ["type", "bedrooms", "area", "floor", "price", "perM2", "status"] as const;
export type UnitSortColumn = (typeof UNIT_SORT_COLUMNS)[number];
export interface UnitSort {
  column: UnitSortColumn;
  descending: boolean;
}

export const DEFAULT_UNIT_SORT: UnitSort = { column: "price", descending: false };

/** `sort=price` / `sort=price-desc`; anything else is the default (price, lowest first). */
export function parseUnitSort(value: string | null): UnitSort {
  const match = /^([a-zA-Z0-9]+)(-desc)?$/.exec(value ?? "");
  const column = UNIT_SORT_COLUMNS.find((c) => c === match?.[1]);
  return column ? { column, descending: match?.[2] !== undefined } : DEFAULT_UNIT_SORT;
}

/** The `sort` value of a sort (null: the default, which the address leaves out). */
export function unitSortParam(sort: UnitSort): string | null {
  if (sort.column === DEFAULT_UNIT_SORT.column && sort.descending === DEFAULT_UNIT_SORT.descending) return null;
  return sort.descending ? `${sort.column}-desc` : sort.column;
}

/** Where a column header's link leads: that column ascending, or descending when it is already the ascending sort. */
export function nextUnitSort(current: UnitSort, column: UnitSortColumn): UnitSort {
  return { column, descending: current.column === column && !current.descending };
}

export interface SortableUnit {
  property_type: PropertyType;
  bedrooms: number | null;
  area: number | null;
  floor: number | null;
  price: number | null;
  price_per_m2: number | null;
  status: PropertyStatus;
}

const STATUS_ORDER: Record<PropertyStatus, number> = { available: 0, reserved: 1, sold: 2 };

function keyOf(unit: SortableUnit, column: UnitSortColumn): number | string | null {
  switch (column) {
    case "type":
      return unit.property_type;
    case "bedrooms":
      return unit.bedrooms;
    case "area":
      return unit.area;
    case "floor":
      return unit.floor;
    case "price":
      return unit.price;
    case "perM2":
      return unit.price_per_m2;
    case "status":
      return STATUS_ORDER[unit.status];
  }
}

/** The units in the table's order (a new array; the input is in position order, which breaks ties). */
export function sortUnits<T extends SortableUnit>(units: readonly T[], sort: UnitSort): T[] {
  const sold = (u: SortableUnit) => (u.status === "sold" ? 1 : 0);
  return units
    .map((unit, index) => ({ unit, index }))
    .sort((a, b) => {
      const group = sold(a.unit) - sold(b.unit);
      if (group !== 0) return group;
      const x = keyOf(a.unit, sort.column);
      const y = keyOf(b.unit, sort.column);
      if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
      const order = x < y ? -1 : x > y ? 1 : 0;
      return (sort.descending ? -order : order) || a.index - b.index;
    })
    .map(({ unit }) => unit);
}

/** The lowest and highest of the values given (nulls left out); null when there is none. */
export function rangeOf(values: readonly (number | null)[]): { min: number; max: number } | null {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return null;
  return { min: Math.min(...known), max: Math.max(...known) };
}
