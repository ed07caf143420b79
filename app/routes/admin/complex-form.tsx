import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { formInputs } from "~/components/admin/form-inputs";
import { ImagePicker } from "~/components/admin/image-picker";
import { PointFields } from "~/components/admin/point-fields";
import { buttonClass, ErrorBanner, Field, FormFooter, inputClass, PageHeader } from "~/components/admin/ui";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { LocationSelect } from "~/components/location-select";
import { ADMIN } from "~/i18n/admin";
import { complexPathIn, DEFAULT_LANG, LANGS, localizePath, ownText, TRANSLATED_LANGS, textColumn, type Lang, type TranslatedLang } from "~/i18n/lang";
import { COMPLEX_FACILITIES, CONSTRUCTION_STAGES } from "~/lib/property-facts";
import { encodePath } from "~/lib/seo";
import { complexUnits } from "~/models/admin-lists.server";
import { createComplex, getComplex, updateComplex } from "~/models/complexes.server";
import { ModelError } from "~/models/errors.server";
import { listLocations } from "~/models/locations.server";
import { log } from "~/platform/log.server";
import { COMPLEX_FIELDS } from "~/schemas/complex";
import { formFields } from "~/web/admin-action.server";
import { editFormShouldRevalidate } from "~/web/admin-edit-form";
import { savedRedirect } from "~/web/admin-saved.server";
import { refused, type FormResult } from "~/web/form-result";
import { mapTiles } from "~/web/page.server";
import type { Route } from "./+types/complex-form";

const T = ADMIN.complexes;
const F = T.fields;

