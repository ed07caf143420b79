import type { ReactNode } from "react";
import { ADMIN } from "~/i18n/admin";
import { HOME_ROW_SIZE } from "~/lib/listing";
import { CONSTRUCTION_STAGES, FURNISHED, PROPERTY_STATUSES } from "~/lib/property-facts";
import { formInputs, type FieldWiring } from "./form-inputs";
import { Field, inputClass } from "./ui";

const F = ADMIN.properties.facts;

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
 * not "no sea view". `complexField`: the «Комплекс» select (complex-select.tsx).
 */
export function PropertyFactsFields({ value, errorOf, clear, complexField }: FieldWiring & { complexField: ReactNode }) {
  const { input, number, choice } = formInputs({ value, errorOf, clear });
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
        <div className="grid gap-1 self-end">
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="featured"
              value="true"
              defaultChecked={value("featured") === "true"}
              aria-describedby="featured-hint"
              className="size-5 accent-sea-600"
            />
            {F.featured}
          </label>
          <p id="featured-hint" className="text-xs text-slate-600">
            {F.featuredHint(HOME_ROW_SIZE)}
          </p>
        </div>
        {/* A choice, not a checkbox: the switch is on by default, and an unticked box sends nothing. */}
        {choice("publish_to_feeds", F.publishToFeeds, F.publishToFeedsValues, ["true", "false"])}
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
        {input("completion_quarter", F.completionQuarter, { placeholder: "2027-Q2", maxLength: 7 })}
        {/* Issue 33: the complex the property is a unit of (complex-select.tsx), no longer a typed name. */}
        {complexField}
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
