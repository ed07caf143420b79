import { Form, NavLink, Outlet, useLoaderData, useNavigation } from "react-router";
import { useFileCacheBackup } from "~/components/admin/file-cache-store";
import { useLiveUpdates } from "~/components/admin/live-updates";
import { ADMIN } from "~/i18n/admin";
import { countContactSubmissions } from "~/models/contact-submissions.server";
import { adminPagesGuard, signedInAdmin } from "~/web/identity.server";
import type { Route } from "./+types/layout";

/**
 * Frame of every signed-in admin page (SPEC §2): the guard (anyone without a
 * live session goes to /admin/login and comes back after signing in), the
 * sidebar with the live unread badge, and sign-out. The guard is middleware:
 * it runs before every loader and action below this layout (decision 0021).
 */
export const middleware: Route.MiddlewareFunction[] = [adminPagesGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = context.get(signedInAdmin);
  const { unread } = await countContactSubmissions();
  return { email: admin.email, unread };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta() {
  return [{ title: ADMIN.title }, { name: "robots", content: "noindex, nofollow" }];
}

const NAV = [
  { to: "/admin", label: ADMIN.nav.dashboard, end: true },
  { to: "/admin/locations", label: ADMIN.nav.locations, end: false },
  { to: "/admin/real-estates", label: ADMIN.nav.properties, end: false },
  { to: "/admin/complexes", label: ADMIN.complexes.nav, end: false },
  { to: "/admin/contact-submissions", label: ADMIN.nav.submissions, end: false },
  { to: "/admin/alerts", label: ADMIN.nav.alerts, end: false },
] as const;

/** The look of the tab bar's last two entries, «Открыть сайт» and «Выйти». */
const navAction =
  "flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-center text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sea-600 md:justify-start md:px-3 md:text-left";

export default function AdminLayout() {
  const { email, unread } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  useLiveUpdates();
  useFileCacheBackup();
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900 md:grid md:grid-cols-[15rem_1fr]">
      <aside className="border-b border-slate-200 bg-white md:min-h-screen md:border-b-0 md:border-r">
        <div className="flex items-center justify-between gap-2 px-4 py-4 md:block">
          <p className="font-semibold text-sea-900">{ADMIN.title}</p>
          <p className="hidden text-xs wrap-anywhere text-slate-500 md:mt-1 md:block">
            {ADMIN.nav.signedInAs} {email}
          </p>
        </div>
        {/* On a phone the eight entries wrap into a grid (three a row): none hides behind a sideways scroll. */}
        <nav aria-label={ADMIN.nav.label} className="grid grid-cols-3 gap-1 px-2 pb-2 md:flex md:flex-col md:pb-4">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex min-h-11 items-center justify-center gap-1 rounded-lg px-2 py-2 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-sea-600 md:justify-between md:gap-2 md:px-3 md:text-left ${
                  isActive ? "bg-sea-600 text-white" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              {item.label}
              {item.to === "/admin/contact-submissions" && unread > 0 ? (
                <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" aria-label={ADMIN.nav.unread(unread)}>
                  {unread}
                </span>
              ) : null}
            </NavLink>
          ))}
          <a href="/" className={navAction}>
            {ADMIN.nav.site}
          </a>
          <Form method="post" action="/admin/logout" className="flex">
            <button type="submit" className={`${navAction} w-full font-medium`}>
              {ADMIN.nav.logout}
            </button>
          </Form>
        </nav>
      </aside>
      <div className="min-w-0">
        {navigation.state === "loading" ? (
          <p role="status" className="fixed right-4 top-4 z-50 rounded-lg bg-slate-900 px-3 py-1.5 text-sm text-white shadow">
            {ADMIN.loading}
          </p>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}
