import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass, ErrorBanner, Field, inputClass, Notice, PageHeader } from "~/components/admin/ui";
import { useActionResult } from "~/components/admin/use-action-result";
import { SubmitButton } from "~/components/submit-button";
import { ADMIN } from "~/i18n/admin";
import { ModelError } from "~/models/errors.server";
import { countPersonalData, erasePersonalData, normalizeErasureEmail, type PersonalDataCounts } from "~/models/personal-data.server";
import { log } from "~/platform/log.server";
import { refused, type FormFailure } from "~/web/form-result";
import type { Route } from "./+types/personal-data";

/**
 * /admin/personal-data — «Удалить данные по e-mail» (issue 22, GDPR erasure).
 * Two posts, both plain forms (they work without JavaScript): «Найти данные»
 * counts what holds the address and asks to confirm, naming the counts;
 * «Удалить навсегда» erases it all in one transaction
 * (app/models/personal-data.server.ts). The address never goes to the log.
 * An open inbox drops the erased requests by itself (the change feed).
 */
type Answer =
  | { ok: true; step: "confirm"; email: string; counts: PersonalDataCounts }
  | { ok: true; step: "done"; counts: PersonalDataCounts }
  | (FormFailure & { step?: undefined });

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const input = form.get("email");
  try {
    if (intent === "count") {
      const email = normalizeErasureEmail(input);
      return data<Answer>({ ok: true, step: "confirm", email, counts: await countPersonalData(email) });
    }
    if (intent === "erase") {
      const counts = await erasePersonalData(input);
      log.fields("info", { erased: counts }, "Personal data erased by e-mail (administrator's request)");
      return data<Answer>({ ok: true, step: "done", counts });
    }
    return data<Answer>(refused(ADMIN.genericError), { status: 400 });
  } catch (error) {
    if (error instanceof ModelError && error.kind === "validation") {
      return data<Answer>({ ...refused(null, error.fields), values: { email: typeof input === "string" ? input.slice(0, 300) : "" } }, { status: 400 });
    }
    log.error("Personal data erasure failed:", error instanceof Error ? error.message : "unknown error");
    return data<Answer>(refused(ADMIN.genericError), { status: 500 });
  }
}

export function meta() {
  return [{ title: `${ADMIN.personalData.title} — ${ADMIN.title}` }];
}

const totalOf = (counts: PersonalDataCounts) => Object.values<number>(counts).reduce((sum, n) => sum + n, 0);

const eraseButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/** «3 заявки, 1 подписка…» — the kinds that have rows for this address (the intro names everything that is looked at). */
function summary(counts: PersonalDataCounts): string {
  const P = ADMIN.personalData;
  return (Object.keys(P.kinds) as (keyof PersonalDataCounts)[])
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => P.kinds[kind](counts[kind]))
    .join(", ");
}

export default function PersonalData() {
  const answer = useActionResult<typeof action>();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const P = ADMIN.personalData;
  const failure = answer && !answer.ok ? answer : null;
  const confirm = answer?.ok && answer.step === "confirm" ? answer : null;
  const done = answer?.ok && answer.step === "done" ? answer : null;
  return (
    <main className="grid max-w-2xl gap-6 p-4 md:p-8">
      <PageHeader title={P.title}>
        <Link to="/admin/contact-submissions" className={buttonClass.secondary}>
          {ADMIN.submissions.title}
        </Link>
      </PageHeader>
      <p className="text-sm text-slate-700">{P.intro}</p>
      <ErrorBanner message={failure?.message} />
      {done ? <Notice message={totalOf(done.counts) > 0 ? P.erased(summary(done.counts)) : P.erasedNothing} /> : null}
      {confirm ? (
        <section aria-labelledby="erase-confirm" className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
          <p id="erase-confirm" role="status" className="font-medium wrap-anywhere">
            {totalOf(confirm.counts) > 0 ? P.willErase(confirm.email, summary(confirm.counts)) : P.nothing(confirm.email)}
          </p>
          <div className="flex flex-wrap gap-2">
            {totalOf(confirm.counts) > 0 ? (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={confirm.email} />
                <SubmitButton busy={busyIntent === "erase"} label={P.erase} busyLabel={P.erasing} className={eraseButton} />
              </Form>
            ) : null}
            <Link to="/admin/personal-data" replace className={buttonClass.secondary}>
              {P.cancel}
            </Link>
          </div>
        </section>
      ) : (
        <Form method="post" replace noValidate className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
          <input type="hidden" name="intent" value="count" />
          <Field label={P.email} name="email" error={failure?.fields.email}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="off"
                maxLength={300}
                required
                defaultValue={failure?.values?.email ?? ""}
                key={failure?.values?.email ?? ""}
                className={inputClass}
              />
            )}
          </Field>
          <div>
            <SubmitButton busy={busyIntent === "count"} label={P.find} busyLabel={P.finding} className={buttonClass.primary} />
          </div>
        </Form>
      )}
    </main>
  );
}
