import type { SelectHTMLAttributes } from "react";

/**
 * The location `<select>` of the search forms (home, listings, the admin's
 * property list) and of the property form: a first, empty choice with the
 * caller's label ("all", "any", "choose…"), then the locations in their order.
 * Every other attribute goes to the `<select>` itself.
 */
export function LocationSelect({
  locations,
  emptyLabel,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & { locations: readonly { id: string; name: string }[]; emptyLabel: string }) {
  return (
    <select {...select}>
      <option value="">{emptyLabel}</option>
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </select>
  );
}
