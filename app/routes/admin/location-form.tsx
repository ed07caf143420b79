import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { languageOf, ownText, TRANSLATED_LANGS, textColumn } from "~/i18n/lang";
import { ImagePicker } from "~/components/admin/image-picker";
import { PointFields } from "~/components/admin/point-fields";
import { ErrorBanner, Field, FormFooter, inputClass, PageHeader } from "~/components/admin/ui";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { ADMIN } from "~/i18n/admin";
import { ModelError } from "~/models/errors.server";
import { createLocation, getLocation, updateLocation } from "~/models/locations.server";
import { LOCATION_MESSAGES } from "~/schemas/location";
import { formFields } from "~/web/admin-action.server";
import { savedRedirect } from "~/web/admin-saved.server";
import { refused, type FormResult } from "~/web/form-result";
import { editFormShouldRevalidate } from "~/web/admin-edit-form";
import { mapTiles } from "~/web/page.server";
import { log } from "~/platform/log.server";
import type { Route } from "./+types/location-form";

/**
 * /admin/locations/add and /admin/locations/edit/{id} (SPEC §2, §4, §5):
 * name, Bulgarian name, picture; idle → saving → back to the list, or the
 * errors next to their fields and SPEC §8's text in the form banner.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!params.id) return { location: null, tiles: mapTiles() };
  const location = await getLocation(params.id);
  // SPEC §2: an unknown id on an edit route goes back to the list.
  if (!location) throw redirect("/admin/locations");
  return {
    location: {
      id: location.id,
      name: location.name,
      ...Object.fromEntries(TRANSLATED_LANGS.map((lang) => [textColumn("name", lang), ownText(lang, location, "name")])),
      name_ru_in: location.name_ru_in,
      map_lat: location.map_lat,
      map_lng: location.map_lng,
      map_zoom: location.map_zoom,
      homesoverseas_region: location.homesoverseas_region,
      image: location.image,
    },
    tiles: mapTiles(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const input = formFields(form, [
    "name",
    ...TRANSLATED_LANGS.map((lang) => textColumn("name", lang)),
    "name_ru_in",
    "map_lat",
    "map_lng",
    "map_zoom",
    "homesoverseas_region",
    "image",
  ]);
  // Deleted meanwhile (in another tab, by another administrator): say so, the form stays as typed.
  const gone = () => data<FormResult>(refused(ADMIN.locations.goneWhileEditing), { status: 404 });
  try {
    if (params.id) {
      if (!(await getLocation(params.id))) return gone();
      await updateLocation(params.id, input);
    } else {
      await createLocation(input);
    }
  } catch (error) {
    if (error instanceof ModelError) {
      // Deleted between the check above and the write.
      if (params.id && error.kind === "not_found") return gone();
      const banner = error.kind === "validation" && Object.keys(error.fields).length > 0 ? null : error.message;
      return data<FormResult>(refused(banner, error.fields), { status: error.kind === "database" ? 500 : 400 });
    }
    log.error("Saving a location failed:", error);
    return data<FormResult>(refused(LOCATION_MESSAGES.formSaveFailed), { status: 500 });
  }
  return savedRedirect("/admin/locations");
}

// An open edit form is not reloaded by the live updates (it would leave for the list if its location was deleted).
export const shouldRevalidate = editFormShouldRevalidate;

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `${d?.location ? ADMIN.locations.editTitle : ADMIN.locations.addTitle} — ${ADMIN.title}` }];
}

export default function LocationForm() {
  const { location, tiles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const form = useAdminForm(result, LOCATION_MESSAGES.waitForUpload, "image");
  const { errorOf: fieldError, clear } = form;

  return (
    <main className="grid max-w-3xl gap-6 p-4 md:p-8">
      <PageHeader title={location ? ADMIN.locations.editTitle : ADMIN.locations.addTitle} />
      <Form method="post" noValidate className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" onSubmit={form.onSubmit}>
        <ErrorBanner message={form.banner} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={ADMIN.locations.name} name="name" error={fieldError("name")}>
            {(props) => (
              <input {...props} name="name" defaultValue={location?.name ?? ""} maxLength={100} className={inputClass} onInput={() => clear("name")} />
            )}
          </Field>
          {TRANSLATED_LANGS.map((lang) => {
            const name = textColumn("name", lang);
            return (
              <Field
                key={lang}
                label={ADMIN.locations.nameIn(lang)}
                name={name}
                error={fieldError(name)}
                hint={languageOf(lang).script === "Latn" ? ADMIN.locations.latinNameHint : undefined}
              >
                {(props) => (
                  <input
                    {...props}
                    name={name}
                    defaultValue={location ? ownText(lang, location, "name") : ""}
                    maxLength={100}
                    className={inputClass}
                    onInput={() => clear(name)}
                  />
                )}
              </Field>
            );
          })}
          <Field label={ADMIN.locations.nameRuIn} name="name_ru_in" error={fieldError("name_ru_in")} hint={ADMIN.locations.nameRuInHint}>
            {(props) => (
              <input
                {...props}
                name="name_ru_in"
                defaultValue={location?.name_ru_in ?? ""}
                maxLength={110}
                placeholder="в Созополе"
                className={inputClass}
                onInput={() => clear("name_ru_in")}
              />
            )}
          </Field>
          <Field
            label={ADMIN.locations.homesoverseasRegion}
            name="homesoverseas_region"
            error={fieldError("homesoverseas_region")}
            hint={ADMIN.locations.homesoverseasRegionHint}
          >
            {(props) => (
              <input
                {...props}
                name="homesoverseas_region"
                inputMode="numeric"
                defaultValue={location?.homesoverseas_region ?? ""}
                maxLength={7}
                className={inputClass}
                onInput={() => clear("homesoverseas_region")}
              />
            )}
          </Field>
        </div>
        <PointFields
          precision={false}
          value={(name) => String(location?.[name as "map_lat" | "map_lng" | "map_zoom"] ?? "")}
          errorOf={fieldError}
          clear={clear}
          tiles={tiles}
        />
        <ImagePicker
          name="image"
          type="locations"
          multiple={false}
          initial={location?.image ? [location.image] : []}
          label={ADMIN.locations.image}
          error={fieldError("image")}
          onUploadingChange={form.onUploadingChange}
        />
        <FormFooter saving={saving} failed={form.failed} cancelTo="/admin/locations" />
      </Form>
    </main>
  );
}
