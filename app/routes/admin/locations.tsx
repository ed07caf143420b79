import { useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { SortableList } from "~/components/admin/sortable-list";
import { MoveButtons } from "~/components/admin/row-actions";
import { Button, buttonClass, ErrorBanner, Notice, PageHeader } from "~/components/admin/ui";
import { useActionResult, useSavedNotice } from "~/components/admin/use-action-result";
import { keepFocusInside } from "~/components/keep-focus-inside";
import { FallbackImage } from "~/components/fallback-image";
import { ADMIN } from "~/i18n/admin";
import { formatPropertyCount } from "~/i18n/plural";
import { propertiesByLocation } from "~/models/admin-lists.server";
import { deleteLocation, listLocationsWithCounts, moveLocation, moveLocationTo } from "~/models/locations.server";
import { listAction, orderIntents, outcome } from "~/web/admin-action.server";
import { takeSaved } from "~/web/admin-saved.server";
import type { Route } from "./+types/locations";

/** How many of a location's properties its card lists when expanded. */
const LISTED_PROPERTIES = 10;

export async function loader({ request }: Route.LoaderArgs) {
  const [locations, byLocation] = await Promise.all([listLocationsWithCounts({ includeSold: true }), propertiesByLocation(LISTED_PROPERTIES)]);
  const { saved, headers } = takeSaved(request);
  return data(
    {
      saved,
      locations: locations.map((l) => ({
        id: l.id,
        name: l.name,
        name_bg: l.name_bg,
        image: l.image,
        count: l.property_count,
        properties: byLocation.get(l.id) ?? [],
      })),
    },
    { headers },
  );
}

export async function action({ request }: Route.ActionArgs) {
  return listAction(request, {
    ...orderIntents({ by: moveLocation, to: moveLocationTo }),
    delete: async (id) => outcome(await deleteLocation(id), ADMIN.locations.deleted),
  });
}

export function meta() {
  return [{ title: `${ADMIN.locations.title} — ${ADMIN.title}` }];
}

type LocationRow = Route.ComponentProps["loaderData"]["locations"][number];

export default function AdminLocations({ loaderData }: Route.ComponentProps) {
  const { saved, locations } = loaderData;
  const result = useActionResult<typeof action>();
  const savedNotice = useSavedNotice(saved);
  const reorder = useFetcher<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" || reorder.state !== "idle";
  const [deleting, setDeleting] = useState<LocationRow | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const openDelete = (location: LocationRow) => {
    setDeleting(location);
    dialog.current?.showModal();
  };
  const reorderError = reorder.data && !reorder.data.ok ? reorder.data.message : null;

  return (
    <main className="grid gap-6 p-4 md:p-8">
      <PageHeader title={ADMIN.locations.title}>
        <Link to="/admin/locations/add" className={buttonClass.primary}>
          {ADMIN.locations.add}
        </Link>
      </PageHeader>
      <ErrorBanner message={result && !result.ok ? result.message : reorderError} />
      <Notice message={result && result.ok ? result.message : savedNotice} />
      {locations.length === 0 ? <p className="text-slate-600">{ADMIN.locations.empty}</p> : <p className="text-sm text-slate-600">{ADMIN.dragHint}</p>}
      <SortableList
        items={locations}
        label={(l) => l.name}
        disabled={busy}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        onMove={(id, position) => reorder.submit({ intent: "move-to", id, position: String(position) }, { method: "post" })}
        render={(location, index, { handle }) => (
          <article aria-label={location.name} className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <FallbackImage
              image={location.image}
              alt={location.image ? location.name : ADMIN.locations.noImage}
              width={400}
              height={225}
              className="aspect-video w-full bg-slate-100 object-cover"
            />
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div>
                <h2 className="text-lg font-semibold wrap-break-word">{location.name}</h2>
                <p className="text-sm text-slate-600">{location.name_bg || "—"}</p>
                <p className="mt-1 text-sm text-slate-700">{formatPropertyCount(location.count, "ru")}</p>
              </div>
              {location.count > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-sea-700">{ADMIN.locations.showProperties(location.count)}</summary>
                  <ul className="mt-2 list-disc pl-5">
                    {location.properties.map((p) => (
                      <li key={p.id}>
                        <Link to={`/admin/real-estates/edit/${p.id}`} className="underline">
                          {p.title}
                        </Link>
                      </li>
                    ))}
                    {location.count > location.properties.length ? (
                      <li>{ADMIN.locations.moreProperties(location.count - location.properties.length)}</li>
                    ) : null}
                  </ul>
                </details>
              ) : null}
              <div className="mt-auto flex flex-wrap gap-2">
                <Link to={`/admin/real-estates/new?location=${location.id}`} className={buttonClass.secondary}>
                  {ADMIN.locations.addProperty}
                </Link>
                <Link to={`/admin/real-estates?locationId=${location.id}`} className={buttonClass.secondary}>
                  {ADMIN.locations.listProperties}
                </Link>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {handle}
                <MoveButtons id={location.id} subject={location.name} first={index === 0} last={index === locations.length - 1} disabled={busy} />
                <Link to={`/admin/locations/edit/${location.id}`} className={buttonClass.secondary} aria-label={`${ADMIN.edit}: ${location.name}`}>
                  {ADMIN.edit}
                </Link>
                <Button variant="danger" onClick={() => openDelete(location)} aria-label={`${ADMIN.delete}: ${location.name}`}>
                  {ADMIN.delete}
                </Button>
              </div>
            </div>
          </article>
        )}
      />
      <dialog
        ref={dialog}
        aria-labelledby="delete-location-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-4 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
        onClose={() => setDeleting(null)}
        onKeyDown={keepFocusInside}
      >
        {deleting ? (
          <Form method="post" onSubmit={() => dialog.current?.close()}>
            <h2 id="delete-location-title" className="text-lg font-semibold">
              {ADMIN.locations.deleteTitle(deleting.name)}
            </h2>
            <p className="mt-2 text-slate-700">{ADMIN.locations.deleteWarning(deleting.count)}</p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Button onClick={() => dialog.current?.close()}>{ADMIN.cancel}</Button>
              <Button type="submit" variant="danger">
                {ADMIN.delete}
              </Button>
            </div>
          </Form>
        ) : null}
      </dialog>
    </main>
  );
}
