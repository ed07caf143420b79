import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { Dictionary } from "~/i18n";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy";
import type { FormResult } from "~/web/form-result";
import { SubmitButton } from "./submit-button";

type Field = "name" | "email" | "phone" | "message";

const submitClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-sea-600 px-6 py-2.5 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:opacity-60";

/** SPEC §4: the success banner shows for 5 seconds. */
export const SUCCESS_BANNER_MS = 5000;

/**
 * The public contact form (SPEC §2, §5): posts to the page's own action, so it
 * works without JavaScript; with it, errors show per field and clear as the
 * field is edited, and on success a banner shows for 5 s and the form clears.
 * `hidden` fields go with the post (a shortlist's property_ids, issue 22);
 * `defaultMessage` starts the message box.
 */
export function ContactForm({
  t,
  action,
  subject,
  hidden,
  defaultMessage = "",
}: {
  t: Dictionary;
  action?: string;
  subject?: string;
  hidden?: Record<string, string>;
  defaultMessage?: string;
}) {
  const fetcher = useFetcher<FormResult>({ key: `contact${action ?? ""}` });
  const formRef = useRef<HTMLFormElement>(null);
  // Without JavaScript the form posts as a page: its answer is the page's action data.
  const pageResult = useActionData<FormResult>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(pageResult && !pageResult.ok ? pageResult.fields : {});
  const [banner, setBanner] = useState<{ ok: boolean; message?: string | null } | null>(
    pageResult && (pageResult.ok || Object.keys(pageResult.fields).length === 0) ? pageResult : null,
  );
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      formRef.current?.reset();
      setErrors({});
      setBanner({ ok: true, message: result.message });
      const timer = setTimeout(() => setBanner(null), SUCCESS_BANNER_MS);
      return () => clearTimeout(timer);
    }
    setErrors(result.fields);
    setBanner(Object.keys(result.fields).length === 0 ? { ok: false, message: result.message } : null);
  }, [result, fetcher.state]);

  const clearError = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  const last = result ?? pageResult;
  const failedValues = last && !last.ok ? last.values : undefined;

  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-sea-600 focus:outline-2 focus:outline-sea-600 aria-[invalid=true]:border-red-600";

  const field = (name: Field, label: string, type: string, required: boolean, autoComplete: string) => {
    // What the text field and the message box share: the value kept after a failure and the error's wiring.
    const common = {
      id: `contact-${name}`,
      name,
      required,
      defaultValue: failedValues?.[name] ?? (name === "message" ? defaultMessage : ""),
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
      onChange: () => clearError(name),
      className: input,
    };
    return (
      <div>
        <label htmlFor={`contact-${name}`} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {name === "message" ? (
          <textarea {...common} rows={5} maxLength={5000} />
        ) : (
          <input {...common} type={type} autoComplete={autoComplete} maxLength={name === "email" ? 254 : name === "phone" ? 40 : 100} />
        )}
        {errors[name] ? (
          <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fetcher.Form ref={formRef} method="post" action={action} noValidate className="space-y-4" aria-label={t.contact.formTitle}>
      {subject ? <p className="text-sm text-slate-600">{subject}</p> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div role="status" aria-live="polite">
        {banner?.message ? (
          <p className={`rounded-lg px-4 py-3 text-sm font-medium ${banner.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}>
            {banner.message}
          </p>
        ) : null}
      </div>
      {field("name", t.contact.name, "text", true, "name")}
      {field("email", t.contact.emailField, "email", true, "email")}
      {field("phone", t.contact.phoneField, "tel", false, "tel")}
      {field("message", t.contact.message, "text", true, "off")}
      {/* Honeypot: people never see or fill it; bots that fill every field are ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t.contact.honeypot}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {/* Consent (issue 22): the notice's version shown here is recorded with the request. */}
      <input type="hidden" name="consent" value={PRIVACY_NOTICE_VERSION} />
      <p className="text-sm text-slate-600">
        {t.contact.consent}{" "}
        <a href={t.contact.privacyPath} className="underline hover:text-sea-700">
          {t.contact.privacyLink}
        </a>
        .
      </p>
      <SubmitButton busy={busy} label={t.contact.submit} busyLabel={t.contact.sending} className={submitClass} />
    </fetcher.Form>
  );
}
