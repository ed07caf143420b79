import { useEffect, useRef } from "react";
import { Link, Outlet, redirect, useLoaderData, useLocation } from "react-router";
import { GlobalErrorScreen } from "~/components/global-error";
import { LanguageSwitch } from "~/components/language-switch";
import { DEFAULT_LANG, dictionary, localizePath, splitLangPath } from "~/i18n";
import { contactShouldRevalidate } from "~/web/contact-client-action";
import { cookieLang } from "~/web/language.server";
import { siteConfig } from "~/web/site.server";
import type { Route } from "./+types/layout";

/**
 * Frame of every public page in every language: header (logo, links, the
 * language switch, mobile menu) and footer (anchors, contacts, working hours).
 * A visitor who chose another language (cookie) and opens a Russian URL is
 * sent to its twin in that language.
 */
export function loader({ request, url }: Route.LoaderArgs) {
  const { lang, path } = splitLangPath(url.pathname);
  const chosen = cookieLang(request);
  if (lang === DEFAULT_LANG && chosen !== null && chosen !== DEFAULT_LANG) {
    // A Latin-address language finds the Cyrillic address too and sends it on to its own (addresses.server.ts).
    throw redirect(localizePath(chosen, path) + url.search, { headers: { Vary: "Cookie" } });
  }
  const site = siteConfig();
  return { lang, site: { phone: site.phone, email: site.email, hours: site.hours, messengers: site.messengers } };
}

// The frame stays as it is after a contact form post that got no answer (see contactShouldRevalidate).
export const shouldRevalidate = contactShouldRevalidate;

export function headers() {
  return { Vary: "Cookie" };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

// A footer link is a full 28 px high: a comfortable tap target (WCAG 2.5.8 asks 24 px) in a list of links.
const footerLink = "self-start py-1 hover:text-sea-700";

export default function SiteLayout() {
  const { lang, site } = useLoaderData<typeof loader>();
  const t = dictionary(lang);
  const home = localizePath(lang, "/");
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  // A followed menu link must not leave the menu open over the new page.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname, search]);
  // Esc (focus back on the menu button) and a tap outside close it, as any menu (issue 30).
  useEffect(() => {
    const menu = menuRef.current!;
    const close = (event: Event) => {
      const key = event instanceof KeyboardEvent;
      if (!menu.open || (key ? event.key !== "Escape" : menu.contains(event.target as Node))) return;
      menu.open = false;
      if (key) menu.querySelector("summary")!.focus();
    };
    const listening = new AbortController();
    document.addEventListener("keydown", close, listening);
    document.addEventListener("pointerdown", close, listening);
    return () => listening.abort();
  }, []);
  const link = "rounded px-2 py-1 hover:text-sea-700 focus-visible:outline-2 focus-visible:outline-sea-600";
  const nav = (
    <>
      <Link to={home} className={link}>
        {t.nav.home}
      </Link>
      <Link to={localizePath(lang, "/properties")} className={link}>
        {t.nav.properties}
      </Link>
      <Link to={localizePath(lang, "/favorites")} className={link}>
        {t.nav.favorites}
      </Link>
      <Link to={localizePath(lang, "/compare")} className={link}>
        {t.nav.compare}
      </Link>
    </>
  );
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t.nav.skipToContent}
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link
            to={home}
            className="flex items-center gap-2 whitespace-nowrap text-lg font-bold text-sea-900 focus-visible:outline-2 focus-visible:outline-sea-600"
          >
            {/* Low priority: otherwise React preloads it ahead of the stylesheet and the main image. */}
            <img src="/favicon.svg" alt="" width={28} height={28} fetchPriority="low" />
            {t.siteName}
          </Link>
          <nav aria-label={t.nav.label} className="hidden items-center gap-2 text-sm font-medium sm:flex">
            {nav}
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch lang={lang} label={t.nav.language} />
            {/* <details> works without JavaScript. */}
            <details ref={menuRef} className="group relative sm:hidden">
              <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-300 focus-visible:outline-2 focus-visible:outline-sea-600 [&::-webkit-details-marker]:hidden">
                <span className="sr-only">{t.nav.menu}</span>
                <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
                  <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
                </svg>
              </summary>
              <nav
                aria-label={t.nav.label}
                className="absolute right-0 mt-2 flex w-48 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 text-base shadow-lg"
              >
                {nav}
              </nav>
            </details>
          </div>
        </div>
      </header>
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-slate-700 sm:grid-cols-3">
          <nav aria-label={t.footer.contacts} className="flex flex-col">
            <a href="#top" className={footerLink}>
              {t.footer.top}
            </a>
            <a href={`${home === "/" ? "" : home}/#locations`} className={footerLink}>
              {t.home.locationsTitle}
            </a>
            <a href={`${home === "/" ? "" : home}/#about`} className={footerLink}>
              {t.about.title}
            </a>
            <a href={`${home === "/" ? "" : home}/#contact`} className={footerLink}>
              {t.contact.title}
            </a>
            <Link to={localizePath(lang, "/privacy")} className={footerLink}>
              {t.footer.privacy}
            </Link>
          </nav>
          <div className="flex flex-col">
            <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className={footerLink}>
              {site.phone}
            </a>
            <a href={`mailto:${site.email}`} className={footerLink}>
              {site.email}
            </a>
            {site.messengers.map((m) => (
              <a key={m.name} href={m.href} className={footerLink} rel="noopener">
                {m.name}
              </a>
            ))}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>{t.contact.weekdays}</dt>
            <dd>{site.hours.weekdays || t.contact.byAppointment}</dd>
            <dt>{t.contact.saturday}</dt>
            <dd>{site.hours.saturday || t.contact.byAppointment}</dd>
            <dt>{t.contact.sunday}</dt>
            <dd>{site.hours.sunday || t.contact.byAppointment}</dd>
          </dl>
        </div>
        <p className="pb-6 text-center text-xs text-slate-500">
          © {t.siteName}. {t.footer.rights}
        </p>
      </footer>
      <GlobalErrorScreen t={t.errors} />
    </div>
  );
}
