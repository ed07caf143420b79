import { useState } from "react";
import { LANGS, localSlug, locationPathIn, ownText, TRANSLATED_LANGS, textColumn, type Lang } from "~/i18n/lang";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { formInputs } from "~/components/admin/form-inputs";
import { ImagePicker } from "~/components/admin/image-picker";
import { PointFields } from "~/components/admin/point-fields";
import { PriceHistory } from "~/components/admin/price-history";
import { ComplexSelect } from "~/components/admin/complex-select";
import { PropertyFactsFields } from "~/components/admin/property-facts-fields";
import { Button, buttonClass, ErrorBanner, Field, FormFooter, inputClass, Notice, PageHeader } from "~/components/admin/ui";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { LocationSelect } from "~/components/location-select";
import { ADMIN } from "~/i18n/admin";
import { localizePath } from "~/i18n/lang";
import { encodePath } from "~/lib/seo";
import { ModelError } from "~/models/errors.server";
import { listComplexes } from "~/models/complexes.server";
import { getLocation, listLocations } from "~/models/locations.server";
import { createProperty, getProperty, priceHistoryOf, updateProperty } from "~/models/real-estates.server";
import { fieldErrors } from "~/schemas/fields";
import { pick } from "~/lib/pick";
import { PROPERTY_CONTENT_FIELDS, PROPERTY_MESSAGES, propertyFormSchema } from "~/schemas/property";
import { formFields } from "~/web/admin-action.server";
import { savedRedirect } from "~/web/admin-saved.server";
import { refused, type FormResult } from "~/web/form-result";
import { editFormShouldRevalidate } from "~/web/admin-edit-form";
import { mapTiles } from "~/web/page.server";
import { log } from "~/platform/log.server";
import type { Route } from "./+types/property-form";

/**
 * /admin/real-estates/add and /admin/real-estates/edit/{id} (SPEC §2, §4, §5):
 * both languages side by side (a missing Bulgarian text is visible), photos
 * with upload progress and drag-to-reorder, SPEC's messages verbatim; beyond
 * SPEC a preview of the public page in each language and "duplicate".
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const [all, allComplexes] = await Promise.all([listLocations(), listComplexes()]);
  const locations = all.map((l) => ({ id: l.id, name: l.name, slug: l.slug }));
  // Issue 33: the complexes a property may be a unit of (the «Комплекс» select).
  const complexes = allComplexes.map((c) => ({ id: c.id, name: c.name, location_id: c.location_id }));
  // The pin's map starts at the property's location (issue 21).
  const homeOf = (id: string) => {
    const l = all.find((x) => x.id === id);
    return l && l.map_lat !== null && l.map_lng !== null ? { lat: l.map_lat, lng: l.map_lng, zoom: l.map_zoom ?? 14 } : null;
  };
  if (!params.id) {
    const wanted = url.searchParams.get("locationId") ?? url.searchParams.get("location") ?? "";
    return {
      property: null,
      locations,
      complexes,
      preselected: locations.some((l) => l.id === wanted) ? wanted : "",
      tiles: mapTiles(),
      home: homeOf(wanted),
      preview: null,
      duplicated: false,
      priceHistory: [],
    };
  }
  const property = await getProperty(params.id);
  // SPEC §2: an unknown id on an edit route goes back to the list.
  if (!property) throw redirect("/admin/real-estates");
  const location = await getLocation(property.location_id);
  // Each language's page of the property, at its own address (issue 31).
  const preview = location
    ? Object.fromEntries(LANGS.map((lang) => [lang, encodePath(localizePath(lang, `${locationPathIn(lang, location)}/${localSlug(lang, property)}`))]))
    : null;
  return {
    property: { id: property.id, ...pick(property, PROPERTY_CONTENT_FIELDS) },
    locations,
    complexes,
    preselected: property.location_id,
    tiles: mapTiles(),
    home: homeOf(property.location_id),
    preview: preview as Record<Lang, string> | null,
    duplicated: url.searchParams.get("duplicated") === "1",
    priceHistory: await priceHistoryOf(property.id),
  };
}

/** The form's fields: the complex is chosen by id (the select), never by a typed name (issue 33). */
const FORM_FIELDS = PROPERTY_CONTENT_FIELDS.filter((name) => name !== "complex_name");

