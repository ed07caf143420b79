import type { LoaderFunctionArgs } from "react-router";
import { getEnv } from "~/platform/env.server";
import { sitemapResponse } from "~/web/sitemap-xml.server";

/** /sitemap.xml (the index) and /sitemaps/{file} (see app/web/sitemap-xml.server.ts). */
export async function loader({ params }: Pick<LoaderFunctionArgs, "params">): Promise<Response> {
  return sitemapResponse(getEnv().publicUrl, params.file);
}
