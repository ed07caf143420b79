import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import { buttonClass, inputClass, PageHeader } from "~/components/admin/ui";
import { ADMIN } from "~/i18n/admin";
import { formatDateTime, formatPrice } from "~/i18n/format";
import { latestProperties } from "~/models/admin-lists.server";
import { countContactSubmissions, listContactSubmissions } from "~/models/contact-submissions.server";
import { countLocations } from "~/models/locations.server";
import { countProperties } from "~/models/real-estates.server";
import { feedCounts, locationsWithoutRegion, type LocationWithoutRegion } from "~/models/feeds.server";
import { photoTrashStatus } from "~/models/image-trash.server";
import { PhotoTrashNotice } from "~/components/admin/photo-trash-notice";
import { getEnv } from "~/platform/env.server";
import { CSV_EXPORT_PATH, feedUrl } from "~/web/feeds/feed-http.server";
import { AlertLimits } from "~/components/admin/alert-limits";
import { alertLimitRefusals } from "~/models/alerts.server";

/** SPEC §9: the dashboard shows the 5 latest of each. */
const LATEST = 5;

export async function loader() {
  const env = getEnv();
  const [locations, properties, submissions, recentProperties, recentSubmissions, inFeeds, missingRegion] = await Promise.all([
    countLocations(),
    countProperties(),
    countContactSubmissions(),
    latestProperties(LATEST),
    listContactSubmissions({ limit: LATEST }),
    feedCounts(),
    env.FEEDS_TOKEN ? locationsWithoutRegion() : ([] as LocationWithoutRegion[]),
  ]);
  // Issue 30: when the alert confirmation limits refused mail in the last day.
  const alertLimits = await alertLimitRefusals();
  return {
    alertLimits,
    feeds: {
      homesoverseas: feedUrl(env, "homesoverseas.xml"),
      kyero: feedUrl(env, "kyero.xml"),
      // The agent's own export: this session opens it (no token), feeds on or off.
      csv: CSV_EXPORT_PATH,
      ...inFeeds,
      missingRegion,
    },
    counts: { locations, properties, submissions: submissions.total, unread: submissions.unread },
    recentProperties,
    recentSubmissions: recentSubmissions.map((s) => ({ id: s.id, name: s.name, created_at: s.created_at, isread: s.isread })),
    // Decision 0031: removed photos and the orphan sweep's safety valve.
    photoTrash: await photoTrashStatus(),
  };
}

export function meta() {
  return [{ title: `${ADMIN.dashboard.title} — ${ADMIN.title}` }];
}

