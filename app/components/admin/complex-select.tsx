import { ADMIN } from "~/i18n/admin";
import type { FieldWiring } from "./form-inputs";
import { Field, inputClass } from "./ui";

export interface ComplexChoice {
  id: string;
  name: string;
  location_id: string;
}

/**
 * The property form's «Комплекс» (issue 33): which complex the property is a
 * unit of, posted as `complex_id` — «Не в комплексе» (empty) unlinks it. The
 * complexes are grouped by location, the property's location (`locationId`,
 * followed as the location select changes) first, the others in the
 * locations' order.
 */
export function ComplexSelect({
  complexes,
  locations,
  locationId,
  value,
  errorOf,
  clear,
}: FieldWiring & {
  complexes: readonly ComplexChoice[];
  locations: readonly { id: string; name: string }[];
  locationId: string;
}) {
  const T = ADMIN.complexes;
  const ordered = [...locations.filter((l) => l.id === locationId), ...locations.filter((l) => l.id !== locationId)];
  const groups = ordered.map((l) => ({ location: l, complexes: complexes.filter((c) => c.location_id === l.id) })).filter((g) => g.complexes.length > 0);
  return (
    <Field label={T.unitField} name="complex_id" error={errorOf("complex_id")} hint={T.unitFieldHint}>
      {(props) => (
        <select {...props} name="complex_id" defaultValue={value("complex_id")} className={inputClass} onChange={() => clear("complex_id")}>
          <option value="">{T.notInComplex}</option>
          {groups.map((g) => (
            <optgroup key={g.location.id} label={g.location.name}>
              {g.complexes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
