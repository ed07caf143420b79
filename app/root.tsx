import { Children, cloneElement, isValidElement, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce";
import { dictionary, localizePath, splitLangPath } from "./i18n";
import "./app.css";
import startAfterFirstPaintSource from "./start-after-first-paint.js?raw";
import cyrillicFont from "./fonts/inter-cyrillic-wght-400-700.woff2?url";
import latinBasicFont from "./fonts/inter-latin-basic-wght-400-700.woff2?url";

// The two font files every page uses (app/app.css): fetched with the
// stylesheet instead of after it, so that they are there for the first paint
// (font-display: optional). Hashed file names, like the stylesheet's: cached
// for good, so a returning visitor never waits on revalidating them.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: cyrillicFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: latinBasicFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const { lang } = splitLangPath(pathname);
  // The admin area is an application used on a known connection: it starts at once.
  const admin = /^\/admin(\/|$)/.test(pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6bcb" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The language's RSS channel (issue 23): one short tag on public pages. */}
        {admin ? null : <link rel="alternate" type="application/rss+xml" href={localizePath(lang, "/rss.xml")} title={dictionary(lang).siteName} />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-sand-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        {admin ? <Scripts nonce={nonce} /> : <DeferredScripts nonce={nonce} />}
      </body>
    </html>
  );
}

/**
 * React Router's <Scripts>, started after the first paint.
 *
 * Pages are complete without JavaScript (server-rendered, forms work), so
 * the ~105 KB of modules for hydration should not share a slow connection
 * with the stylesheet, the fonts and the first image. <Scripts> renders one
 * `<link rel="modulepreload">` per module (React hoists them into <head>,
 * ahead of the stylesheet) and an inline module script that imports the
 * route modules and the client entry. Here the preloads are left out of the
 * HTML and the module script is put, as it is, into a <template> (inert: not
 * run, nothing fetched). A small inline script adds the preloads and a copy
 * of the module script once the page has loaded and its first paint has
 * been shown (app/start-after-first-paint.js), having first evaluated the listed
 * modules one per task (decision 0012). The copy is allowed by the same CSP as
 * the original: the starter's nonce on a page rendered per request, and on a
 * cached page (no nonce) the hash of its text, which the cache computes from
 * every inline module script in the HTML, the one in the template included
 * (app/page-cache/frozen-page.server.ts). The module script, the preloads and the
 * hydration data are React Router's own, unchanged; if <Scripts> renders no
 * module script, its output is used as it is.
 * tests/e2e/public/first-paint.spec.ts checks the whole way.
 */
function DeferredScripts(props: { nonce?: string }) {
  const rendered = Scripts(props);
  const preloads: string[] = [];
  let moduleSource: string | undefined;
  const collect = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) return Children.map(node, collect);
    if (!isValidElement<{ rel?: string; href?: string; type?: string; children?: ReactNode; dangerouslySetInnerHTML?: { __html?: unknown } }>(node)) {
      return node;
    }
    if (node.type === "link" && node.props.rel === "modulepreload" && node.props.href) {
      preloads.push(node.props.href);
      return null;
    }
    const source = node.props.dangerouslySetInnerHTML?.__html;
    if (node.type === "script" && node.props.type === "module" && typeof source === "string" && moduleSource === undefined) {
      moduleSource = source;
      return null;
    }
    if (node.props.children === undefined) return node;
    return cloneElement(node, undefined, collect(node.props.children));
  };
  const deferred = collect(rendered);
  if (moduleSource === undefined || /<\/script/i.test(moduleSource)) return rendered;
  // In development the route modules, when evaluated, look for React
  // Refresh's preamble, which the module script itself installs: so nothing
  // is evaluated ahead of it there (no entry given), only preloaded.
  const entry = import.meta.env.DEV ? null : (/import\("([^"]+)"\)/.exec(moduleSource)?.[1] ?? null);
  return (
    <>
      {deferred}
      <template id={DEFERRED_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `<script type="module">${moduleSource}</script>` }} />
      <script nonce={props.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: starterScript(preloads, entry) }} />
    </>
  );
}

const DEFERRED_ID = "rr-deferred-module";
/** Start anyway this long after the HTML was parsed (a hidden tab paints nothing; a slow image delays "load"). */
const START_AT_THE_LATEST_MS = 3000;

// The browser code as written, not as compiled: the same text in development and production. Only the
// server writes it into the HTML; the browser has run it by the time it hydrates (suppressHydrationWarning above),
// so the client build leaves the text out (issue 32: ~1.5 KB brotli on every page).
const START_AFTER_FIRST_PAINT = import.meta.env.SSR
  ? startAfterFirstPaintSource.slice(startAfterFirstPaintSource.indexOf("function startAfterFirstPaint(")).trim()
  : "";

function starterScript(preloads: string[], entry: string | null): string {
  return `(${START_AFTER_FIRST_PAINT})(${JSON.stringify(DEFERRED_ID)},${JSON.stringify(preloads)},${JSON.stringify(entry)},${START_AT_THE_LATEST_MS})`;
}

export default function App() {
  return <Outlet />;
}

/**
 * SPEC §2 global error screen ('Что-то пошло не так' / 'Произошла ошибка при
 * загрузке приложения.' with a reload button); a missing page gets its own text.
 * Unhandled window errors reach it through the site layout's listener.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { lang } = splitLangPath(useLocation().pathname);
  const t = dictionary(lang).errors;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const button =
    "inline-flex min-h-11 items-center rounded-lg bg-sea-600 px-5 py-2 font-medium text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600";
  return (
    <>
      <title>{notFound ? t.notFound : t.title}</title>
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-semibold">{notFound ? t.notFound : t.title}</h1>
        <p className="text-slate-600">{notFound ? t.notFoundText : t.text}</p>
        {notFound ? (
          <a className={button} href={localizePath(lang, "/")}>
            {t.home}
          </a>
        ) : (
          <a className={button} href="">
            {t.reload}
          </a>
        )}
      </main>
    </>
  );
}