// min-w-0: a long title truncates instead of widening the grid at 360 px
const card = "min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** One of the dashboard's counts (its label as children), a link to its list. */
function CountCard({ to, count, testId, children }: { to: string; count: number; testId: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${card} hover:ring-sea-400`}>
      {children}
      <p className="mt-1 text-3xl font-semibold" data-testid={testId}>
        {count}
      </p>
    </Link>
  );
}

/** One of the dashboard's lists of the latest (SPEC §9), its items as children. */
function Latest({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {empty ? <p className="mt-3 text-sm text-slate-600">{ADMIN.dashboard.none}</p> : null}
      <ul className="mt-3 divide-y divide-slate-100">{children}</ul>
    </section>
  );
}

/** The locations homesoverseas.ru's feed leaves out for want of a region id, each a link to its form (issue 30). */
function MissingRegions({ locations, total }: { locations: LocationWithoutRegion[]; total: number }) {
  const F = ADMIN.feeds;
  if (locations.length === 0) return null;
  return (
    <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="feeds-missing-region">
      <p>{F.missingRegion(total)}</p>
      <ul className="mt-1">
        {locations.map((location) => (
          <li key={location.id} className="flex flex-wrap items-center gap-x-2">
            <Link
              to={`/admin/locations/edit/${location.id}`}
              className="inline-flex min-h-11 items-center font-medium break-words text-sea-700 underline"
              aria-label={F.missingRegionEdit(location.name)}
            >
              {location.name}
            </Link>
            <span className="text-amber-800">{F.missingRegionCount(location.properties)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The ready-to-paste feed addresses and the CSV download (issue 23), or how to turn the feeds on. */
function Feeds({ feeds }: { feeds: Awaited<ReturnType<typeof loader>>["feeds"] }) {
  const F = ADMIN.feeds;
  const address = (label: string, url: string, testId: string) => (
    <div className="grid gap-1">
      <label htmlFor={testId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={testId} data-testid={testId} readOnly value={url} className={`${inputClass} font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
    </div>
  );
  return (
    <section aria-labelledby="feeds" className={card}>
      <h2 id="feeds" className="text-lg font-semibold">
        {F.title}
      </h2>
      {feeds.homesoverseas && feeds.kyero ? (
        <div className="mt-3 grid gap-4">
          <p className="text-sm text-slate-600">
            {F.intro} {F.secret}
          </p>
          <p className="text-sm text-slate-800" data-testid="feeds-published">
            {F.published(feeds.published)}
          </p>
          <MissingRegions locations={feeds.missingRegion} total={feeds.withoutRegion} />
          {address(F.homesoverseas, feeds.homesoverseas, "feed-homesoverseas")}
          {address(F.kyero, feeds.kyero, "feed-kyero")}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600" data-testid="feeds-off">
          {F.off}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium text-slate-800">{F.csv}</span>
        <a href={feeds.csv} download="listings.csv" className={buttonClass.secondary} data-testid="feed-csv">
          {F.download}
        </a>
        <p className="w-full text-xs text-slate-600">{F.csvAdmin}</p>
      </div>
      <Link to="/admin/import" className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-sea-700 underline">
        {F.importLink}
      </Link>
    </section>
  );
}

export default function Dashboard() {
  const { counts, recentProperties, recentSubmissions, feeds, photoTrash, alertLimits } = useLoaderData<typeof loader>();
  return (
    <main className="grid gap-6 p-4 md:p-8">
      <PageHeader title={ADMIN.dashboard.title}>
        <Link to="/admin/agent" className={buttonClass.secondary}>
          {ADMIN.agent.link}
        </Link>
        <Link to="/admin/locations/add" className={buttonClass.secondary}>
          {ADMIN.dashboard.addLocation}
        </Link>
        <Link to="/admin/real-estates/add" className={buttonClass.primary}>
          {ADMIN.dashboard.addProperty}
        </Link>
      </PageHeader>
      <section aria-label={ADMIN.dashboard.title} className="grid gap-4 sm:grid-cols-3">
        <CountCard to="/admin/locations" count={counts.locations} testId="count-locations">
          <p className="text-sm text-slate-600">{ADMIN.dashboard.locations}</p>
        </CountCard>
        <CountCard to="/admin/real-estates" count={counts.properties} testId="count-properties">
          <p className="text-sm text-slate-600">{ADMIN.dashboard.properties}</p>
        </CountCard>
        <CountCard to="/admin/contact-submissions" count={counts.submissions} testId="count-submissions">
          <p className="flex items-center justify-between text-sm text-slate-600">
            {ADMIN.dashboard.submissions}
            {counts.unread > 0 ? (
              <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">{ADMIN.dashboard.newBadge(counts.unread)}</span>
            ) : null}
          </p>
        </CountCard>
      </section>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Latest id="latest-properties" title={ADMIN.dashboard.latestProperties} empty={recentProperties.length === 0}>
          {recentProperties.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{p.title}</p>
                <p className="text-sm text-slate-600">
                  {p.location_name} · {p.price === null ? ADMIN.properties.onRequest : formatPrice(p.price, "ru")}
                  {p.status === "available" ? null : ` · ${ADMIN.properties.statuses[p.status]}`}
                  {p.reference ? ` · ${p.reference}` : null}
                </p>
              </div>
              <Link
                to={`/admin/real-estates/edit/${p.id}`}
                className="inline-flex min-h-11 shrink-0 items-center px-2 text-sm font-medium text-sea-700 underline"
                aria-label={`${ADMIN.edit}: ${p.title}`}
              >
                {ADMIN.edit}
              </Link>
            </li>
          ))}
        </Latest>
        <Latest id="latest-submissions" title={ADMIN.dashboard.latestSubmissions} empty={recentSubmissions.length === 0}>
          {recentSubmissions.map((s) => (
            <li key={s.id}>
              <Link to={`/admin/contact-submissions?view=${s.id}`} className="flex min-h-11 items-center justify-between gap-3 py-2 hover:bg-slate-50">
                <span className="min-w-0 truncate font-medium">{s.name}</span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
                  {s.isread ? null : (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{ADMIN.dashboard.newMarker}</span>
                  )}
                  {formatDateTime(s.created_at)}
                </span>
              </Link>
            </li>
          ))}
        </Latest>
      </div>
      <Feeds feeds={feeds} />
      <PhotoTrashNotice {...photoTrash} />
      <AlertLimits refusals={alertLimits} />
    </main>
  );
}