/**
 * /admin/complexes/add and /admin/complexes/edit/{id} (issue 33): every
 * field of a complex — its name and description in each language of
 * app/i18n/lang.ts, location, developer, point and precision, stage and
 * completion, fee, sea distance, floors, units, facilities, photos — saved
 * through the model; a refused save keeps what was typed and names each
 * wrong field (FormFooter). The edit page lists the complex's units and
 * links its public page in each language.
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const all = await listLocations();
  const locations = all.map((l) => ({ id: l.id, name: l.name }));
  // The pin's map starts at the complex's location, as a property's does.
  const homeOf = (id: string) => {
    const l = all.find((x) => x.id === id);
    return l && l.map_lat !== null && l.map_lng !== null ? { lat: l.map_lat, lng: l.map_lng, zoom: l.map_zoom ?? 14 } : null;
  };
  if (!params.id) {
    const wanted = url.searchParams.get("locationId") ?? "";
    const preselected = locations.some((l) => l.id === wanted) ? wanted : "";
    return { complex: null, locations, preselected, home: homeOf(preselected), tiles: mapTiles(), units: [], pages: null };
  }
  const complex = await getComplex(params.id);
  // SPEC §2's rule for every edit route: an unknown id goes back to the list.
  if (!complex) throw redirect("/admin/complexes");
  const location = all.find((l) => l.id === complex.location_id);
  const pages = location
    ? (Object.fromEntries(LANGS.map((lang) => [lang, encodePath(localizePath(lang, complexPathIn(lang, complex, location)))])) as Record<Lang, string>)
    : null;
  const { public_lat: _lat, public_lng: _lng, created_at: _c, updated_at: _u, ...own } = complex;
  return {
    complex: own,
    locations,
    preselected: complex.location_id,
    home: homeOf(complex.location_id),
    tiles: mapTiles(),
    units: await complexUnits(complex.id),
    pages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const input = formFields(form, COMPLEX_FIELDS, ["facilities", "images"]);
  // Deleted meanwhile (in another tab, by another administrator): say so, the form stays as typed.
  const gone = () => data<FormResult>(refused(T.goneWhileEditing), { status: 404 });
  try {
    if (params.id) {
      if (!(await getComplex(params.id))) return gone();
      await updateComplex(params.id, input);
    } else {
      await createComplex(input);
    }
  } catch (error) {
    if (error instanceof ModelError) {
      // Deleted between the check above and the write.
      if (params.id && error.kind === "not_found") return gone();
      const banner = error.kind === "validation" && Object.keys(error.fields).length > 0 ? null : error.message;
      return data<FormResult>(refused(banner, error.fields), { status: error.kind === "database" ? 500 : 400 });
    }
    log.error("Saving a complex failed:", error);
    return data<FormResult>(refused(T.saveFailed), { status: 500 });
  }
  return savedRedirect("/admin/complexes");
}

// An open edit form is not reloaded by the live updates (it would leave for the list if its complex was deleted).
export const shouldRevalidate = editFormShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `${d?.complex ? T.editTitle : T.addTitle} — ${ADMIN.title}` }];
}

export default function ComplexForm() {
  const { complex, locations, preselected, home, tiles, units, pages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const form = useAdminForm(result, T.waitForUploads, "images");
  const { errorOf, clear } = form;
  const value = (name: string): string => {
    const v = complex?.[name as keyof NonNullable<typeof complex>];
    return v === null || v === undefined ? "" : String(v);
  };
  const { input, number, choice } = formInputs({ value, errorOf, clear });
  const facilities = new Set<string>(complex?.facilities ?? []);

  return (
    <main className="grid max-w-5xl gap-6 p-4 md:p-8">
      <PageHeader title={complex ? T.editTitle : T.addTitle}>
        {/* The units are under the form, which is long on a phone: one tap away from the top. */}
        {complex ? (
          <a href="#complex-units" className={buttonClass.secondary}>
            {T.unitsTitle(units.length)}
          </a>
        ) : null}
        {pages ? (
          <>
            <a href={pages[DEFAULT_LANG]} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
              {ADMIN.properties.previewRu}
            </a>
            {TRANSLATED_LANGS.map((lang) => (
              <a key={lang} href={pages[lang]} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
                {ADMIN.properties.previewIn(lang)}
              </a>
            ))}
          </>
        ) : null}
      </PageHeader>
      <Form method="post" noValidate className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" onSubmit={form.onSubmit}>
        <ErrorBanner message={form.banner} />
        {/* The names in every language side by side: Russian first, then each of app/i18n/lang.ts's others. */}
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {input("name", F.name, { maxLength: 200 })}
          {TRANSLATED_LANGS.map((lang) => {
            const column = textColumn("name", lang);
            return (
              <Field key={column} label={F.nameIn(lang)} name={column} error={errorOf(column)}>
                {(props) => (
                  <input
                    {...props}
                    name={column}
                    defaultValue={complex ? ownText(lang, complex, "name") : ""}
                    maxLength={200}
                    className={inputClass}
                    onInput={() => clear(column)}
                  />
                )}
              </Field>
            );
          })}
        </div>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[DEFAULT_LANG, ...TRANSLATED_LANGS].map((lang) => {
            const column = textColumn("description", lang);
            return (
              <Field key={column} label={lang === DEFAULT_LANG ? F.description : F.descriptionIn(lang as TranslatedLang)} name={column} error={errorOf(column)}>
                {(props) => (
                  <textarea
                    {...props}
                    name={column}
                    rows={6}
                    defaultValue={complex ? ownText(lang, complex, "description") : ""}
                    className={inputClass}
                    onInput={() => clear(column)}
                  />
                )}
              </Field>
            );
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={F.location} name="location_id" error={errorOf("location_id")}>
            {(props) => (
              <LocationSelect
                {...props}
                name="location_id"
                defaultValue={preselected}
                locations={locations}
                emptyLabel={F.chooseLocation}
                className={inputClass}
                onChange={() => clear("location_id")}
              />
            )}
          </Field>
          {input("developer", F.developer, { maxLength: 200 })}
        </div>
        <fieldset className="grid gap-4 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{F.building}</legend>
          {choice("construction_stage", F.stage, ADMIN.properties.facts.stages, ["", ...CONSTRUCTION_STAGES])}
          {input("completion_quarter", F.completionQuarter, { placeholder: "2027-Q2", maxLength: 7 })}
          {number("maintenance_fee_eur_m2", F.maintenanceFee, "decimal")}
          {number("sea_distance_m", F.seaDistance)}
          {number("floors", F.floors)}
          {number("units_total", F.unitsTotal)}
        </fieldset>
        <fieldset
          className="grid gap-x-4 rounded-xl p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
          aria-describedby={errorOf("facilities") ? "field-facilities-error" : undefined}
        >
          <legend className="px-1 text-sm font-semibold text-slate-900">{F.facilities}</legend>
          {COMPLEX_FACILITIES.map((key) => (
            <label key={key} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                name="facilities"
                value={key}
                defaultChecked={facilities.has(key)}
                className="size-5 accent-sea-600"
                onChange={() => clear("facilities")}
              />
              {T.facilities[key]}
            </label>
          ))}
          {errorOf("facilities") ? (
            <p id="field-facilities-error" className="text-sm text-red-700 sm:col-span-2 lg:col-span-3">
              {errorOf("facilities")}
            </p>
          ) : null}
        </fieldset>
        <PointFields value={value} errorOf={errorOf} clear={clear} tiles={tiles} home={home} />
        <ImagePicker
          name="images"
          type="properties"
          multiple
          initial={complex?.images ?? []}
          label={F.images}
          error={errorOf("images")}
          onUploadingChange={form.onUploadingChange}
        />
        <FormFooter saving={saving} failed={form.failed} cancelTo="/admin/complexes" />
      </Form>
      {complex ? (
        <section
          id="complex-units"
          aria-labelledby="complex-units-title"
          className="grid scroll-mt-4 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="complex-units-title" className="text-lg font-semibold">
            {T.unitsTitle(units.length)}
          </h2>
          {units.length === 0 ? (
            <p className="text-sm text-slate-700">{T.noUnits}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="complex-units">
              {units.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <Link to={`/admin/real-estates/edit/${u.id}`} className="font-medium wrap-break-word text-sea-700 underline-offset-2 hover:underline">
                      {u.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {ADMIN.properties.statuses[u.status]} · {u.location_name}
                      {u.reference ? ` · ${u.reference}` : null}
                    </p>
                  </div>
                  <Link to={`/admin/real-estates/edit/${u.id}`} className={buttonClass.secondary} aria-label={`${ADMIN.edit}: ${u.title}`}>
                    {ADMIN.edit}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </main>
  );
}
