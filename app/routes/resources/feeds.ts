import { getEnv } from "~/platform/env.server";
import { pageIdentity } from "~/web/identity.server";
import { CSV_EXPORT, feedResponse } from "~/web/feeds/feed-http.server";
import type { Route } from "./+types/feeds";

/**
 * /feeds/{homesoverseas.xml,kyero.xml}?token=… for the portals, and
 * /feeds/listings.csv for a signed-in administrator (app/web/feeds/feed-http.server.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<Response> {
  // Only the export looks the session up: a portal's request costs no session read.
  const administrator = params.file === CSV_EXPORT && (await pageIdentity(request, context)).kind === "admin";
  return feedResponse(request, params.file, getEnv(), { administrator });
}
