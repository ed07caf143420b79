import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useFetcher, useNavigation } from "react-router";
import { buttonClass, ErrorBanner, inputClass, Notice, PageHeader } from "~/components/admin/ui";
import { useLastAnswer } from "~/components/admin/use-action-result";
import { uploadedText } from "~/web/uploaded-text.server";
import { SubmitButton } from "~/components/submit-button";
import { ADMIN } from "~/i18n/admin";
import { CsvError, parseCsv, type CsvTable } from "~/lib/csv";
import { suggestMapping } from "~/lib/import-columns";
import {
  applyMapping,
  checkedFile,
  IMPORT_FIELDS,
  importBatch,
  keepCheckedFile,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  planImport,
  type ImportBatchReport,
  type ImportOutcome,
  type ImportPlan,
  type ImportRowResult,
} from "~/models/property-import.server";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/import";

/**
 * /admin/import (issue 23 item 7): upload a CSV in the export's columns and
 * see, row by row, what importing it would do (nothing is written); then
 * import the checked file — kept on the server under its hash — one
 * transaction per batch. With JS the page posts batch after batch and shows a
 * progress bar; without JS one post imports everything (decision 0028).
 */

type Checked = { ok: true; step: "check"; plan: ImportPlan; file: string; columns: string[]; mapping: string[]; fields: readonly string[] };
type ImportResult = { ok: false; error: string } | Checked | { ok: true; step: "import"; report: ImportBatchReport };

const T = ADMIN.import;

export async function action({ request }: Route.ActionArgs) {
  const refuse = (error: string) => data<ImportResult>({ ok: false, error }, { status: 400 });
  const form = await request.formData();
  const origin = getEnv().publicUrl;
  const intent = form.get("intent");
  if (intent === "import" || intent === "remap") {
    // The rows always come from the file kept on the server; the page sends only its key and the columns' fields.
    const key = form.get("file");
    const text = checkedFile(key);
    if (text === null) return refuse(T.expired);
    const raw = parseCsv(text, MAX_IMPORT_ROWS);
    const mapping = form.getAll("map");
    const table = mapping.length > 0 ? applyMapping(raw, mapping) : raw;
    if (!table) return refuse(T.badMapping);
    if (intent === "remap") return checked(await planImport(table, origin), String(key), raw.header, table.header);
    const start = form.get("start");
    if (typeof start === "string" && /^\d{1,6}$/.test(start)) {
      return data<ImportResult>({ ok: true, step: "import", report: await importBatch(table, origin, Number(start)) });
    }
    return data<ImportResult>({ ok: true, step: "import", report: await importAll(table, origin) });
  }
  const file = form.get("file");
  const upload = await uploadedText(file, MAX_IMPORT_BYTES, T);
  if ("refused" in upload) return refuse(upload.refused);
  const { text } = upload;
  try {
    const raw = parseCsv(text, MAX_IMPORT_ROWS);
    // The export's own names map to themselves; other names by their common synonyms (the page lets the admin change it).
    const mapping = suggestMapping(raw.header, IMPORT_FIELDS);
    return checked(await planImport(applyMapping(raw, mapping)!, origin), await keepCheckedFile(text), raw.header, mapping);
  } catch (error) {
    if (error instanceof CsvError) return refuse(error.problem === "tooManyColumns" ? T.tooManyColumns : T.broken(error.line, T.reasons[error.problem]));
    throw error;
  }
}

function checked(plan: ImportPlan, file: string, columns: string[], mapping: string[]) {
  return data<ImportResult>(
    { ok: true, step: "check", plan, file, columns, mapping, fields: IMPORT_FIELDS },
    { status: plan.fileErrors.length > 0 ? 400 : 200 },
  );
}

/** The form without JS: every batch in turn, one report. */
async function importAll(table: CsvTable, origin: string): Promise<ImportBatchReport> {
  const all: ImportBatchReport = { fileErrors: [], rows: [], counts: { created: 0, updated: 0, unchanged: 0, failed: 0 }, total: table.rows.length, next: 0 };
  do {
    const batch = await importBatch(table, origin, all.next);
    if (batch.fileErrors.length > 0) return batch;
    all.rows.push(...batch.rows);
    for (const key of Object.keys(all.counts) as ImportOutcome[]) all.counts[key] += batch.counts[key];
    all.next = batch.next;
  } while (all.next < all.total);
  return all;
}

export function meta() {
  return [{ title: `${T.title} — ${ADMIN.title}` }];
}

export default function Import() {
  const answer = useActionData<typeof action>();
  const result = useLastAnswer(answer);
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") !== "import";
  const check = result?.ok && result.step === "check" ? result : null;
  const plan = check?.plan ?? null;
  const file = check?.file ?? "";
  const done = result?.ok && result.step === "import" ? result.report : null;
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
      {/* The check's summary and the import button come before the mapping (a file may have 40 columns): on a phone they are in view at once. */}
      {plan && plan.fileErrors.length === 0 ? (
        <section className="grid min-w-0 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.title}>
          <Notice message={`${T.summary(plan.counts)}. ${T.nothingSaved}`} />
          {plan.counts.error > 0 ? (
            <p className="text-sm font-medium text-red-700">
              <a href="#import-rows" className="underline underline-offset-2">
                {T.errorRows(plan.counts.error)}
              </a>
            </p>
          ) : null}
          {plan.ignoredColumns.length > 0 ? <p className="text-sm break-words text-slate-600">{T.ignored(plan.ignoredColumns)}</p> : null}
          {plan.counts.create + plan.counts.update > 0 ? <RunImport key={file} file={file} mapping={check!.mapping} total={plan.rows.length} /> : null}
        </section>
      ) : null}
      {check ? <Mapping key={`${file}:${check.mapping.join()}`} check={check} /> : null}
      {plan && plan.fileErrors.length === 0 ? (
        <section id="import-rows" className="grid min-w-0 scroll-mt-4 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.rowsTitle}>
          <h2 className="text-lg font-semibold">{T.rowsTitle}</h2>
          <ol className="divide-y divide-slate-100" data-testid="import-rows">
            {plan.rows.map((row) => (
              <RowLine key={row.row} row={row} result={T.actions[row.action]} failed={row.action === "error"} />
            ))}
          </ol>
        </section>
      ) : null}
      {done ? <Report report={done} /> : null}
    </main>
  );
}

