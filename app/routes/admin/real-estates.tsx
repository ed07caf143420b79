import { useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { SortableList } from "~/components/admin/sortable-list";
import { MoveButtons, RowActionForm } from "~/components/admin/row-actions";
import { Button, buttonClass, ErrorBanner, inputClass, Notice, Options, PageHeader } from "~/components/admin/ui";
import { useActionResult, useSavedNotice } from "~/components/admin/use-action-result";
import { FallbackImage } from "~/components/fallback-image";
import { Label } from "~/components/label";
import { LocationSelect } from "~/components/location-select";
import { ADMIN } from "~/i18n/admin";
import { formatPrice } from "~/i18n/format";
import { ADMIN_PAGE_SIZE, featuredOnHome, searchAdminProperties, type FeaturedOnHome } from "~/models/admin-lists.server";
import { HOME_ROW_SIZE } from "~/lib/listing";
import { getLocation, listLocations } from "~/models/locations.server";
import { deleteProperty, duplicateProperty, moveProperty, movePropertyTo, updateProperty } from "~/models/real-estates.server";
import { PROPERTY_STATUSES, type PropertyStatus } from "~/lib/property-facts";
import { PROPERTY_MESSAGES } from "~/schemas/property";
import { isUuid } from "~/schemas/fields";
import { listAction, orderIntents, outcome } from "~/web/admin-action.server";
import { refused } from "~/web/form-result";
import { takeSaved } from "~/web/admin-saved.server";
import type { Route } from "./+types/real-estates";

const MAX_SEARCH = 200;

export async function loader({ url, request }: Route.LoaderArgs) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const rawLocation = url.searchParams.get("locationId") ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (PROPERTY_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as PropertyStatus) : null;
  const [locations, filterLocation, featured] = await Promise.all([
    listLocations(),
    isUuid(rawLocation) ? getLocation(rawLocation) : null,
    featuredOnHome(HOME_ROW_SIZE),
  ]);
  const result = await searchAdminProperties({
    search,
    locationId: filterLocation?.id ?? null,
    status,
    page: Number.isFinite(page) ? page : 1,
    pageSize: ADMIN_PAGE_SIZE,
  });
  const { saved, headers } = takeSaved(request);
  return data(
    {
      saved,
      search,
      status,
      filterLocation: filterLocation ? { id: filterLocation.id, name: filterLocation.name } : null,
      locations: locations.map((l) => ({ id: l.id, name: l.name })),
      featured,
      ...result,
    },
    { headers },
  );
}

export async function action({ request }: Route.ActionArgs) {
  return listAction(request, {
    ...orderIntents({ by: moveProperty, to: movePropertyTo }),
    delete: async (id) => outcome(await deleteProperty(id)),
    // Issue 20: available / reserved / sold in one click from the list.
    status: async (id, form) => {
      const status = form.get("status");
      if (!(PROPERTY_STATUSES as readonly unknown[]).includes(status)) return refused(PROPERTY_MESSAGES.statusInvalid);
      return outcome(await updateProperty(id, { status }), ADMIN.properties.statusChanged);
    },
    duplicate: async (id) => {
      const copy = await duplicateProperty(id);
      if (!copy) return outcome(false);
      throw redirect(`/admin/real-estates/edit/${copy.id}?duplicated=1`);
    },
  });
}

