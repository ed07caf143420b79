import { data, Link } from "react-router";
import { buttonClass } from "~/components/admin/ui";

/** An unknown /admin address: sign-in first (like every admin page), then a 404 inside the admin frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  return (
    <main className="grid gap-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold">Страница не найдена</h1>
      <Link to="/admin" className={buttonClass.secondary}>
        Вернуться в панель управления
      </Link>
    </main>
  );
}

export default function AdminNotFound() {
  return null;
}
