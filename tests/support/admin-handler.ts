import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfo } from "~/context";
import { createAdmin } from "~/models/admins.server";
import { createSession } from "~/models/sessions.server";
import { SESSION_COOKIE } from "~/web/identity.server";
import routeConfig from "~/routes";

/**
 * The admin area served by React Router's own request handler over its real
 * route modules (middleware included), for database tests of who reaches an
 * admin loader or action and what it does. The page itself is a stand-in.
 */
export const PLACEHOLDER = "6f1c1c1e-0000-4000-8000-000000000000";
const PUBLIC_ADMIN_PATHS = new Set(["admin/login", "admin/logout"]);

export type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
export type AdminRoute = { id: string; parentId: string; file: string; path?: string; index?: boolean; url: string };

/** The admin routes of app/routes.ts with their parents and a URL that reaches each. */
function adminRoutes(entries: Entry[], parentId = "root", base = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const full = entry.index ? base : [base, entry.path ?? ""].filter(Boolean).join("/");
    if (full !== "admin" && !full.startsWith("admin/")) return [];
    if (PUBLIC_ADMIN_PATHS.has(full)) return [];
    const id = entry.id ?? entry.file;
    const url = "/" + full.replace(/:id\b/, PLACEHOLDER).replace(/\*$/, "no-such-page");
    return [{ id, parentId, file: entry.file, path: entry.path, index: entry.index, url }, ...adminRoutes(entry.children ?? [], id, full)];
  });
}

export const routes = adminRoutes(routeConfig as Entry[]);

/**
 * React Router's server request handler over the admin routes (their real modules, middleware included).
 * `modules`: `import.meta.glob(["./*.ts", "./*.tsx", "!./*.test.ts"])` of app/routes/admin (Vite resolves it in the test file).
 */
export async function adminHandler(modules: Record<string, () => Promise<unknown>>) {
  const manifest: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const route of routes) {
    const load = modules[route.file.replace(/^routes\/admin\//, "./")];
    if (!load) throw new Error(`${route.file}: an admin route outside app/routes/admin`);
    const module = (await load()) as Record<string, unknown>;
    manifest[route.id] = { id: route.id, parentId: route.parentId, path: route.path, index: route.index, module };
  }
  // A stand-in document: the page itself is not under test, only who gets to its loaders and actions.
  const build = {
    // The status the loaders and actions set is kept (a refused form post answers 400).
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => {
          headers.set("Content-Type", "text/html");
          return new Response("rendered", { status, headers });
        },
      },
    },
    routes: manifest,
    assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return (path: string, init: RequestInit = {}) => {
    const context = new RouterContextProvider();
    context.set(requestInfo, { nonce: "", ip: "127.0.0.1" });
    return handle(new Request(`http://127.0.0.1${path}`, init), context);
  };
}

/**
 * A signed-in administrator's form posts through the admin routes: a new
 * account (`email`) with a live session, and `post(page, fields)` sending the
 * fields as the browser's form would (repeated names for lists).
 */
export async function adminFormPoster(modules: Record<string, () => Promise<unknown>>, email: string) {
  const admin = await createAdmin(email, "admin test password 123");
  const { token } = await createSession(admin.id, 1);
  const request = await adminHandler(modules);
  return (page: string, fields: Record<string, string | string[]>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return request(page, { method: "POST", headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: "http://127.0.0.1" }, body });
  };
}