function RowLine({
  row,
  result,
  failed,
}: {
  row: { row: number; reference: string | null; title: string; errors: string[] };
  result: string;
  failed: boolean;
}) {
  return (
    <li className="grid gap-1 py-2 sm:grid-cols-[5rem_8rem_1fr_10rem] sm:gap-3">
      <span className="text-sm text-slate-600">
        {T.columns.line} {row.row}
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
      <span className={`text-sm font-medium ${failed ? "text-red-700" : "text-slate-800"}`}>{result}</span>
    </li>
  );
}

/**
 * The import button. Without JS it posts once (everything, one report); with
 * JS it posts one batch at a time and shows how far it got.
 */
function RunImport({ file, mapping, total }: { file: string; mapping: string[]; total: number }) {
  const batch = (start: number) => {
    const body = new FormData();
    body.set("intent", "import");
    body.set("file", file);
    body.set("start", String(start));
    for (const field of mapping) body.append("map", field);
    return body;
  };
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<{ next: number; rows: ImportRowResult[]; error: string | null } | null>(null);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer || !progress) return;
    handled.current = answer;
    if (!answer.ok || answer.step !== "import") {
      setProgress({ ...progress, error: answer.ok ? T.expired : answer.error });
      return;
    }
    const { report } = answer;
    const next = { next: report.next, rows: [...progress.rows, ...report.rows], error: report.fileErrors[0] ?? null };
    setProgress(next);
    if (report.fileErrors.length === 0 && report.next < report.total) {
      void fetcher.submit(batch(report.next), { method: "post" });
    }
  }, [fetcher, file, progress]);

  if (progress && (progress.next >= total || progress.error)) {
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    for (const row of progress.rows) counts[row.outcome]++;
    return (
      <>
        <ErrorBanner message={progress.error ?? undefined} />
        <Report report={{ fileErrors: [], rows: progress.rows, counts, total, next: progress.next }} />
      </>
    );
  }
  const running = progress !== null || (navigation.state === "submitting" && navigation.formData?.get("intent") === "import");
  return (
    <Form
      method="post"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setProgress({ next: 0, rows: [], error: null });
        void fetcher.submit(batch(0), { method: "post" });
      }}
    >
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="file" value={file} />
      {mapping.map((field, i) => (
        <input key={i} type="hidden" name="map" value={field} />
      ))}
      <p className="text-sm text-slate-600">{T.runHint}</p>
      {progress ? (
        <label className="grid gap-1 text-sm text-slate-800">
          {T.progress(progress.next, total)}
          <progress max={total} value={progress.next} className="w-full" />
        </label>
      ) : null}
      <div>
        <SubmitButton busy={running} label={T.run} busyLabel={T.running} className={buttonClass.primary} />
      </div>
    </Form>
  );
}

/** The mapping step: each column of the file, with the field it goes to. */
function Mapping({ check }: { check: Checked }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "remap";
  return (
    <Form method="post" className="grid min-w-0 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.mappingTitle}>
      <h2 className="text-lg font-semibold">{T.mappingTitle}</h2>
      <p className="text-sm text-slate-600">{T.mappingHint}</p>
      <input type="hidden" name="intent" value="remap" />
      <input type="hidden" name="file" value={check.file} />
      <div className="grid gap-3 sm:grid-cols-2" data-testid="import-mapping">
        {check.columns.map((column, i) => (
          <label key={i} className="grid min-w-0 gap-1 text-sm font-medium text-slate-800">
            <span className="break-words">{column || T.unnamedColumn(i + 1)}</span>
            <select name="map" aria-label={column || T.unnamedColumn(i + 1)} defaultValue={check.mapping[i] ?? ""} className={inputClass}>
              <option value="">{T.notImported}</option>
              {check.fields.map((field) => (
                <option key={field} value={field}>
                  {T.fieldLabels[field as keyof typeof T.fieldLabels] ? `${T.fieldLabels[field as keyof typeof T.fieldLabels]} (${field})` : field}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div>
        <SubmitButton busy={busy} label={T.recheck} busyLabel={T.checking} className={buttonClass.secondary} />
      </div>
    </Form>
  );
}

function Report({ report }: { report: ImportBatchReport }) {
  return (
    <section className="grid min-w-0 gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={T.reportTitle}>
      <h2 className="text-lg font-semibold">{T.reportTitle}</h2>
      <Notice message={T.report(report.counts)} />
      <ol className="divide-y divide-slate-100" data-testid="import-report">
        {report.rows.map((row) => (
          <RowLine key={row.row} row={row} result={T.outcomes[row.outcome]} failed={row.outcome === "failed"} />
        ))}
      </ol>
    </section>
  );
}
