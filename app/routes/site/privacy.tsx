import { dictionary, fill } from "~/i18n";
import { formatDate } from "~/i18n/format";
import { PRIVACY_TEXTS } from "~/i18n/privacy";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy";
import { pageMeta } from "~/lib/seo";
import { pageContext } from "~/web/page.server";
import { siteConfig } from "~/web/site.server";
import type { Route } from "./+types/privacy";

/**
 * /privacy and /bg/privacy (issue 22): the privacy notice the contact and
 * shortlist forms link to, its version (app/lib/privacy.ts) and the data
 * controller from the configuration (PRIVACY_CONTROLLER…, SITE_EMAIL, SITE_PHONE).
 */
export function loader({ url }: Route.LoaderArgs) {
  const { lang, origin } = pageContext(url);
  const site = siteConfig();
  return { lang, origin, controller: site.controller, email: site.email, phone: site.phone, version: PRIVACY_NOTICE_VERSION };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const p = PRIVACY_TEXTS[d.lang];
  return pageMeta({ origin: d.origin, lang: d.lang, path: "/privacy", title: `${p.title} — ${dictionary(d.lang).siteName}`, description: p.metaDescription });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { lang, controller, email, phone, version } = loaderData;
  const p = PRIVACY_TEXTS[lang];
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-sea-900">{p.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{fill(p.version, { date: formatDate(version, lang) })}</p>
      <section aria-labelledby="controller-heading" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="controller-heading" className="text-xl font-semibold text-sea-900">
          {p.controllerTitle}
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{p.controller}</dt>
          <dd className="font-medium">{controller.name}</dd>
          {controller.id ? (
            <>
              <dt className="text-slate-600">{p.registration}</dt>
              <dd>{controller.id}</dd>
            </>
          ) : null}
          {controller.address ? (
            <>
              <dt className="text-slate-600">{p.address}</dt>
              <dd>{controller.address}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">{p.contact}</dt>
          <dd>
            <a href={`mailto:${email}`} className="underline">
              {email}
            </a>
            , <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
          </dd>
        </dl>
      </section>
      {p.sections.map((section) => (
        <section key={section.title} className="mt-6">
          <h2 className="text-xl font-semibold text-sea-900">{section.title}</h2>
          <p className="mt-2 text-slate-800">{section.text}</p>
        </section>
      ))}
    </main>
  );
}
