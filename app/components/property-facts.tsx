import { type Dictionary, fill, type Lang } from "~/i18n";
import { formatArea, formatDistance, formatNumber, formatPricePerM2, parseQuarter } from "~/i18n/format";
import type { ListingItem, PropertyPageFacts } from "~/lib/listing";

/** What the facts grid reads of a property: the card's facts and the page's own (all optional facts null when unknown). */
export type PropertyFactsData = Pick<
  ListingItem,
  "property_type" | "area" | "price_per_m2" | "bedrooms" | "bathrooms" | "sea_distance_m" | "sea_line" | "sea_view" | "floor" | "floors_total"
> &
  Pick<ListingItem, "construction_stage" | "completion_quarter"> &
  PropertyPageFacts;

const ROMAN = ["I", "II", "III", "IV"] as const;

/** "3 из 6", "партер (первый) из 6", "3" (Bulgarian numbering: the ground floor is 0). */
function floorText(floor: number, total: number | null, t: Dictionary): string {
  if (floor === 0) return total === null ? t.property.groundFloor : fill(t.property.groundFloorOf, { total });
  return total === null ? String(floor) : fill(t.property.floorOf, { floor, total });
}

/** "II квартал 2027 г." (the stored "2027-Q2" as a buyer reads it). */
function quarterText(value: string, t: Dictionary): string {
  const q = parseQuarter(value);
  return q ? fill(t.property.quarter, { quarter: ROMAN[q.quarter - 1]!, year: q.year }) : value;
}

/** A fact's key: what /compare picks its rows by (issue 22). */
export type FactKey =
  | "type"
  | "area"
  | "pricePerM2"
  | "bedrooms"
  | "bathrooms"
  | "reference"
  | "seaDistance"
  | "seaLine"
  | "seaView"
  | "floor"
  | "stage"
  | "completion"
  | "maintenanceFee"
  | "furnished"
  | "pool"
  | "parking"
  | "plotArea"
  | "complex"
  | "yearBuilt";

/** Each fact of a property with its label and its value as a buyer reads it (null when unknown), in the page's order. */
export function factRows(p: PropertyFactsData, lang: Lang, t: Dictionary): { key: FactKey; label: string; value: string | number | null }[] {
  const yesNo = (value: boolean | null) => (value === null ? null : value ? t.property.yes : t.property.no);
  const rows: [FactKey, string, string | number | null][] = [
    ["type", t.property.type, t.listing.types[p.property_type]],
    ["area", t.property.area, p.area === null ? null : formatArea(p.area, lang)],
    ["pricePerM2", t.property.pricePerM2, p.price_per_m2 === null ? null : formatPricePerM2(p.price_per_m2, lang)],
    ["bedrooms", t.property.bedrooms, p.bedrooms === null ? null : p.bedrooms === 0 ? t.card.studio : p.bedrooms],
    ["bathrooms", t.property.bathrooms, p.bathrooms],
    ["reference", t.property.reference, p.reference],
    ["seaDistance", t.property.seaDistance, p.sea_distance_m === null ? null : formatDistance(p.sea_distance_m, lang)],
    ["seaLine", t.property.seaLine, p.sea_line === 1 ? t.card.seaLine.one : p.sea_line === 2 ? t.card.seaLine.two : null],
    ["seaView", t.property.seaView, yesNo(p.sea_view)],
    ["floor", t.property.floor, p.floor === null ? null : floorText(p.floor, p.floors_total, t)],
    ["stage", t.property.stage, p.construction_stage === null ? null : t.property.stages[p.construction_stage]],
    ["completion", t.property.completion, p.completion_quarter && p.construction_stage !== "act16" ? quarterText(p.completion_quarter, t) : null],
    [
      "maintenanceFee",
      t.property.maintenanceFee,
      p.maintenance_fee_eur_m2 === null ? null : fill(t.property.perM2Year, { fee: formatNumber(p.maintenance_fee_eur_m2, lang) }),
    ],
    ["furnished", t.property.furnished, p.furnished === null ? null : t.property.furnishing[p.furnished]],
    ["pool", t.property.pool, yesNo(p.pool)],
    ["parking", t.property.parking, yesNo(p.parking)],
    ["plotArea", t.property.plotArea, p.plot_area === null ? null : formatArea(p.plot_area, lang)],
    ["complex", t.property.complex, p.complex_name?.trim() || null],
    ["yearBuilt", t.property.yearBuilt, p.year_built],
  ];
  return rows.map(([key, label, value]) => ({ key, label, value: value === "" ? null : value }));
}