export function meta() {
  return [{ title: `${ADMIN.properties.title} — ${ADMIN.title}` }];
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function AdminProperties({ loaderData }: Route.ComponentProps) {
  const { saved, search, status, filterLocation, locations, featured, items, total, page, pageCount } = loaderData;
  const result = useActionResult<typeof action>();
  const savedNotice = useSavedNotice(saved);
  const reorder = useFetcher<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [dragError, setDragError] = useState<string | null>(null);
  // Remounting the list puts a refused drop back where it came from.
  const [listKey, setListKey] = useState(0);
  const busy = navigation.state !== "idle" || reorder.state !== "idle";
  const filtered = search !== "" || filterLocation !== null || status !== null;
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    const query = next.toString();
    return `/admin/real-estates${query ? `?${query}` : ""}`;
  };
  const addHref = filterLocation ? `/admin/real-estates/add?locationId=${filterLocation.id}` : "/admin/real-estates/add";

  function onDragMove(id: string, toIndex: number) {
    const moved = items.find((i) => i.id === id);
    const target = items[toIndex];
    if (!moved || !target || target.location_id !== moved.location_id) {
      // Order is kept per location (SPEC §4): a property cannot be dropped among another location's.
      setDragError(ADMIN.orderSaveFailed);
      setListKey((k) => k + 1);
      return;
    }
    setDragError(null);
    reorder.submit({ intent: "move-to", id, position: String(target.order) }, { method: "post" });
  }

  return (
    <main className="grid gap-6 p-4 md:p-8">
      <PageHeader title={filterLocation ? `${ADMIN.properties.title}: ${filterLocation.name}` : ADMIN.properties.title}>
        <Link to={addHref} className={buttonClass.primary}>
          {ADMIN.properties.add}
        </Link>
      </PageHeader>
      <Form
        method="get"
        role="search"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
      >
        <Label text={ADMIN.properties.search}>
          <input type="search" name="search" defaultValue={search} maxLength={MAX_SEARCH} className={inputClass} key={search} />
        </Label>
        {filterLocation ? (
          <>
            <input type="hidden" name="locationId" value={filterLocation.id} />
            <p className="text-sm text-slate-700">{ADMIN.properties.filteredBy(filterLocation.name)}</p>
          </>
        ) : (
          <Label text={ADMIN.properties.location}>
            <LocationSelect name="locationId" defaultValue="" locations={locations} emptyLabel={ADMIN.properties.allLocations} className={inputClass} />
          </Label>
        )}
        <Label text={ADMIN.properties.statusFilter}>
          <select name="status" defaultValue={status ?? ""} className={inputClass} key={status ?? ""}>
            <option value="">{ADMIN.properties.allStatuses}</option>
            <Options labels={ADMIN.properties.statuses} order={PROPERTY_STATUSES} />
          </select>
        </Label>
        <Button type="submit" variant="primary">
          {ADMIN.properties.searchSubmit}
        </Button>
      </Form>
      <ErrorBanner message={dragError ?? (result && !result.ok ? result.message : reorder.data && !reorder.data.ok ? reorder.data.message : null)} />
      <Notice message={result && result.ok ? result.message : savedNotice} />
      {/* On the whole list only: a search or filter shows its results first. */}
      {filtered ? null : <FeaturedPanel featured={featured} />}
      <p className="text-sm text-slate-600" aria-live="polite">
        {ADMIN.properties.found(total)}
      </p>
      {items.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">{ADMIN.properties.empty}</h2>
          {filtered ? (
            <Link to="/admin/real-estates" className={`${buttonClass.secondary} mt-4`}>
              {ADMIN.properties.clearFilters}
            </Link>
          ) : null}
        </div>
      ) : (
        <SortableList
          key={listKey}
          items={items}
          label={(p) => p.title}
          disabled={busy}
          className="grid gap-3"
          onMove={(id, toIndex) => onDragMove(id, toIndex)}
          render={(p, _index, { handle }) => <PropertyRow property={p} handle={handle} busy={busy} />}
        />
      )}
      {pageCount > 1 ? (
        <nav aria-label={ADMIN.properties.pageOf(page, pageCount)} className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className={buttonClass.secondary}>
              {ADMIN.properties.prev}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-700">{ADMIN.properties.pageOf(page, pageCount)}</p>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className={buttonClass.secondary}>
              {ADMIN.properties.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : (
        <p className="text-center text-sm text-slate-600">{ADMIN.properties.pageOf(page, pageCount)}</p>
      )}
    </main>
  );
}

/** Which properties marked «Показывать на главной» the home page shows, and which it does not (its row has HOME_ROW_SIZE places). */
function FeaturedPanel({ featured }: { featured: FeaturedOnHome }) {
  const T = ADMIN.properties;
  const edit = (p: { id: string; title: string }) => (
    <Link to={`/admin/real-estates/edit/${p.id}`} className="font-medium text-sea-700 underline-offset-2 hover:underline">
      {p.title}
    </Link>
  );
  return (
    <section
      aria-labelledby="featured-title"
      className="grid gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
      data-testid="featured-panel"
    >
      <h2 id="featured-title" className="font-semibold text-slate-900">
        {T.featuredTitle}
      </h2>
      {featured.shown.length === 0 ? (
        <p className="text-slate-700">{T.featuredNone(HOME_ROW_SIZE)}</p>
      ) : (
        <div className="text-slate-700">
          <p>{T.featuredShown(featured.shown.length, HOME_ROW_SIZE)}</p>
          <ol className="mt-1 list-decimal pl-5">
            {featured.shown.map((p) => (
              <li key={p.id} className="wrap-break-word">
                {edit(p)}
              </li>
            ))}
          </ol>
        </div>
      )}
      {featured.hiddenCount > 0 ? (
        <div className="text-amber-900">
          <p className="font-medium">{T.featuredHidden(featured.hiddenCount)}</p>
          <ul className="mt-1 list-disc pl-5">
            {featured.hidden.map((p) => (
              <li key={p.id} className="wrap-break-word">
                {edit(p)} — {p.sold ? T.featuredSold : T.featuredNoPlace(HOME_ROW_SIZE)}
              </li>
            ))}
          </ul>
          {featured.hiddenCount > featured.hidden.length ? <p className="mt-1">{T.featuredMore(featured.hiddenCount - featured.hidden.length)}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

function PropertyRow({ property: p, handle, busy }: { property: Row; handle: React.ReactNode; busy: boolean }) {
  return (
    // Below lg the actions go under the picture and the title, which wraps (never cut).
    <article aria-label={p.title} className="grid gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:flex lg:items-center">
      <div className="flex min-w-0 items-center gap-3 lg:flex-1">
        {handle}
        <FallbackImage image={p.cover} alt="" width={96} height={72} className="h-12 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-18 sm:w-24" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold wrap-break-word">{p.title}</h2>
          <p className="text-sm text-slate-600">
            {p.location_name} · {p.price === null ? ADMIN.properties.onRequest : formatPrice(p.price, "ru")} · {ADMIN.properties.types[p.property_type]}
            {p.reference ? ` · ${p.reference}` : null}
          </p>
        </div>
      </div>
      <StatusButtons property={p} busy={busy} />
      <div className="flex flex-wrap items-center gap-2 lg:shrink-0">
        <MoveButtons id={p.id} subject={p.title} first={p.order === 0} last={p.order >= p.location_count - 1} disabled={busy} />
        <Link to={`/admin/real-estates/edit/${p.id}`} className={buttonClass.secondary} aria-label={`${ADMIN.edit}: ${p.title}`}>
          {ADMIN.edit}
        </Link>
        <RowActionForm id={p.id} intent="delete" label={ADMIN.delete} subject={p.title} confirm={PROPERTY_MESSAGES.deleteConfirm} variant="danger" />
      </div>
    </article>
  );
}

/** The property's status as three buttons: the current one pressed, another one click away (works without JavaScript). */
function StatusButtons({ property: p, busy }: { property: Row; busy: boolean }) {
  return (
    <Form method="post" role="group" aria-label={ADMIN.properties.setStatus(p.title)} className="flex flex-wrap gap-1 lg:shrink-0">
      <input type="hidden" name="id" value={p.id} />
      <input type="hidden" name="intent" value="status" />
      {PROPERTY_STATUSES.map((s) => (
        <button
          key={s}
          type="submit"
          name="status"
          value={s}
          aria-pressed={p.status === s}
          disabled={busy}
          className={`min-h-11 rounded-lg px-3 text-sm font-medium ring-1 ${
            p.status === s ? STATUS_PRESSED[s] : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
          } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:opacity-60`}
        >
          {ADMIN.properties.statuses[s]}
        </button>
      ))}
    </Form>
  );
}

const STATUS_PRESSED: Record<PropertyStatus, string> = {
  available: "bg-emerald-700 text-white ring-emerald-700",
  reserved: "bg-amber-700 text-white ring-amber-700",
  sold: "bg-slate-700 text-white ring-slate-700",
};
