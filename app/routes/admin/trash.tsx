import { data, Form, useNavigation } from "react-router";
import { PageHeader, buttonClass } from "~/components/admin/ui";
import { ADMIN } from "~/i18n/admin";
import { formatDateTime } from "~/i18n/format";
import { ModelError } from "~/models/errors.server";
import { listTrashedImages, restoreTrashedImage } from "~/models/image-trash.server";
import { getEnv } from "~/platform/env.server";
import { refused, type FormResult } from "~/web/form-result";
import type { Route } from "./+types/trash";

/**
 * /admin/trash (decision 0031): the photos the release after an edit or the
 * orphan sweep removed, kept TRASH_RETENTION_DAYS, each with its thumbnail
 * (read through /admin/trash/file, never public), size, when and why it was
 * removed, and «Восстановить», which puts it back at its old address.
 */
const T = ADMIN.trash;

export async function loader() {
  const entries = await listTrashedImages();
  return {
    retentionDays: getEnv().TRASH_RETENTION_DAYS,
    entries: entries.map((e) => ({ trashKey: e.trashKey, key: e.key, size: e.size, removedAt: e.removedAt.toISOString(), reason: e.reason })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const key = await restoreTrashedImage(form.get("trashKey"));
    return data<FormResult>({ ok: true, message: T.restored(key) });
  } catch (error) {
    if (error instanceof ModelError) return data<FormResult>(refused(error.message), { status: error.kind === "not_found" ? 404 : 409 });
    throw error;
  }
}

export function meta() {
  return [{ title: `${T.title} — ${ADMIN.title}` }];
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} МБ` : `${Math.max(1, Math.round(bytes / 1024))} КБ`;
}

export default function TrashAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, retentionDays } = loaderData;
  const busy = useNavigation().formData?.get("trashKey");
  return (
    <main className="grid gap-4 p-4 md:p-8">
      <PageHeader title={T.title} />
      <p className="text-sm text-slate-600">{T.intro(retentionDays)}</p>
      {actionData?.message ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`rounded-lg px-4 py-3 text-sm break-words ${actionData.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
          data-testid="trash-result"
        >
          {actionData.message}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="text-slate-600">{T.empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="trash-list">
          {entries.map((e) => (
            <li key={e.trashKey} className="flex min-w-0 gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
              <img
                src={`/admin/trash/file?key=${encodeURIComponent(e.trashKey)}`}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                className="h-18 w-24 shrink-0 rounded-lg bg-slate-100 object-cover"
              />
              <div className="grid min-w-0 flex-1 gap-1 text-sm">
                <p className="font-mono text-xs break-all text-slate-800">{e.key}</p>
                <p className="text-slate-600">
                  {T.removedAt}: {formatDateTime(e.removedAt)} · {T.reasons[e.reason]}
                </p>
                <p className="text-slate-600">
                  {T.size}: {size(e.size)}
                </p>
                <Form method="post" className="mt-1">
                  <input type="hidden" name="trashKey" value={e.trashKey} />
                  <button type="submit" className={buttonClass.secondary} disabled={busy === e.trashKey}>
                    {busy === e.trashKey ? T.restoring : T.restore}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
