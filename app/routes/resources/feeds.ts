import { getEnv } from "~/platform/env.server";
import { feedResponse } from "~/web/feeds/feed-http.server";
import type { Route } from "./+types/feeds";

/** /feeds/{homesoverseas.xml,kyero.xml,listings.csv}?token=… (app/web/feeds/feed-http.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs): Promise<Response> {
  return feedResponse(request, params.file, getEnv());
}
