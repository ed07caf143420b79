import type { ReactNode } from "react";
import { ADMIN } from "~/i18n/admin";
import { CONSTRUCTION_STAGES, FURNISHED, PROPERTY_STATUSES } from "~/lib/property-facts";
import { Field, inputClass } from "./ui";

const F = ADMIN.properties.facts;

type Props = {
  /** The saved value of a field as the form shows it ("" when unknown). */
  value: (name: string) => string;
  errorOf: (name: string) => string | undefined;
  clear: (name: string) => void;
};

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The property form's status and the buyer's facts (issue 20), in groups.
 * Yes/no facts are three-way (not stated, yes, no): an unknown sea view is
 * not "no sea view".
 */
export function PropertyFactsFields({ value, errorOf, clear }: Props) {
  const number = (name: string, label: string, mode: "numeric" | "decimal" = "numeric") => (
    <Field label={label} name={name} error={errorOf(name)}>
      {(props) => <input {...props} name={name} inputMode={mode} defaultValue={value(name)} className={inputClass} onInput={() => clear(name)} />}
    </Field>
  );
  const choice = (name: string, label: string, options: Record<string, string>, order: readonly string[] = Object.keys(options)) => (
    <Field label={label} name={name} error={errorOf(name)}>
      {(props) => (
        <select {...props} name={name} defaultValue={value(name)} className={inputClass} onChange={() => clear(name)}>
          {order.map((key) => (
            <option key={key} value={key}>
              {options[key]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const yesNo = (name: string, label: string) => choice(name, label, F.yesNo, ["", "true", "false"]);
  return (
    <>
      <Group legend={F.status}>
        {choice("status", ADMIN.properties.statusFilter, ADMIN.properties.statuses, PROPERTY_STATUSES)}
        <Field label={F.reference} name="reference" error={errorOf("reference")}>
          {(props) => (
            <input {...props} name="reference" defaultValue={value("reference")} maxLength={40} className={inputClass} onInput={() => clear("reference")} />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3 self-end text-sm font-medium text-slate-800">
          <input type="checkbox" name="featured" value="true" defaultChecked={value("featured") === "true"} className="size-5 accent-sea-600" />
          {F.featured}
        </label>
      </Group>
      <Group legend={F.sea}>
        {number("sea_distance_m", F.seaDistance)}
        {choice("sea_line", F.seaLine, F.seaLines, ["", "1", "2"])}
        {yesNo("sea_view", F.seaView)}
      </Group>
      <Group legend={F.building}>
        {number("floor", F.floor)}
        {number("floors_total", F.floorsTotal)}
        {choice("construction_stage", F.stage, F.stages, ["", ...CONSTRUCTION_STAGES])}
        <Field label={F.completionQuarter} name="completion_quarter" error={errorOf("completion_quarter")}>
          {(props) => (
            <input
              {...props}
              name="completion_quarter"
              defaultValue={value("completion_quarter")}
              placeholder="2027-Q2"
              maxLength={7}
              className={inputClass}
              onInput={() => clear("completion_quarter")}
            />
          )}
        </Field>
        <Field label={F.complexName} name="complex_name" error={errorOf("complex_name")}>
          {(props) => (
            <input
              {...props}
              name="complex_name"
              defaultValue={value("complex_name")}
              maxLength={200}
              className={inputClass}
              onInput={() => clear("complex_name")}
            />
          )}
        </Field>
        {number("maintenance_fee_eur_m2", F.maintenanceFee, "decimal")}
      </Group>
      <Group legend={F.comfort}>
        {choice("furnished", F.furnished, F.furnishedValues, ["", ...FURNISHED])}
        {yesNo("pool", F.pool)}
        {yesNo("parking", F.parking)}
        {number("plot_area", F.plotArea, "decimal")}
      </Group>
    </>
  );
}