function readForm(form: FormData) {
  return formFields(form, FORM_FIELDS, ["images"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const input = readForm(form);
  const editing = params.id ? await getProperty(params.id) : null;
  // Deleted meanwhile (here, in another tab, or with its location): say so first, the form stays as typed.
  if (params.id && !editing) return gone(input.location_id);
  // The form's own rules first (SPEC §5: price required and > 0, one image, type, location).
  const checked = propertyFormSchema.safeParse(input);
  if (!checked.success) return data<FormResult>(refused(null, fieldErrors(checked.error)), { status: 400 });
  try {
    if (editing) {
      await updateProperty(editing.id, checked.data);
    } else {
      await createProperty(checked.data);
    }
  } catch (error) {
    if (error instanceof ModelError) {
      // Deleted between the check above and the write.
      if (editing && error.kind === "not_found") return gone(input.location_id);
      if (error.kind === "validation" && Object.keys(error.fields).length > 0) {
        return data<FormResult>(refused(null, error.fields), { status: 400 });
      }
      // SPEC §8: the update form's banner wraps the detail; create's message already carries it.
      const banner = editing ? PROPERTY_MESSAGES.formSaveFailed(error.message) : error.message;
      return data<FormResult>(refused(banner), { status: error.kind === "database" ? 500 : 400 });
    }
    log.error("Saving a property failed:", error);
    return data<FormResult>(refused(PROPERTY_MESSAGES.formSaveFailed(ADMIN.genericError)), { status: 500 });
  }
  return savedRedirect("/admin/real-estates");
}

/**
 * The answer to saving a property that no longer exists: a 404 (React Router
 * then reloads nothing, so the form keeps what was typed) whose banner says
 * whether it went with its location.
 */
async function gone(locationId: string) {
  const locationGone = locationId !== "" && !(await getLocation(locationId));
  const error = locationGone ? ADMIN.properties.locationGoneWhileEditing : ADMIN.properties.goneWhileEditing;
  return data<FormResult>(refused(error), { status: 404 });
}

// An open edit form is not reloaded by the live updates (it would leave for the list if its property was deleted).
export const shouldRevalidate = editFormShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `${d?.property ? ADMIN.properties.editTitle : ADMIN.properties.addTitle} — ${ADMIN.title}` }];
}

