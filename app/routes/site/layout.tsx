import { Outlet } from "react-router";

/** Public site frame: header and footer around every visitor page. */
export default function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3" aria-label="Основная навигация">
          <a href="/" className="text-lg font-bold text-sea-900">
            Море и Дом
          </a>
          <div className="flex gap-4 text-sm font-medium">
            <a href="/" className="hover:text-sea-700">
              Главная
            </a>
            <a href="/properties" className="hover:text-sea-700">
              Объекты
            </a>
          </div>
        </nav>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} Море и Дом
      </footer>
    </div>
  );
}
