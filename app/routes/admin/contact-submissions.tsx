import { useEffect, useRef } from "react";
import { Link, useLoaderData, useNavigate, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { EmailText } from "~/components/admin/email-text";
import { RowActionForm } from "~/components/admin/row-actions";
import { Button, buttonClass, ErrorBanner, PageHeader } from "~/components/admin/ui";
import { useActionResult } from "~/components/admin/use-action-result";
import { keepFocusInside } from "~/components/keep-focus-inside";
import { ADMIN } from "~/i18n/admin";
import { formatDateTime } from "~/i18n/format";
import { complexPathIn, localizePath } from "~/i18n/lang";
import { encodePath } from "~/lib/seo";
import { inboxItem, listInbox } from "~/models/admin-lists.server";
import { deleteContactSubmission, markContactSubmissionRead } from "~/models/contact-submissions.server";
import { listAction, outcome } from "~/web/admin-action.server";
import type { Route } from "./+types/contact-submissions";

/**
 * /admin/contact-submissions (SPEC §2, §4): all or unread, newest first; view
 * (opening marks it read), mark read, delete after confirmation. New requests
 * appear at the top by themselves (the layout's live updates reload the data).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  // The dialog is the page with ?view={id}: opening it marks the request read
  // (SPEC §4; idempotent, so a reload or the e-mail's link changes nothing more).
  const viewId = url.searchParams.get("view");
  const viewed = viewId ? await markContactSubmissionRead(viewId) : null;
  const [list, detail] = await Promise.all([listInbox({ unreadOnly, page: Number.isFinite(page) ? page : 1 }), viewed ? inboxItem(viewed.id) : null]);
  return { unreadOnly, ...list, detail };
}

export async function action({ request }: Route.ActionArgs) {
  return listAction(request, {
    read: async (id) => outcome(await markContactSubmissionRead(id)),
    delete: async (id) => outcome(await deleteContactSubmission(id)),
  });
}

export function meta() {
  return [{ title: `${ADMIN.submissions.title} — ${ADMIN.title}` }];
}

type Row = Awaited<ReturnType<typeof loader>>["items"][number];

function propertyHref(row: Pick<Row, "location_slug" | "property_slug">): string | null {
  return row.location_slug && row.property_slug ? encodePath(localizePath("ru", `/${row.location_slug}/${row.property_slug}`)) : null;
}

/** Issue 33: the page of the complex a request was sent about. */
function complexHref(row: Pick<Row, "complex_slug" | "complex_location_slug">): string | null {
  return row.complex_slug && row.complex_location_slug
    ? encodePath(localizePath("ru", complexPathIn("ru", { slug: row.complex_slug }, { slug: row.complex_location_slug })))
    : null;
}

/** A shortlist's properties as links to their pages (issue 22); a deleted one by its id, marked. */
function ShortlistLinks({ links }: { links: Row["shortlist"] }) {
  const S = ADMIN.submissions;
  return (
    <ol className="list-inside list-decimal">
      {links.map((link) => {
        const href = propertyHref(link);
        return (
          <li key={link.id}>
            {href && link.title ? (
              <a href={href} target="_blank" rel="noreferrer" className="underline">
                {link.title}
              </a>
            ) : (
              <span className="text-slate-600">
                {link.id.slice(0, 8)} ({S.shortlistGone})
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

export default function ContactSubmissions() {
  const { unreadOnly, items, page, pageCount, detail } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const S = ADMIN.submissions;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return `/admin/contact-submissions${query ? `?${query}` : ""}`;
  };

  return (
    <main className="grid gap-6 p-4 md:p-8">
      <PageHeader title={S.title}>
        <Link to="/admin/personal-data" className={buttonClass.secondary}>
          {ADMIN.personalData.link}
        </Link>
      </PageHeader>
      <nav aria-label={S.filter} className="flex flex-wrap gap-2">
        <Link
          to={withParams({ filter: null, page: null, view: null })}
          aria-current={unreadOnly ? undefined : "page"}
          className={unreadOnly ? buttonClass.secondary : buttonClass.primary}
        >
          {S.all}
        </Link>
        <Link
          to={withParams({ filter: "unread", page: null, view: null })}
          aria-current={unreadOnly ? "page" : undefined}
          className={unreadOnly ? buttonClass.primary : buttonClass.secondary}
        >
          {S.unread}
        </Link>
      </nav>
      <ErrorBanner message={result && !result.ok ? result.message : null} />
      {items.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">{unreadOnly ? S.emptyUnread : S.empty}</p>
      ) : (
        <DataTable
          rows={items}
          rowKey={(row) => row.id}
          highlight={(row) => !row.isread}
          columns={[
            {
              header: S.status,
              label: false,
              cell: (row) =>
                row.isread ? (
                  <span className="text-slate-600">{S.statusRead}</span>
                ) : (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{S.statusNew}</span>
                ),
            },
            { header: S.name, className: "wrap-break-word", cell: (row) => row.name },
            {
              header: S.email,
              className: "wrap-break-word",
              cell: (row) => (
                <a href={`mailto:${row.email}`} className="underline">
                  <EmailText email={row.email} />
                </a>
              ),
            },
            {
              header: S.message,
              className: "xl:min-w-40",
              cell: (row) => (
                <p className="line-clamp-3 wrap-break-word xl:max-w-xs" title={row.message}>
                  {row.message}
                </p>
              ),
            },
            { header: S.date, className: "xl:whitespace-nowrap", cell: (row) => formatDateTime(row.created_at) },
            {
              header: S.property,
              className: "wrap-break-word",
              cell: (row) =>
                row.property_title ? (
                  <a href={propertyHref(row) ?? undefined} target="_blank" rel="noreferrer" className="underline">
                    {row.property_title}
                  </a>
                ) : row.complex_name ? (
                  <a href={complexHref(row) ?? undefined} target="_blank" rel="noreferrer" className="underline">
                    {S.complex} «{row.complex_name}»
                  </a>
                ) : row.shortlist.length > 0 ? (
                  <ShortlistLinks links={row.shortlist} />
                ) : (
                  "—"
                ),
            },
            {
              header: S.actions,
              label: false,
              cell: (row) => (
                // The buttons may wrap at table width too: the whole-word e-mail column is wider than a mid-word one was,
                // and the table's frame clips what does not fit.
                <div className="flex flex-wrap gap-2 xl:gap-1">
                  <Link to={withParams({ view: row.id })} className={buttonClass.secondary} aria-label={`${S.view}: ${row.name}`}>
                    {S.view}
                  </Link>
                  {row.isread ? null : <RowActionForm id={row.id} intent="read" label={S.markRead} subject={row.name} />}
                  <RowActionForm id={row.id} intent="delete" label={ADMIN.delete} subject={row.name} confirm={S.deleteConfirm} variant="danger" />
                </div>
              ),
            },
          ]}
        />
      )}
      {pageCount > 1 ? (
        <nav aria-label={ADMIN.properties.pageOf(page, pageCount)} className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={withParams({ page: String(page - 1), view: null })} className={buttonClass.secondary}>
              {ADMIN.properties.prev}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm">{ADMIN.properties.pageOf(page, pageCount)}</p>
          {page < pageCount ? (
            <Link to={withParams({ page: String(page + 1), view: null })} className={buttonClass.secondary}>
              {ADMIN.properties.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      {detail ? <DetailDialog detail={detail} closeHref={withParams({ view: null })} /> : null}
    </main>
  );
}

function DetailDialog({ detail, closeHref }: { detail: NonNullable<Awaited<ReturnType<typeof loader>>["detail"]>; closeHref: string }) {
  const S = ADMIN.submissions;
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const node = dialog.current;
    if (!node || node.matches(":modal")) return;
    // Rendered open by the server (it works without JavaScript); made modal here
    // so focus is trapped and Escape closes it.
    node.removeAttribute("open");
    node.showModal();
  }, [detail.id]);
  const href = propertyHref(detail);
  const reply = `mailto:${detail.email}?subject=${encodeURIComponent(S.replySubject)}`;
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="submission-title"
      onClose={() => navigate(closeHref, { preventScrollReset: true, replace: true })}
      onKeyDown={keepFocusInside}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl p-4 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id="submission-title" className="text-lg font-semibold">
        {S.detailTitle}: {detail.name}
      </h2>
      <dl className="mt-4 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm wrap-break-word">
        <dt className="text-slate-600">{S.name}</dt>
        <dd>{detail.name}</dd>
        <dt className="text-slate-600">{S.email}</dt>
        <dd>
          <EmailText email={detail.email} />
        </dd>
        <dt className="text-slate-600">{S.phone}</dt>
        <dd>{detail.phone.trim() ? detail.phone : S.noPhone}</dd>
        <dt className="text-slate-600">{S.date}</dt>
        <dd>{formatDateTime(detail.created_at)}</dd>
        {detail.property_title ? (
          <>
            <dt className="text-slate-600">{S.property}</dt>
            <dd>
              {href ? (
                <a href={href} target="_blank" rel="noreferrer" className="underline">
                  {detail.property_title}
                </a>
              ) : (
                detail.property_title
              )}
            </dd>
          </>
        ) : null}
        {detail.complex_name ? (
          <>
            <dt className="text-slate-600">{S.complex}</dt>
            <dd>
              <a href={complexHref(detail) ?? undefined} target="_blank" rel="noreferrer" className="underline">
                {detail.complex_name}
              </a>
            </dd>
          </>
        ) : null}
        {detail.shortlist.length > 0 ? (
          <>
            <dt className="text-slate-600">{S.shortlist}</dt>
            <dd>
              <ShortlistLinks links={detail.shortlist} />
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">{S.message}</dt>
        <dd className="whitespace-pre-wrap break-words">{detail.message}</dd>
        <dt className="text-slate-600">{S.consent}</dt>
        <dd>{detail.consent_version && detail.consent_at ? S.consentGiven(detail.consent_version, formatDateTime(detail.consent_at)) : S.consentNone}</dd>
      </dl>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <a href={reply} className={buttonClass.primary}>
          {S.reply}
        </a>
        <form method="dialog">
          <Button type="submit">{S.close}</Button>
        </form>
      </div>
    </dialog>
  );
}