export default function PropertyForm() {
  const { property, locations, complexes, preselected, preview, duplicated, priceHistory, tiles, home } = useLoaderData<typeof loader>();
  // The location chosen now: the «Комплекс» select lists its complexes first.
  const [locationId, setLocationId] = useState(preselected);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/real-estates/") === true;
  const form = useAdminForm(result, PROPERTY_MESSAGES.waitForUploads, "images");
  const { errorOf, clear } = form;
  // Which translated texts are empty (their hint says what the page shows then), by column: title_bg, description_en …
  const [missing, setMissing] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      TRANSLATED_LANGS.flatMap((lang) => ["title", "description"].map((f) => [textColumn(f, lang), !property || ownText(lang, property, f).trim() === ""])),
    ),
  );
  const F = ADMIN.properties.fields;
  const text = (name: keyof NonNullable<typeof property>, fallback = "") => {
    const value = property?.[name];
    return value === null || value === undefined ? fallback : Array.isArray(value) ? value.join("\n") : String(value);
  };
  // A translated text typed or emptied: its message goes, and the "missing" hint follows what is there.
  const onTranslatedInput = (column: string) => (e: React.FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    clear(column);
    const empty = e.currentTarget.value.trim() === "";
    setMissing((m) => ({ ...m, [column]: empty }));
  };
  const value = (name: string) => text(name as keyof NonNullable<typeof property>);
  const { input, number } = formInputs({ value, errorOf, clear });

  return (
    <main className="grid max-w-5xl gap-6 p-4 md:p-8">
      <PageHeader title={property ? ADMIN.properties.editTitle : ADMIN.properties.addTitle}>
        {preview ? (
          <>
            <a href={preview.ru} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
              {ADMIN.properties.previewRu}
            </a>
            {TRANSLATED_LANGS.map((lang) => (
              <a key={lang} href={preview[lang]} target="_blank" rel="noreferrer" className={buttonClass.secondary}>
                {ADMIN.properties.previewIn(lang)}
              </a>
            ))}
          </>
        ) : null}
        {property ? (
          <Form method="post" action="/admin/real-estates">
            <input type="hidden" name="id" value={property.id} />
            <Button type="submit" name="intent" value="duplicate">
              {ADMIN.properties.duplicate}
            </Button>
          </Form>
        ) : null}
      </PageHeader>
      <Notice message={duplicated ? ADMIN.properties.duplicated : null} />
      <Form method="post" noValidate className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" onSubmit={form.onSubmit}>
        <ErrorBanner message={form.banner} />
        {/* The texts in every language side by side: Russian first, then each of app/i18n/lang.ts's others (issue 31). */}
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {input("title", F.title, { maxLength: 200 })}
          {TRANSLATED_LANGS.map((lang) => {
            const column = textColumn("title", lang);
            return (
              <Field key={column} label={F.titleIn(lang)} name={column} error={errorOf(column)} hint={missing[column] ? F.missingIn(lang) : undefined}>
                {(props) => (
                  <input {...props} name={column} defaultValue={value(column)} maxLength={200} className={inputClass} onInput={onTranslatedInput(column)} />
                )}
              </Field>
            );
          })}
        </div>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Field label={F.description} name="description" error={errorOf("description")}>
            {(props) => (
              <textarea {...props} name="description" rows={8} defaultValue={text("description")} className={inputClass} onInput={() => clear("description")} />
            )}
          </Field>
          {TRANSLATED_LANGS.map((lang) => {
            const column = textColumn("description", lang);
            return (
              <Field key={column} label={F.descriptionIn(lang)} name={column} error={errorOf(column)} hint={missing[column] ? F.missingIn(lang) : undefined}>
                {(props) => (
                  <textarea {...props} name={column} rows={8} defaultValue={value(column)} className={inputClass} onInput={onTranslatedInput(column)} />
                )}
              </Field>
            );
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {number("price", F.price, "decimal")}
          {number("area", `${F.area} (${F.optional})`, "decimal")}
          <Field label={F.location} name="location_id" error={errorOf("location_id")}>
            {(props) => (
              <LocationSelect
                {...props}
                name="location_id"
                defaultValue={preselected}
                locations={locations}
                emptyLabel={F.chooseLocation}
                className={inputClass}
                onChange={(e) => {
                  clear("location_id");
                  setLocationId(e.currentTarget.value);
                }}
              />
            )}
          </Field>
          <Field label={F.type} name="property_type" error={errorOf("property_type")}>
            {(props) => (
              <select
                {...props}
                name="property_type"
                defaultValue={property?.property_type ?? "apartment"}
                className={inputClass}
                onChange={() => clear("property_type")}
              >
                <option value="">{F.chooseType}</option>
                <option value="apartment">{ADMIN.properties.types.apartment}</option>
                <option value="house">{ADMIN.properties.types.house}</option>
              </select>
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {number("bedrooms", `${F.bedrooms} (${F.optional})`)}
          {number("bathrooms", `${F.bathrooms} (${F.optional})`)}
          {number("year_built", `${F.yearBuilt} (${F.optional})`)}
        </div>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Field label={F.features} name="features" error={errorOf("features")}>
            {(props) => (
              <textarea {...props} name="features" rows={4} defaultValue={text("features")} className={inputClass} onInput={() => clear("features")} />
            )}
          </Field>
          {TRANSLATED_LANGS.map((lang) => {
            const column = textColumn("features", lang);
            return (
              <Field key={column} label={F.featuresIn(lang)} name={column} error={errorOf(column)}>
                {(props) => <textarea {...props} name={column} rows={4} defaultValue={value(column)} className={inputClass} onInput={() => clear(column)} />}
              </Field>
            );
          })}
        </div>
        <PropertyFactsFields
          value={value}
          errorOf={errorOf}
          clear={clear}
          complexField={<ComplexSelect complexes={complexes} locations={locations} locationId={locationId} value={value} errorOf={errorOf} clear={clear} />}
        />
        <PointFields value={value} errorOf={errorOf} clear={clear} tiles={tiles} home={home} />
        {property ? <PriceHistory entries={priceHistory} /> : null}
        <ImagePicker
          name="images"
          type="properties"
          multiple
          initial={property?.images ?? []}
          label={F.images}
          error={errorOf("images")}
          onUploadingChange={form.onUploadingChange}
        />
        <FormFooter saving={saving} failed={form.failed} cancelTo="/admin/real-estates" />
      </Form>
    </main>
  );
}
