import { PageHeader } from "~/components/admin/ui";
import { ADMIN } from "~/i18n/admin";
import { describeAlertFilters } from "~/i18n/alert-search";
import { alertQuery } from "~/lib/alerts";
import { alertSubscriptionCounts } from "~/models/alerts.server";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/alerts";

/**
 * /admin/alerts (issue 22, decision 0029): how many saved-search alerts each
 * location and filter has — confirmed (instant / daily) and still waiting for
 * confirmation. Read-only; the admin layout's guard signs the visitor in first.
 */
export async function loader() {
  const rows = await alertSubscriptionCounts();
  return {
    // Issue 30: the filters in words (as the confirmation mail says them), not the query string's ids.
    rows: rows.map((r) => ({ ...r, filters: describeAlertFilters(alertQuery(r.query).filter, "ru", r.complex) })),
    enabled: Boolean(getEnv().SMTP_URL),
  };
}

export function meta() {
  return [{ title: `${T.title} — ${ADMIN.title}` }];
}

const T = {
  title: "Подписки на новые объекты",
  off: "Письма не отправляются: не задан SMTP_URL. Подписки сохраняются и будут подтверждаться, когда почта заработает.",
  none: "Подписок пока нет.",
  all: "Все локации",
  noFilters: "без фильтров",
  confirmed: "подтверждено",
  instant: "сразу",
  daily: "раз в день",
  unconfirmed: "ждут подтверждения",
  open: "Открыть поиск",
};

export default function AlertsAdmin({ loaderData }: Route.ComponentProps) {
  const { rows, enabled } = loaderData;
  const total = rows.reduce((sum, r) => sum + r.confirmed, 0);
  return (
    <main className="grid gap-6 p-4 md:p-8">
      <PageHeader title={T.title} />
      {!enabled ? <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{T.off}</p> : null}
      {rows.length === 0 ? (
        <p className="text-slate-600">{T.none}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="alerts-total">
            {T.confirmed}: {total}
          </p>
          <ul className="grid gap-3" data-testid="alert-counts">
            {rows.map((r) => {
              return (
                <li key={`${r.location ?? ""}?${r.query}`} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <p className="font-semibold">{r.location ?? T.all}</p>
                  <p className="break-words text-sm text-slate-600">{r.filters || T.noFilters}</p>
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <span>
                      {T.confirmed}: <strong>{r.confirmed}</strong> ({T.instant} {r.instant}, {T.daily} {r.daily})
                    </span>
                    <span className="text-slate-600">
                      {T.unconfirmed}: {r.unconfirmed}
                    </span>
                  </p>
                  <a href={`/properties${r.query ? `?${r.query}` : ""}`} className="mt-2 inline-flex min-h-11 items-center text-sm text-sea-700 underline">
                    {T.open}
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}
