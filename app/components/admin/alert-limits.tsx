import { Link } from "react-router";
import { formatDateTime } from "~/i18n/format";

/**
 * The dashboard's block on saved-search alert limits (issue 30): shown only
 * when, in the last day, a confirmation mail was refused — by the per-address
 * limit (someone entering a stranger's address again and again) or by the
 * site's hourly cap (ALERTS_CONFIRM_HOURLY_MAX), when real subscribers get
 * no confirmation either.
 */
export interface AlertLimitRefusals {
  recipient: { count: number; last: string | null };
  site: { count: number; last: string | null };
}

const T = {
  title: "Ограничение писем подписки",
  site: (n: number, last: string) =>
    `Достигнут часовой предел писем подтверждения (ALERTS_CONFIRM_HOURLY_MAX): подписок не сохранено за сутки — ${n}, последняя ${last}.`,
  recipient: (n: number, last: string) => `Письма подтверждения на один адрес ограничены (не больше 3 в сутки): отказов за сутки — ${n}, последний ${last}.`,
  link: "Подписки",
};

export function AlertLimits({ refusals }: { refusals: AlertLimitRefusals }) {
  if (refusals.site.count === 0 && refusals.recipient.count === 0) return null;
  return (
    <section
      aria-labelledby="alert-limits"
      data-testid="alert-limits"
      className={`min-w-0 rounded-2xl p-5 ring-1 ${refusals.site.count > 0 ? "bg-red-50 ring-red-200" : "bg-amber-50 ring-amber-200"}`}
    >
      <h2 id="alert-limits" className="font-semibold text-slate-900">
        {T.title}
      </h2>
      {refusals.site.count > 0 && refusals.site.last ? (
        <p className="mt-2 text-sm text-red-900">{T.site(refusals.site.count, formatDateTime(refusals.site.last))}</p>
      ) : null}
      {refusals.recipient.count > 0 && refusals.recipient.last ? (
        <p className="mt-2 text-sm text-amber-900">{T.recipient(refusals.recipient.count, formatDateTime(refusals.recipient.last))}</p>
      ) : null}
      <Link to="/admin/alerts" className="mt-2 inline-flex min-h-11 items-center text-sm text-sea-700 underline">
        {T.link}
      </Link>
    </section>
  );
}
