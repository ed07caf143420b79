import { useState } from "react";
import { Form, Link, redirect, useFetcher, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { SortableList } from "~/components/admin/sortable-list";
import { ArrowDownIcon, ArrowUpIcon, Button, buttonClass, ErrorBanner, inputClass, Notice, PageHeader } from "~/components/admin/ui";
import { useActionResult } from "~/components/admin/use-action-result";
import { PLACEHOLDER_IMAGE, placeholderIfBroken, showPlaceholder } from "~/components/image-fallback";
import { LocationSelect } from "~/components/location-select";
import { ADMIN } from "~/i18n/admin";
import { formatPrice } from "~/i18n/format";
import { imageVariant } from "~/lib/images";
import { ADMIN_PAGE_SIZE, searchAdminProperties } from "~/models/admin-lists.server";
import { getLocation, listLocations } from "~/models/locations.server";
import { deleteProperty, duplicateProperty, moveProperty, movePropertyTo } from "~/models/real-estates.server";
import { PROPERTY_MESSAGES } from "~/schemas/property";
import { isUuid } from "~/schemas/fields";
import { listAction, orderIntents, outcome } from "~/web/admin-action.server";
import type { Route } from "./+types/real-estates";

const MAX_SEARCH = 200;

export async function loader({ url }: Route.LoaderArgs) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const rawLocation = url.searchParams.get("locationId") ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const [locations, filterLocation] = await Promise.all([listLocations(), isUuid(rawLocation) ? getLocation(rawLocation) : null]);
  const result = await searchAdminProperties({
    search,
    locationId: filterLocation?.id ?? null,
    page: Number.isFinite(page) ? page : 1,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return {
    search,
    filterLocation: filterLocation ? { id: filterLocation.id, name: filterLocation.name } : null,
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
    ...result,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return listAction(request, {
    ...orderIntents({ by: moveProperty, to: movePropertyTo }),
    delete: async (id) => outcome(await deleteProperty(id)),
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

type Row = Awaited<ReturnType<typeof loader>>["items"][number];

export default function AdminProperties() {
  const { search, filterLocation, locations, items, total, page, pageCount } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const reorder = useFetcher<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [dragError, setDragError] = useState<string | null>(null);
  // Remounting the list puts a refused drop back where it came from.
  const [listKey, setListKey] = useState(0);
  const busy = navigation.state !== "idle" || reorder.state !== "idle";
  const filtered = search !== "" || filterLocation !== null;
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
      <Form method="get" role="search" className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[2fr_1fr_auto] md:items-end">
        <label className="text-sm font-medium text-slate-800">
          {ADMIN.properties.search}
          <input type="search" name="search" defaultValue={search} maxLength={MAX_SEARCH} className={inputClass} key={search} />
        </label>
        {filterLocation ? (
          <>
            <input type="hidden" name="locationId" value={filterLocation.id} />
            <p className="text-sm text-slate-700">{ADMIN.properties.filteredBy(filterLocation.name)}</p>
          </>
        ) : (
          <label className="text-sm font-medium text-slate-800">
            {ADMIN.properties.location}
            <LocationSelect name="locationId" defaultValue="" locations={locations} emptyLabel={ADMIN.properties.allLocations} className={inputClass} />
          </label>
        )}
        <Button type="submit" variant="primary">
          {ADMIN.properties.searchSubmit}
        </Button>
      </Form>
      <ErrorBanner message={dragError ?? (result && !result.ok ? result.error : reorder.data && !reorder.data.ok ? reorder.data.error : null)} />
      <Notice message={result && result.ok ? result.notice : null} />
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

function PropertyRow({ property: p, handle, busy }: { property: Row; handle: React.ReactNode; busy: boolean }) {
  return (
    // Below lg the actions go under the picture and the title, which wraps (never cut).
    <article aria-label={p.title} className="grid gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:flex lg:items-center">
      <div className="flex min-w-0 items-center gap-3 lg:flex-1">
        {handle}
        <img
          src={p.cover ? imageVariant(p.cover, 160) : PLACEHOLDER_IMAGE}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          ref={placeholderIfBroken}
          onError={showPlaceholder}
          className="h-12 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-18 sm:w-24"
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold wrap-break-word">{p.title}</h2>
          <p className="text-sm text-slate-600">
            {p.location_name} · {p.price === null ? ADMIN.properties.onRequest : formatPrice(p.price, "ru")} · {ADMIN.properties.types[p.property_type]}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 lg:shrink-0">
        <Form method="post" className="contents">
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="intent" value="move" />
          <button
            type="submit"
            name="direction"
            value="up"
            disabled={p.order === 0 || busy}
            className={buttonClass.icon}
            aria-label={`${ADMIN.moveUp}: ${p.title}`}
          >
            <ArrowUpIcon />
          </button>
          <button
            type="submit"
            name="direction"
            value="down"
            disabled={p.order >= p.location_count - 1 || busy}
            className={buttonClass.icon}
            aria-label={`${ADMIN.moveDown}: ${p.title}`}
          >
            <ArrowDownIcon />
          </button>
        </Form>
        <Link to={`/admin/real-estates/edit/${p.id}`} className={buttonClass.secondary} aria-label={`${ADMIN.edit}: ${p.title}`}>
          {ADMIN.edit}
        </Link>
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(PROPERTY_MESSAGES.deleteConfirm)) event.preventDefault();
          }}
        >
          <input type="hidden" name="id" value={p.id} />
          <Button type="submit" variant="danger" name="intent" value="delete" aria-label={`${ADMIN.delete}: ${p.title}`}>
            {ADMIN.delete}
          </Button>
        </Form>
      </div>
    </article>
  );
}
