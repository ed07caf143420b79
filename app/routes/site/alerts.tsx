import { Link } from "react-router";
import { ALERT_FORM_TEXTS } from "~/i18n/alert-form";
import { AlertForm } from "~/components/alert-form";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { localizePath } from "~/i18n";
import { requestInfo } from "~/context";
import { ALERT_PAGE_TEXTS } from "~/i18n/alerts";
import { alertMethodRefused, handleAlertSubscribe, noStoreHeaders } from "~/web/alerts.server";
import { pageContext } from "~/web/page.server";
import type { Route } from "./+types/alerts";

/**
 * POST /alerts and /bg/alerts (issue 22, decision 0029): the listing's
 * «Сообщать о новых объектах» form lands here and is answered with this page
 * in the page's language — the same text whether or not the address was
 * already subscribed. A GET shows the page's title and a way back.
 */
export function loader({ url }: Route.LoaderArgs) {
  const { lang } = pageContext(url);
  return { lang, alertTexts: ALERT_FORM_TEXTS[lang] };
}

export async function action({ url, request, context }: Route.ActionArgs) {
  const { lang } = pageContext(url);
  if (request.method !== "POST") return alertMethodRefused(lang, "GET, HEAD, POST");
  return handleAlertSubscribe(request, lang, context.get(requestInfo).ip);
}

/** The answer repeats what was typed: no cache keeps it. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return noStoreHeaders(actionHeaders);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: ALERT_PAGE_TEXTS[loaderData?.lang ?? "ru"].title }, { name: "robots", content: "noindex" }];
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const T = ALERT_PAGE_TEXTS[loaderData.lang];
  const back = actionData?.back ?? localizePath(loaderData.lang, "/properties");
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold text-sea-900">{T.title}</h1>
      {actionData?.form ? (
        // A refused field: the form again as it was filled in, the message by the field (works without JavaScript).
        <div className="w-full text-left">
          <AlertForm
            lang={loaderData.lang}
            texts={loaderData.alertTexts}
            query={actionData.form.query}
            privacyPath={localizePath(loaderData.lang, "/privacy")}
            refused={{ ...actionData.form, message: actionData.message }}
          />
        </div>
      ) : actionData ? (
        <p
          role="status"
          data-testid="alert-answer"
          className={`rounded-lg px-4 py-3 font-medium ${actionData.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <Link to={back} className={`inline-flex items-center px-5 py-2 ${PRIMARY_BUTTON}`}>
        {T.back}
      </Link>
    </main>
  );
}
