import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
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

/** SPEC §2 global error screen; a missing page gets its own 404 text. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
    <title>{notFound ? "Страница не найдена" : "Что-то пошло не так"}</title>
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? "Страница не найдена" : "Что-то пошло не так"}</h1>
      <p className="text-slate-600">
        {notFound ? "Такой страницы нет на сайте." : "Произошла ошибка при загрузке приложения."}
      </p>
      {notFound ? (
        <a className="rounded-lg bg-sea-600 px-4 py-2 font-medium text-white hover:bg-sea-700" href="/">
          На главную
        </a>
      ) : (
        <a className="rounded-lg bg-sea-600 px-4 py-2 font-medium text-white hover:bg-sea-700" href="">
          Перезагрузить страницу
        </a>
      )}
    </main>
    </>
  );
}
