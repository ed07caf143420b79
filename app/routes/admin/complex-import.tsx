import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass, ErrorBanner, Notice, PageHeader } from "~/components/admin/ui";
import { useLastAnswer } from "~/components/admin/use-action-result";
import { uploadedText } from "~/web/uploaded-text.server";
import { SubmitButton } from "~/components/submit-button";
import { ADMIN } from "~/i18n/admin";
import { CsvError, parseCsv } from "~/lib/csv";
import {
  importComplexes,
  MAX_COMPLEX_IMPORT_BYTES,
  MAX_COMPLEX_IMPORT_ROWS,
  planComplexImport,
  type ComplexImportPlan,
  type ComplexImportReport,
  type ComplexImportRow,
} from "~/models/complex-import.server";
import { checkedFile, keepCheckedFile } from "~/models/property-import.server";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/complex-import";

/**
 * /admin/complexes/import (issue 33): a CSV of complexes in the export's
 * columns is checked first — every row against the complex schema, its
 * errors in Russian, nothing written — and kept on the server under its
 * hash (the property import's store); «Импортировать» then writes exactly
 * the checked file. Plain forms: it works without JavaScript.
 */

type Result =
  { ok: false; error: string } | { ok: true; step: "check"; plan: ComplexImportPlan; file: string } | { ok: true; step: "import"; report: ComplexImportReport };

const T = ADMIN.complexes.import;

export async function action({ request }: Route.ActionArgs) {
  const refuse = (error: string) => data<Result>({ ok: false, error }, { status: 400 });
  const form = await request.formData();
  const origin = getEnv().publicUrl;
  if (form.get("intent") === "import") {
    // The rows come from the file kept on the server; the page sends only its key.
    const key = form.get("file");
    const text = checkedFile(key);
    if (text === null) return refuse(T.expired);
    const report = await importComplexes(parseCsv(text, MAX_COMPLEX_IMPORT_ROWS), origin);
    return data<Result>({ ok: true, step: "import", report }, { status: report.fileErrors.length > 0 ? 400 : 200 });
  }
  const file = form.get("file");
  const upload = await uploadedText(file, MAX_COMPLEX_IMPORT_BYTES, T);
  if ("refused" in upload) return refuse(upload.refused);
  const { text } = upload;
  try {
    const plan = await planComplexImport(parseCsv(text, MAX_COMPLEX_IMPORT_ROWS), origin);
    return data<Result>({ ok: true, step: "check", plan, file: await keepCheckedFile(text) }, { status: plan.fileErrors.length > 0 ? 400 : 200 });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.problem === "tooManyColumns") return refuse(T.tooManyColumns);
    const reason = error.problem === "tooManyRows" ? T.tooManyRows : ADMIN.import.reasons[error.problem];
    return refuse(ADMIN.import.broken(error.line, reason));
  }
}

export function meta() {
  return [{ title: `${T.title} — ${ADMIN.title}` }];
}

export default function ComplexImport() {
  const answer = useActionData<typeof action>();
  const result = useLastAnswer(answer);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const importing = busy && navigation.formData?.get("intent") === "import";
  const plan = result?.ok && result.step === "check" ? result.plan : null;
  const file = result?.ok && result.step === "check" ? result.file : "";
  const report = result?.ok && result.step === "import" ? result.report : null;
  return (
    <main className="grid max-w-5xl gap-6 p-4 md:p-8">
      <PageHeader title={T.title}>
        <Link to="/admin/complexes" className={buttonClass.secondary}>
          {T.back}
        </Link>
      </PageHeader>
      <Form method="post" encType="multipart/form-data" className="grid min-w-0 gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">{T.intro}</p>
        <ErrorBanner message={result && !result.ok ? result.error : (plan?.fileErrors.join(". ") ?? report?.fileErrors.join(". "))} />
        <label className="grid min-w-0 gap-1 text-sm font-medium text-slate-800">
          {T.file}
          <input type="file" name="file" accept=".csv,text/csv" required className="min-h-11 w-full min-w-0 text-base" data-testid="complex-import-file" />
        </label>
        <div>
          <SubmitButton busy={busy && !importing} label={T.check} busyLabel={T.checking} className={buttonClass.primary} />
        </div>
      </Form>
      {plan && plan.fileErrors.length === 0 ? (
        <section className="grid min-w-0 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.rowsTitle}>
          <Notice message={`${T.summary(plan.counts)}. ${T.nothingSaved}`} />
          {plan.ignoredColumns.length > 0 ? <p className="text-sm break-words text-slate-600">{T.ignored(plan.ignoredColumns)}</p> : null}
          {plan.counts.create + plan.counts.update > 0 ? (
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="file" value={file} />
              <p className="text-sm text-slate-600">{T.runHint}</p>
              <div>
                <SubmitButton busy={importing} label={T.run} busyLabel={T.running} className={buttonClass.primary} />
              </div>
            </Form>
          ) : null}
          <h2 className="text-lg font-semibold">{T.rowsTitle}</h2>
          <Rows rows={plan.rows} label={(action) => T.actions[action]} failed={(action) => action === "error"} />
        </section>
      ) : null}
      {report && report.fileErrors.length === 0 ? (
        <section className="grid min-w-0 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.reportTitle}>
          <h2 className="text-lg font-semibold">{T.reportTitle}</h2>
          <Notice message={T.report(report.counts)} />
          <Rows rows={report.rows} label={(outcome) => T.outcomes[outcome]} failed={(outcome) => outcome === "failed"} />
        </section>
      ) : null}
    </main>
  );
}

function Rows<A extends string>({ rows, label, failed }: { rows: ComplexImportRow<A>[]; label: (action: A) => string; failed: (action: A) => boolean }) {
  return (
    <ol className="divide-y divide-slate-100" data-testid="complex-import-rows">
      {rows.map((row) => (
        <li key={row.row} className="grid gap-1 py-2 sm:grid-cols-[6rem_1fr_10rem] sm:gap-3">
          <span className="text-sm text-slate-600">
            {T.line} {row.row}
          </span>
          <span className="min-w-0 break-words">
            {row.name || "—"}
            {row.errors.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 text-sm text-red-700">
                {row.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : null}
          </span>
          <span className={`text-sm font-medium ${failed(row.action) ? "text-red-700" : "text-slate-800"}`}>{label(row.action)}</span>
        </li>
      ))}
    </ol>
  );
}
