import { data, Form, Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { RowActionForm } from "~/components/admin/row-actions";
import { Button, buttonClass, ErrorBanner, inputClass, Notice, PageHeader } from "~/components/admin/ui";
import { useActionResult, useSavedNotice } from "~/components/admin/use-action-result";
import { FallbackImage } from "~/components/fallback-image";
import { Label } from "~/components/label";
import { LocationSelect } from "~/components/location-select";
import { ADMIN } from "~/i18n/admin";
import { shownImage } from "~/lib/image-keys";
import { deleteComplex, getComplex, listComplexes } from "~/models/complexes.server";
import { listLocations } from "~/models/locations.server";
import { COMPLEX_MESSAGES } from "~/schemas/complex";
import { isUuid } from "~/schemas/fields";
import { listAction } from "~/web/admin-action.server";
import { takeSaved } from "~/web/admin-saved.server";
import { refused } from "~/web/form-result";
import type { Route } from "./+types/complexes";

const T = ADMIN.complexes;

/**
 * /admin/complexes (issue 33): every new-build complex with its location,
 * developer, stage and units (for sale / all), a link to add and to edit
 * each, and delete — its units stay in the catalogue, unlinked, and the
 * confirmation says how many (COMPLEX_MESSAGES.deleteConfirm). A table on a
 * laptop, cards on a phone (data-table.tsx). The CSV export and import of
 * complexes start here.
 */
export async function loader({ url, request }: Route.LoaderArgs) {
  const rawLocation = url.searchParams.get("locationId") ?? "";
  const locations = await listLocations();
  const filter = isUuid(rawLocation) ? (locations.find((l) => l.id === rawLocation) ?? null) : null;
  const complexes = await listComplexes(filter ? { locationId: filter.id } : {});
  const nameOf = new Map(locations.map((l) => [l.id, l.name]));
  const { saved, headers } = takeSaved(request);
  return data(
    {
      saved,
      filter: filter ? { id: filter.id, name: filter.name } : null,
      locations: locations.map((l) => ({ id: l.id, name: l.name })),
      complexes: complexes.map((c) => ({
        id: c.id,
        name: c.name,
        location_name: nameOf.get(c.location_id) ?? "",
        developer: c.developer,
        construction_stage: c.construction_stage,
        completion_quarter: c.completion_quarter,
        unit_count: c.unit_count,
        for_sale_count: c.for_sale_count,
        cover: shownImage(c.images[0]),
      })),
    },
    { headers },
  );
}

export async function action({ request }: Route.ActionArgs) {
  return listAction(request, {
    // Units are never deleted: the database unlinks them (complex_id set null); the notice says how many.
    delete: async (id) => {
      const complex = await getComplex(id);
      const result = complex ? await deleteComplex(complex.id) : null;
      if (!complex || !result) return refused(T.alreadyDeleted);
      return { ok: true, message: T.deleted(complex.name, result.unlinked) };
    },
  });
}

export function meta() {
  return [{ title: `${T.title} — ${ADMIN.title}` }];
}

type Row = Route.ComponentProps["loaderData"]["complexes"][number];

const stageLabel = (c: Row) =>
  [c.construction_stage ? T.stagesShort[c.construction_stage] : null, c.completion_quarter].filter(Boolean).join(" · ") || T.noStage;

const COLUMNS: readonly Column<Row>[] = [
  {
    // The name with its cover beside it (one row of a card on a phone).
    header: T.columns.name,
    label: false,
    cell: (c) => (
      <div className="flex items-center gap-3">
        <FallbackImage image={c.cover} alt="" width={160} height={120} className="h-12 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-18 sm:w-24" />
        <Link to={`/admin/complexes/edit/${c.id}`} className="min-w-0 text-base font-semibold wrap-break-word text-sea-700 underline-offset-2 hover:underline">
          {c.name}
        </Link>
      </div>
    ),
  },
  { header: T.columns.location, cell: (c) => <span className="wrap-break-word">{c.location_name}</span> },
  { header: T.columns.developer, cell: (c) => <span className="wrap-break-word">{c.developer || T.noDeveloper}</span> },
  { header: T.columns.stage, cell: stageLabel },
  { header: T.columns.units, cell: (c) => T.units(c.for_sale_count, c.unit_count) },
  {
    header: T.columns.actions,
    label: false,
    cell: (c) => (
      <div className="flex flex-wrap gap-2 xl:flex-nowrap">
        <Link to={`/admin/complexes/edit/${c.id}`} className={buttonClass.secondary} aria-label={`${ADMIN.edit}: ${c.name}`}>
          {ADMIN.edit}
        </Link>
        <RowActionForm
          id={c.id}
          intent="delete"
          label={ADMIN.delete}
          subject={c.name}
          confirm={COMPLEX_MESSAGES.deleteConfirm(c.unit_count)}
          variant="danger"
        />
      </div>
    ),
  },
];

export default function AdminComplexes({ loaderData }: Route.ComponentProps) {
  const { saved, filter, locations, complexes } = loaderData;
  const result = useActionResult<typeof action>();
  const savedNotice = useSavedNotice(saved);
  const addHref = filter ? `/admin/complexes/add?locationId=${filter.id}` : "/admin/complexes/add";

  return (
    <main className="grid gap-6 p-4 md:p-8">
      <PageHeader title={filter ? `${T.title}: ${filter.name}` : T.title}>
        <Link to={addHref} className={buttonClass.primary}>
          {T.add}
        </Link>
        {/* A download, not a page: the browser saves the file. */}
        <a href="/admin/complexes/export.csv" download className={buttonClass.secondary}>
          {T.exportCsv}
        </a>
        <Link to="/admin/complexes/import" className={buttonClass.secondary}>
          {T.importCsv}
        </Link>
      </PageHeader>
      <Form method="get" className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_auto] sm:items-end">
        <Label text={T.location}>
          <LocationSelect
            name="locationId"
            defaultValue={filter?.id ?? ""}
            key={filter?.id ?? ""}
            locations={locations}
            emptyLabel={T.allLocations}
            className={inputClass}
          />
        </Label>
        <Button type="submit" variant="primary">
          {T.filter}
        </Button>
      </Form>
      <ErrorBanner message={result && !result.ok ? result.message : null} />
      <Notice message={result && result.ok ? result.message : savedNotice} />
      <p className="text-sm text-slate-600" aria-live="polite">
        {T.found(complexes.length)}
      </p>
      {complexes.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">{filter ? T.emptyIn(filter.name) : T.empty}</p>
      ) : (
        <DataTable columns={COLUMNS} rows={complexes} rowKey={(c) => c.id} />
      )}
    </main>
  );
}
