import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * React Router answers `/x.data` (a page's data for client navigation) by
 * running the loaders of /x's routes. For a resource route — a loader that
 * returns its own Response: the feeds, sitemaps, RSS, /properties.geojson,
 * robots.txt, the manifests — that ran the loader outside what guards the
 * address itself (the page cache's kept copy, the feed files), and no
 * client ever asks for it: links to them are plain links. So a GET or HEAD
 * `.data` request whose deepest matching route has no component is a 404,
 * before any loader runs. Writes (`.data` POSTs to a resource route's
 * action, which a <Form> to /admin/logout sends) are left alone.
 */

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

const trees = new WeakMap<ServerBuild["routes"], RouteNode[]>();

/** The build's flat route table as the nested tree `matchRoutes` ranks (once per build). */
function treeOf(routes: ServerBuild["routes"]): RouteNode[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
  }
  tree = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(nodes.get(route.id)!);
  }
  trees.set(routes, tree);
  return tree;
}

/** Whether the deepest route matching `pathname` is a resource route (React Router's own test: no component, no error boundary). */
export function isResourceRoute(build: Pick<ServerBuild, "routes">, pathname: string): boolean {
  const leaf = matchRoutes(treeOf(build.routes) as unknown as RouteObject[], pathname)?.at(-1);
  if (!leaf) return false;
  const module = build.routes[(leaf.route as unknown as RouteNode).id]?.module;
  return module !== undefined && module.default == null && module.ErrorBoundary == null;
}

/** The page a data request is for: "/x.data" is /x, "/x/_.data" is /x/ (v8_trailingSlashAwareDataRequests). */
export function dataRequestPath(pathname: string): string | null {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return null;
}

/** The middleware, before the pages: 404 for a GET/HEAD `.data` request of a resource route. */
export function resourceDataRequests(build: () => Promise<Pick<ServerBuild, "routes">>): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = dataRequestPath(req.path);
    if (path === null) return next();
    build()
      .then((loaded) => {
        if (!isResourceRoute(loaded, path)) return next();
        res.status(404).set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }).type("text/plain").send("Not Found\n");
      })
      .catch(next);
  };
}
