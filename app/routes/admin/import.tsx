import { data, Form, useActionData, useNavigation } from "react-router";
import { buttonClass, ErrorBanner, Notice, PageHeader } from "~/components/admin/ui";
import { SubmitButton } from "~/components/submit-button";
import { ADMIN } from "~/i18n/admin";
import { CsvError, parseCsv } from "~/lib/csv";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, planImport, type ImportPlan } from "~/models/property-import.server";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/import";

/**
 * /admin/import (issue 23 item 7, the first step): upload a CSV in the
 * export's columns and see, row by row, what importing it would do — create,
 * update by reference, nothing, or why not — in Russian. Nothing is written.
 */

type ImportResult = { ok: false; error: string } | { ok: true; plan: ImportPlan };

const T = ADMIN.import;

export async function action({ request }: Route.ActionArgs) {
  const refuse = (error: string) => data<ImportResult>({ ok: false, error }, { status: 400 });
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse(T.noFile);
  if (file.size > MAX_IMPORT_BYTES) return refuse(T.tooBig);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refuse(T.notUtf8);
  }
  try {
    const plan = await planImport(parseCsv(text, MAX_IMPORT_ROWS), getEnv().publicUrl);
    return data<ImportResult>({ ok: true, plan }, { status: plan.fileErrors.length > 0 ? 400 : 200 });
  } catch (error) {
    if (error instanceof CsvError) return refuse(T.broken(error.line, T.reasons[error.problem]));
    throw error;
  }
}

export function meta() {
  return [{ title: `${T.title} — ${ADMIN.title}` }];
}

export default function Import() {
  const result = useActionData<typeof action>();
  const checking = useNavigation().state === "submitting";
  const plan = result?.ok ? result.plan : null;
  return (
    <main className="grid max-w-5xl gap-6 p-4 md:p-8">
      <PageHeader title={T.title} />
      <Form method="post" encType="multipart/form-data" className="grid min-w-0 gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">{T.intro}</p>
        <ErrorBanner message={result && !result.ok ? result.error : plan?.fileErrors.join(". ")} />
        <label className="grid min-w-0 gap-1 text-sm font-medium text-slate-800">
          {T.file}
          <input type="file" name="file" accept=".csv,text/csv" required className="min-h-11 w-full min-w-0 text-base" data-testid="import-file" />
        </label>
        <div>
          <SubmitButton busy={checking} label={T.check} busyLabel={T.checking} className={buttonClass.primary} />
        </div>
      </Form>
      {plan && plan.fileErrors.length === 0 ? (
        <section className="grid min-w-0 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.title}>
          <Notice message={`${T.summary(plan.counts)}. ${T.nothingSaved}`} />
          {plan.ignoredColumns.length > 0 ? <p className="text-sm text-slate-600">{T.ignored(plan.ignoredColumns)}</p> : null}
          <ol className="divide-y divide-slate-100" data-testid="import-rows">
            {plan.rows.map((row) => (
              <li key={row.line} className="grid gap-1 py-2 sm:grid-cols-[5rem_8rem_1fr_10rem] sm:gap-3">
                <span className="text-sm text-slate-600">
                  {T.columns.line} {row.line}
                </span>
                <span className="text-sm break-words">{row.reference ?? "—"}</span>
                <span className="min-w-0 break-words">
                  {row.title || "—"}
                  {row.errors.length > 0 ? (
                    <ul className="mt-1 list-disc pl-5 text-sm text-red-700">
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  ) : null}
                </span>
                <span className={`text-sm font-medium ${row.action === "error" ? "text-red-700" : "text-slate-800"}`}>{T.actions[row.action]}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </main>
  );
}
