import type { AlertFormTexts } from "~/i18n/alert-form";
import { localizePath, type Lang } from "~/i18n/lang";
import { PRIVACY_NOTICE_VERSION as PRIVACY_VERSION } from "~/lib/privacy";
import { PRIMARY_BUTTON } from "./button-styles";

/**
 * «Сообщать о новых объектах» under a listing (issue 22, decision 0029): a
 * plain HTML form posted to /alerts (a full page answers it), so it needs no
 * JavaScript and adds none to the listing. `query` is the listing's
 * normalised query string (app/lib/alerts.ts alertQuery), without the map's
 * area: `inMapArea` says so when the list was narrowed to one.
 */
export function AlertForm({
  lang,
  texts: t,
  query,
  privacyPath,
  inMapArea = false,
  refused,
}: {
  lang: Lang;
  /** The page language's texts, sent by its loader (ALERT_FORM_TEXTS[lang]): the other languages' stay on the server (issue 31). */
  texts: AlertFormTexts;
  query: string;
  privacyPath: string;
  inMapArea?: boolean;
  /** A refused post shown again (POST /alerts's page, issue 30): what was typed and chosen, and the message by its field (null: the whole form). */
  refused?: { email: string; frequency: "instant" | "daily"; consent: boolean; field: "email" | "frequency" | "consent" | null; message: string };
}) {
  const field = `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base ${refused?.field === "email" ? "border-red-600" : "border-slate-300"}`;
  const errorOf = (name: "email" | "frequency" | "consent" | null) =>
    refused && refused.field === name ? (
      <p id={`alert-error-${name ?? "form"}`} role="alert" data-testid="alert-error" className="text-sm font-medium text-red-700">
        {refused.message}
      </p>
    ) : null;
  const invalid = (name: "email" | "frequency" | "consent") =>
    refused?.field === name ? { "aria-invalid": true as const, "aria-describedby": `alert-error-${name}` } : {};
  return (
    <section aria-labelledby="alert-form-title" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200" data-testid="alert-form">
      <h2 id="alert-form-title" className="text-lg font-semibold text-sea-900">
        {t.title}
      </h2>
      <form method="post" action={localizePath(lang, "/alerts")} className="relative mt-3 grid gap-3 sm:max-w-xl">
        <p className="text-sm text-slate-600">{t.intro}</p>
        {/* A subscription matches filters, not a map's view (app/lib/alerts.ts): said where the list was narrowed to one. */}
        {inMapArea ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{t.areaNotKept}</p> : null}
        {errorOf(null)}
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="lang" value={lang} />
        <label className="text-sm font-medium text-slate-800">
          {t.email}
          <input
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={refused?.email}
            className={field}
            {...invalid("email")}
          />
        </label>
        {errorOf("email")}
        <fieldset className="text-sm" aria-describedby={refused?.field === "frequency" ? "alert-error-frequency" : undefined}>
          <legend className="font-medium text-slate-800">{t.frequency}</legend>
          <label className="mr-4 inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="frequency" value="instant" defaultChecked={refused?.frequency !== "daily"} /> {t.instant}
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="frequency" value="daily" defaultChecked={refused?.frequency === "daily"} /> {t.daily}
          </label>
          {errorOf("frequency")}
        </fieldset>
        {/* Honeypot, as on the contact form. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {t.honeypot}
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {/* Consent (issue 22): the privacy notice's version is recorded with the subscription. */}
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="consent"
            value={PRIVACY_VERSION}
            required
            defaultChecked={refused?.consent}
            className="mt-1 h-5 w-5"
            {...invalid("consent")}
          />
          <span>
            {t.consent}{" "}
            <a href={privacyPath} className="underline hover:text-sea-700">
              {t.privacy}
            </a>
          </span>
        </label>
        {errorOf("consent")}
        <button type="submit" className={`${PRIMARY_BUTTON} px-5 sm:justify-self-start`}>
          {t.submit}
        </button>
      </form>
    </section>
  );
}
