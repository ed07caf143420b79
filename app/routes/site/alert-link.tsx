import { Link } from "react-router";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { ALERT_PAGE_TEXTS } from "~/i18n/alerts";
import { alertConfirmPage, alertMethodRefused, alertUnsubscribeAction, alertUnsubscribePage, noStoreHeaders } from "~/web/alerts.server";
import { pageContext } from "~/web/page.server";
import type { Route } from "./+types/alert-link";

/**
 * The links of alert e-mails (issue 22, decision 0029), in ru and under /bg:
 * /alerts/confirm/{token} confirms a subscription; /alerts/unsubscribe/{token}
 * asks (GET) and unsubscribes (POST: the page's button, or a mail
 * provider's RFC 8058 one-click POST). Unknown or malformed tokens: 404,
 * an expired confirmation: 410 — a page in the language, never a 5xx; any
 * other method: 405 with Allow.
 */
function isConfirm(url: URL): boolean {
  return /\/alerts\/confirm\//.test(url.pathname);
}

export async function loader({ url, params }: Route.LoaderArgs) {
  const { lang } = pageContext(url);
  return isConfirm(url) ? alertConfirmPage(params.token, lang) : alertUnsubscribePage(params.token, lang);
}

export async function action({ url, params, request }: Route.ActionArgs) {
  const { lang } = pageContext(url);
  // Issue 30: only a POST unsubscribes (the page's button, RFC 8058); a confirmation link is only followed (GET).
  const allow = isConfirm(url) ? "GET, HEAD" : "GET, HEAD, POST";
  if (isConfirm(url) || request.method !== "POST") return alertMethodRefused(lang, allow);
  return alertUnsubscribeAction(params.token, lang);
}

/** These pages hold a live link token: no cache keeps them (and a refused method says what is allowed). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return noStoreHeaders(actionHeaders);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const T = ALERT_PAGE_TEXTS[loaderData?.lang ?? "ru"];
  return [{ title: T.title }, { name: "robots", content: "noindex" }];
}

export default function AlertLink({ loaderData, actionData }: Route.ComponentProps) {
  const { lang } = loaderData;
  const T = ALERT_PAGE_TEXTS[lang];
  const page = actionData ?? loaderData;
  const [title, text] =
    page.state === "confirmed"
      ? [T.confirmedTitle, T.confirmed]
      : page.state === "already"
        ? [T.confirmedTitle, T.alreadyConfirmed]
        : page.state === "expired"
          ? [T.expiredTitle, T.expired]
          : page.state === "ask"
            ? [T.unsubscribeTitle, T.unsubscribeQuestion]
            : page.state === "unsubscribed"
              ? [T.unsubscribedTitle, T.unsubscribed]
              : page.state === "method"
                ? [T.title, T.methodNotAllowed]
                : [T.unknownTitle, T.unknown];
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-state={page.state}>
      <h1 className="text-2xl font-semibold text-sea-900">{title}</h1>
      <p className="text-slate-700">{text}</p>
      {page.state === "ask" ? (
        // A plain form: it works without JavaScript, and the POST is what unsubscribes.
        <form method="post">
          <button type="submit" className={`inline-flex items-center px-5 py-2 ${PRIMARY_BUTTON}`}>
            {T.unsubscribeButton}
          </button>
        </form>
      ) : null}
      <Link to={page.back} className="underline hover:text-sea-700">
        {T.toListing}
      </Link>
    </main>
  );
}
