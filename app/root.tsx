import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce";
import { dictionary, splitLangPath } from "./i18n";
import "./app.css";

// The two font files every page uses (app/app.css): fetched with the
// stylesheet instead of after it, at a priority that does not hold up the
// first paint (font-display: swap).
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: "/fonts/inter-cyrillic-wght-400-700.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: "/fonts/inter-latin-basic-wght-400-700.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { lang } = splitLangPath(useLocation().pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6bcb" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-sand-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
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
  const button = "inline-flex min-h-11 items-center rounded-lg bg-sea-600 px-5 py-2 font-medium text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600";
  return (
    <>
      <title>{notFound ? t.notFound : t.title}</title>
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-semibold">{notFound ? t.notFound : t.title}</h1>
        <p className="text-slate-600">{notFound ? t.notFoundText : t.text}</p>
        {notFound ? (
          <a className={button} href={lang === "bg" ? "/bg" : "/"}>
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
